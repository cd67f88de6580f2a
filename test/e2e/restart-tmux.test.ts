import { afterEach, describe, expect, it } from "vitest";
import { CLI } from "../helpers/demo-agent.js";
import { sdkAgentCommandLine } from "../helpers/sdk-agent/start.js";
import { TmuxSession } from "../helpers/tmux.js";

/**
 * An agent that dies mid-turn, in a real tmux: the death is told once, `r` starts the agent again and
 * restores the session, and when the agent cannot restore it (gemini answers `session/load` for a session it
 * never saved with Internal error) the pane says so and goes on in a new session, taking keys throughout.
 */
const sessions: TmuxSession[] = [];
afterEach(() => {
  for (const session of sessions.splice(0)) session.kill();
});

function open(): TmuxSession {
  const session = new TmuxSession(80, 24);
  sessions.push(session);
  return session;
}

const count = (text: string, pattern: RegExp) => (text.match(new RegExp(pattern.source, "g")) ?? []).length;

describe("restarting a dead agent in a real tmux", () => {
  it("tells the demo agent's crash once, then r restarts it and resumes the same session", async () => {
    const pane = open();
    pane.start(`${process.execPath} ${CLI} --demo`);
    const opened = await pane.waitFor(/ready/);
    const sessionId = /· ([0-9a-f]{8})/.exec(opened)?.[1];
    expect(sessionId).toBeDefined();
    await pane.submit("crash");
    // The transcript writer prints beside ink, maybe a frame after the footer: wait for both.
    const dead = await pane.waitFor(/exited with code 3[\s\S]*r restart and resume/, 15_000);
    // The transcript's line says it, with the exit code; the panel adds the agent's last stderr lines.
    expect(count(dead, /exit(ed with)? code 3/)).toBe(1);
    expect(dead).not.toMatch(/the agent stopped|not running/);
    expect(dead).toContain("panicked");
    expect(dead).toContain("disconnected");

    pane.send("r");
    await pane.waitFor(new RegExp(`${sessionId} · resumed[\\s\\S]*ready`), 15_000);
    await pane.submit("think");
    const after = await pane.waitFor(/Done thinking[\s\S]*ready/, 15_000, () => pane.history());
    expect(count(after, /exited with code 3/)).toBe(1);
    expect(after).not.toMatch(/could not restore/);
  }, 60_000);

  it("falls back to a new session with a notice when session/load fails with Internal error", async () => {
    const pane = open();
    pane.start(`${process.execPath} ${CLI} --agent-cmd ${JSON.stringify(sdkAgentCommandLine(["--load-fails"]))}`);
    const opened = await pane.waitFor(/ready/);
    const firstId = /· ([0-9a-f]{8})/.exec(opened)?.[1];
    await pane.submit("hello there");
    await pane.waitFor(/You said: hello there[\s\S]*ready/, 15_000);
    await pane.submit("exit 7");
    const dead = await pane.waitFor(/exited with code 7[\s\S]*r restart and resume/, 15_000);
    expect(count(dead, /exited with code 7/)).toBe(1);
    expect(dead).toContain("exiting mid-turn");

    pane.send("r");
    const back = await pane.waitFor(/could not restore session[\s\S]*new session[\s\S]*ready/, 15_000, () =>
      pane.history(),
    );
    expect(back).toMatch(
      /could not restore session [0-9a-f]{8}: session\/load failed: Internal error[^;]*;\s+started\s+a\s+new\s+session/,
    );
    // No banner claims the failed restore worked, and the earlier turn stays on screen.
    expect(back).not.toMatch(/resumed/);
    expect(back).toContain("You said: hello there");
    const secondId = /◆ SDK test agent · ([0-9a-f]{8})/.exec(pane.screen())?.[1];
    expect(secondId).toBeDefined();
    expect(secondId).not.toBe(firstId);

    // The pane takes keys again: a prompt goes to the new session.
    await pane.submit("still here");
    await pane.waitFor(/You said: still here[\s\S]*ready/, 15_000);
    expect(count(pane.history(), /exited with code 7/)).toBe(1);
  }, 60_000);
});
