import { withoutCi } from "../helpers/user-env.js";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CLI } from "../helpers/demo-agent.js";
import { TmuxSession } from "../helpers/tmux.js";

/**
 * `zc-pane --resume` as a user runs it: a first pane runs a turn and quits; a second pane, with the same
 * HOME and state dir, resumes the session by a prefix of its id and shows the earlier transcript at once.
 */
const sessions: TmuxSession[] = [];
afterEach(() => {
  for (const session of sessions.splice(0)) session.kill();
});

function open(home?: string): TmuxSession {
  const session = new TmuxSession(60, 20, home);
  sessions.push(session);
  return session;
}

async function submit(session: TmuxSession, text: string): Promise<void> {
  session.type(text);
  await session.waitFor(text);
  session.send("Enter");
}

describe("zc-pane --resume in a real tmux", () => {
  it("shows the earlier transcript at once from a prefix of the id, then a new prompt works", async () => {
    const first = open();
    first.start(`${process.execPath} ${CLI} --demo`);
    await first.waitFor(/ready/);
    await submit(first, "think");
    await first.waitFor(/Done thinking/, 15_000);
    await first.waitFor(/ready/);
    first.send("C-c");
    // Two separate key events, as a person presses them (one stdin chunk of two ^C would be one event).
    await first.waitFor(/again to quit/);
    await new Promise((resolve) => setTimeout(resolve, 200));
    first.send("C-c");
    const quitScreen = await first.waitFor(/\[exited 0\]/, 10_000, () => first.history());
    expect(quitScreen).toMatch(/zc-pane --resume [0-9a-f-]+/);

    const index = JSON.parse(readFileSync(join(first.home, "state", "zc-pane", "sessions.json"), "utf8")) as {
      sessions: { id: string; title: string }[];
    };
    expect(index.sessions).toHaveLength(1);
    const id = index.sessions[0]!.id;
    expect(index.sessions[0]!.title).toBe("think");

    const second = open(first.home);
    // No agent flag: the session reopens with the agent it was recorded with.
    second.start(`${process.execPath} ${CLI} --resume ${id.slice(0, 6)}`);
    const screen = await second.waitFor(/resumed/, 10_000);
    expect(screen).toContain("› think");
    expect(screen).toMatch(/Done thinking/);
    await second.waitFor(/ready/);
    await submit(second, "think again");
    await second.waitFor(/› think again[\s\S]*Done thinking/, 15_000, () => second.history());
    await second.waitFor(/ready/);
    expect(second.history().match(/› think again/g)).toHaveLength(1);

    // `--load` has the agent replay the conversation instead, both turns of it.
    const third = open(first.home);
    third.start(`${process.execPath} ${CLI} --load ${id.slice(0, 6)}`);
    const loaded = await third.waitFor(/loaded[\s\S]*› think again[\s\S]*ready/, 15_000, () => third.history());
    expect(loaded).toMatch(/› think\n/);
  }, 60_000);

  it("an unknown id exits 1 with the hint, and opens no session", () => {
    const home = mkdtempSync(join(tmpdir(), "zc-pane-e2e-"));
    let status = 0;
    let stderr = "";
    try {
      execFileSync(process.execPath, [CLI, "--resume", "nosuchid", "--demo"], {
        env: { ...withoutCi(), HOME: home, XDG_STATE_HOME: join(home, "state") },
        encoding: "utf8",
        stdio: "pipe",
      });
    } catch (error) {
      status = (error as { status: number }).status;
      stderr = (error as { stderr: string }).stderr;
    }
    expect(status).toBe(1);
    expect(stderr).toContain("`zc-pane sessions`");
  });

  it("an unknown full id is asked of the agent, and exits 1 with the hint when it does not know it either", async () => {
    const session = open();
    session.start(`${process.execPath} ${CLI} --resume 00000000-0000-4000-8000-000000000000 --demo`);
    const screen = await session.waitFor(/\[exited 1\]/, 15_000, () => session.history());
    expect(screen).toMatch(/unknown session/);
    expect(screen).toContain("`zc-pane sessions`");
  }, 30_000);
});
