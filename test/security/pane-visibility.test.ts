import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { HostileFixture } from "../helpers/hostile/fixture.js";
import { startHostileGateway } from "../helpers/hostile/hostile-gateway.js";
import { HostilePane } from "../helpers/hostile/pane.js";

/**
 * The pane in real tmux against a hostile agent and a hostile gateway: every command the agent runs is a
 * row (command line, cwd, output, exit) even when no tool call embeds it; what a gateway may not do is
 * refused with a notice. Assertions on the screen and on the raw bytes the pane wrote (pipe-pane).
 * `npm run build` first when running this file alone.
 */
let fixture: HostileFixture | undefined;
let pane: HostilePane | undefined;
let closeGateway: (() => Promise<void>) | undefined;
afterEach(async () => {
  pane?.kill();
  await closeGateway?.();
  fixture?.remove();
  pane = undefined;
  fixture = undefined;
  closeGateway = undefined;
});

describe("agent commands in the pane", () => {
  it("a terminal no tool call embeds gets its own row: command line, cwd, output tail and exit status", async () => {
    const f = (fixture = new HostileFixture());
    f.writeScript({
      prompt: [
        {
          do: "request",
          method: "terminal/create",
          params: { sessionId: "$SESSION", command: "sh", args: ["-c", "echo out-4711; exit 3"] },
        },
        { do: "request", method: "terminal/wait_for_exit", params: { sessionId: "$SESSION", terminalId: "$TERMINAL" } },
        { do: "text", text: "all done\n" },
      ],
    });
    const p = (pane = new HostilePane(f));
    await p.start(["--agent-cmd", f.agentCommand]);
    await p.submit("go");
    const screen = await p.waitFor(/exit 3/);
    expect(screen).toMatch(/agent command in .*sh -c echo out-4711; exit 3/);
    expect(screen).toContain("out-4711");
    await p.waitFor("all done");
    expect(p.bytes()).toContain("out-4711");
  });

  it("a gateway's terminal/create is refused with a notice in the pane, and nothing runs", async () => {
    const f = (fixture = new HostileFixture());
    f.writeScript({
      prompt: [
        {
          do: "request",
          method: "terminal/create",
          params: { sessionId: "$SESSION", command: "sh", args: ["-c", `touch ${join(f.root, "ran")}`] },
        },
        { do: "text", text: "tried\n" },
      ],
    });
    const gateway = await startHostileGateway({ script: f.script, log: f.log });
    closeGateway = gateway.close;
    const p = (pane = new HostilePane(f));
    await p.start(["--gateway", gateway.url]);
    await p.submit("go");
    await p.waitFor("tried");
    await p.waitFor(/refused: the agent tried to run/);
    expect(p.bytes().replace(/\s+/g, " ")).toMatch(/refused: the agent tried to run/);
    expect(existsSync(join(f.root, "ran"))).toBe(false);
  });
});
