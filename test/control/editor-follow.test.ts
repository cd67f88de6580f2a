import { describe, expect, it } from "vitest";
import { openLocation, vimEditCommand } from "../../src/control/editor-follow.js";

describe("opening a location in the editor", () => {
  it("gives vim the path as a string literal it escapes itself", () => {
    expect(vimEditCommand("/p/a'b |c.ts", 3)).toBe(`execute 'edit +3 ' . fnameescape('/p/a''b |c.ts')`);
    expect(vimEditCommand("/p/x.ts", undefined)).toBe(`execute 'edit ' . fnameescape('/p/x.ts')`);
  });

  it("refuses a path outside the session's directories without asking tmux anything", async () => {
    const calls: string[][] = [];
    const context = {
      paneId: "%1",
      tmux: async (args: readonly string[]) => {
        calls.push([...args]);
        return "";
      },
      roots: ["/usr/share"],
      env: {},
    };
    await expect(openLocation({ path: "/etc/passwd", line: 1 }, context)).rejects.toThrow(
      /^not opened: \/etc\/passwd is outside the session's directories/,
    );
    await expect(openLocation({ path: "../../etc/passwd" }, context)).rejects.toThrow(/outside/);
    expect(calls).toEqual([]);
  });
});
