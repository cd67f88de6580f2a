import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { eventually, isRunning } from "../client/capabilities/scripted-agent.js";
import { HostileFixture, type HostileAction } from "../helpers/hostile/fixture.js";
import { HostilePane } from "../helpers/hostile/pane.js";

/**
 * An agent command that leaves a grandchild in a session of its own (`setsid`): out of the command's process
 * group, so killing the group misses it. Whether the agent kills or releases the terminal, or the user quits
 * `prompt` or the pane (or tmux closes it), the grandchild is gone. Against the hostile stdio agent, `prompt`
 * and the pane in real tmux. `npm run build` first when running this file alone.
 */
let fixture: HostileFixture | undefined;
let pane: HostilePane | undefined;
const leftovers: number[] = [];
afterEach(() => {
  pane?.kill();
  for (const pid of leftovers.splice(0)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // Gone, as it should be.
    }
  }
  fixture?.remove();
  pane = undefined;
  fixture = undefined;
});

/** The fixture, and the actions that start the command and wait until the grandchild wrote its pid. */
function setsidWorld(): { f: HostileFixture; pidFile: string; start: HostileAction[] } {
  const f = (fixture = new HostileFixture());
  const pidFile = join(f.root, "grandchild.pid");
  const script = `setsid sh -c 'echo $$ > ${pidFile}; exec sleep 1000' & wait`;
  const start: HostileAction[] = [
    {
      do: "request",
      method: "terminal/create",
      params: { sessionId: "$SESSION", command: "sh", args: ["-c", script] },
    },
    { do: "wait_file", path: pidFile },
  ];
  return { f, pidFile, start };
}

/** The grandchild's pid, once written; remembered so a failing test leaves nothing running. */
function grandchild(pidFile: string): number {
  const pid = Number(readFileSync(pidFile, "utf8").trim());
  leftovers.push(pid);
  return pid;
}

/** Whether the client answered the kill or release (the only requests here whose result is empty). */
function answeredEmpty(f: HostileFixture): boolean {
  return f.answers().some((answer) => JSON.stringify(answer.result) === "{}");
}

describe("an agent command's setsid grandchild", () => {
  for (const method of ["terminal/kill", "terminal/release"]) {
    it(`dies at ${method}, while prompt still runs`, async () => {
      const { f, pidFile, start } = setsidWorld();
      const go = join(f.root, "go");
      f.writeScript({
        prompt: [
          ...start,
          { do: "request", method, params: { sessionId: "$SESSION", terminalId: "$TERMINAL" } },
          { do: "wait_file", path: go },
          { do: "text", text: "finished\n" },
        ],
      });
      const run = f.prompt(["--agent-cmd", f.agentCommand, "--approve", "allow-once", "go"]);
      expect(await eventually(() => answeredEmpty(f), 30_000)).toBe(true);
      const pid = grandchild(pidFile);
      expect(await eventually(() => !isRunning(pid))).toBe(true);
      writeFileSync(go, "\n");
      const result = await run;
      expect(result.stdout).toContain("finished");
      expect(result.exitCode).toBe(0);
    });
  }

  it("dies when prompt ends with the terminal never released", async () => {
    const { f, pidFile, start } = setsidWorld();
    f.writeScript({ prompt: [...start, { do: "text", text: "left it running\n" }] });
    const result = await f.prompt(["--agent-cmd", f.agentCommand, "--approve", "allow-once", "go"]);
    expect(result.stdout).toContain("left it running");
    const pid = grandchild(pidFile);
    expect(await eventually(() => !isRunning(pid))).toBe(true);
  });
});

describe("in the pane (real tmux)", () => {
  it("dies when the user quits with the terminal never released", async () => {
    const { f, pidFile, start } = setsidWorld();
    f.writeScript({ prompt: [...start, { do: "text", text: "left it running\n" }] });
    const p = (pane = new HostilePane(f));
    await p.start(["--agent-cmd", f.agentCommand]);
    await p.submit("go");
    await p.waitFor("left it running");
    const pid = grandchild(pidFile);
    expect(isRunning(pid)).toBe(true);
    await p.submit("/quit");
    await p.waitFor("[exited 0]");
    expect(await eventually(() => !isRunning(pid))).toBe(true);
  });

  it("dies when tmux closes the pane (SIGHUP)", async () => {
    const { f, pidFile, start } = setsidWorld();
    f.writeScript({ prompt: [...start, { do: "text", text: "left it running\n" }] });
    const p = (pane = new HostilePane(f));
    await p.start(["--agent-cmd", f.agentCommand]);
    await p.submit("go");
    await p.waitFor("left it running");
    const pid = grandchild(pidFile);
    expect(isRunning(pid)).toBe(true);
    p.kill();
    pane = undefined;
    expect(await eventually(() => !isRunning(pid), 10_000)).toBe(true);
  });
});
