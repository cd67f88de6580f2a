import { withoutCi } from "../helpers/user-env.js";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CLI } from "../helpers/demo-agent.js";
import { TmuxSession } from "../helpers/tmux.js";
import { formatElapsed } from "../../src/ui/app/layout.js";

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

describe("zc-pane --resume in a real tmux", () => {
  it("shows the earlier transcript at once from a prefix of the id, then a new prompt works", async () => {
    const first = open();
    first.start(`${process.execPath} ${CLI} --demo`);
    await first.waitFor(/ready/);
    await first.submit("think");
    await first.waitFor(/Done thinking/, 15_000);
    await first.waitFor(/ready/);
    first.send("C-c");
    // Two separate key events, as a person presses them (one stdin chunk of two ^C would be one event).
    await first.waitFor(/again to quit/);
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
    await second.submit("think again");
    await second.waitFor(/› think again[\s\S]*Done thinking/, 15_000, () => second.history());
    await second.waitFor(/ready/);
    expect(second.history().match(/› think again/g)).toHaveLength(1);

    // `--load` has the agent replay the conversation instead, both turns of it.
    const third = open(first.home);
    third.start(`${process.execPath} ${CLI} --load ${id.slice(0, 6)}`);
    const loaded = await third.waitFor(/loaded[\s\S]*› think again[\s\S]*ready/, 15_000, () => third.history());
    expect(loaded).toMatch(/› think\n/);
  }, 60_000);

  it("shows the tool rows' durations the journal recorded after --resume (not 0.0s for all)", async () => {
    const first = open();
    first.start(`${process.execPath} ${CLI} --demo`);
    await first.waitFor(/ready/);
    await first.submit("shell");
    await first.waitFor(/\d-\d pick/, 15_000);
    first.send("y");
    await first.waitFor(/✓ \$ git status --short +done \d+\.\ds/, 15_000, () => first.history());
    await first.waitFor(/ready/);
    first.send("C-c");
    await first.waitFor(/again to quit/);
    first.send("C-c");
    const quit = await first.waitFor(/zc-pane --resume ([0-9a-f-]+)/, 10_000, () => first.history());
    const id = /zc-pane --resume ([0-9a-f-]+)/.exec(quit)![1]!;
    // The row is timed from its tool_call (ZeroClaw asks before it) to its end, as the journal recorded them.
    const journal = readFileSync(join(first.home, "state", "zc-pane", "transcripts", `${id}.jsonl`), "utf8")
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => JSON.parse(line) as { t: string; at: number; update?: { sessionUpdate: string } });
    const stamp = (kind: string) => journal.find((entry) => entry.update?.sessionUpdate === kind)!.at;
    const recorded = formatElapsed(stamp("tool_call_update") - stamp("tool_call"));

    const second = open(first.home);
    second.start(`${process.execPath} ${CLI} --resume ${id}`);
    // The journal is shown first, then the banner of the resumed session.
    const resumed = await second.waitFor(/✓ \$ git status --short +done[\s\S]*resumed/, 10_000, () => second.history());
    // Before, every resumed row said `done 0.0s` (timed at the replay's own instant).
    expect(resumed).toMatch(new RegExp(`✓ \\$ git status --short +done ${recorded.replace(".", "\\.")}\\n`));
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

  it("a session the agent knows but this machine has no transcript of is loaded, its history replayed", async () => {
    const first = open();
    first.start(`${process.execPath} ${CLI} --demo`);
    await first.waitFor(/ready/, 20_000);
    await first.submit("think");
    await first.waitFor(/Done thinking/, 20_000);
    await first.waitFor(/ready/, 20_000);
    first.send("C-c");
    await first.waitFor(/again to quit/);
    first.send("C-c");
    await first.waitFor(/\[exited 0\]/, 10_000, () => first.history());
    const state = join(first.home, "state", "zc-pane");
    const [entry] = (JSON.parse(readFileSync(join(state, "sessions.json"), "utf8")) as { sessions: { id: string }[] })
      .sessions;
    // Only the agent (its own store, as ZeroClaw's SQLite) keeps it now: opened on another machine, say.
    rmSync(join(state, "sessions.json"));
    rmSync(join(state, "transcripts"), { recursive: true });

    const second = open(first.home);
    second.start(`${process.execPath} ${CLI} --resume ${entry!.id} --demo`);
    // ZeroClaw offers session/load: the conversation comes back from the agent instead of an empty pane.
    const shown = await second.waitFor(/loaded[\s\S]*› think[\s\S]*Done thinking[\s\S]*ready/, 20_000, () =>
      second.history(),
    );
    expect(shown).not.toMatch(/· resumed/);
  }, 60_000);
});
