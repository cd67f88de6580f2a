import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createNotifier, desktopNotificationBytes } from "../../src/control/notifier.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("desktop notifications", () => {
  const note = { title: "zc-pane · demo;x", body: "the turn\u001b]0;evil\u0007 ended" };

  it("OSC 9 and OSC 777, with control sequences stripped and ; taken out of the fields", () => {
    expect(desktopNotificationBytes("osc9", note, false)).toBe("\u001b]9;zc-pane · demo,x: the turn ended\u0007");
    expect(desktopNotificationBytes("osc777", note, false)).toBe(
      "\u001b]777;notify;zc-pane · demo,x;the turn ended\u0007",
    );
  });

  it("inside tmux, wrapped in the passthrough with every ESC doubled", () => {
    expect(desktopNotificationBytes("osc777", { title: "t", body: "b" }, true)).toBe(
      "\u001bPtmux;\u001b\u001b]777;notify;t;b\u0007\u001b\\",
    );
  });

  it("the bell always; the command gets title and body as two arguments, never through a shell", async () => {
    const dir = mkdtempSync(join(tmpdir(), "zc-pane-notify-"));
    dirs.push(dir);
    const out = join(dir, "argv.json");
    const written: string[] = [];
    const notify = createNotifier({
      settings: {
        method: "command",
        command: [
          process.execPath,
          "-e",
          "require('fs').writeFileSync(process.argv[1], JSON.stringify(process.argv.slice(2)))",
          out,
        ],
      },
      write: (bytes) => written.push(bytes),
      inTmux: true,
      agentName: () => "demo $(touch pwned)",
    });
    notify("needs-permission");
    expect(written).toEqual(["\u0007"]);
    for (let tries = 0; !existsSync(out) && tries < 400; tries++)
      await new Promise((resolve) => setTimeout(resolve, 25));
    expect(JSON.parse(readFileSync(out, "utf8"))).toEqual([
      "zc-pane · demo $(touch pwned)",
      "a request waits for your answer",
    ]);
  });
});
