import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DEMO_REPORT } from "../../src/demo/scenarios-tools.js";
import { CLI } from "../helpers/demo-agent.js";
import { TmuxSession } from "../helpers/tmux.js";

/**
 * Issue 13 item 4: files the agent delivered used to stay `⬇ Demo report · saving…` in the live region after
 * `--resume`, one stuck row per delivered file, for good. A replayed delivery says where it was saved, or
 * that it was not, at once.
 */
const sessions: TmuxSession[] = [];
afterEach(() => {
  for (const session of sessions.splice(0)) session.kill();
});

function open(home?: string): TmuxSession {
  const session = new TmuxSession(70, 24, home);
  sessions.push(session);
  return session;
}

/** Quits with two separate Ctrl+C presses; returns the session id the pane printed. */
async function quit(session: TmuxSession): Promise<string> {
  session.send("C-c");
  await session.waitFor(/again to quit/);
  session.send("C-c");
  const screen = await session.waitFor(/zc-pane --resume ([0-9a-f-]+)/, 10_000, () => session.history());
  return /zc-pane --resume ([0-9a-f-]+)/.exec(screen)![1]!;
}

const REPORT_NAME = `${createHash("sha256").update(DEMO_REPORT).digest("hex")}.md`;

describe("delivered files after --resume, in a real tmux", () => {
  it("show where they were saved, with no row left saving", async () => {
    const first = open();
    first.start(`${process.execPath} ${CLI} --demo`);
    await first.waitFor(/ready/);
    for (const attempt of [1, 2]) {
      await first.submit("deliver");
      const saved = new RegExp(`(⬇ Demo report.*~/Downloads/zc-pane/${REPORT_NAME.slice(0, 8)}[\\s\\S]*){${attempt}}`);
      await first.waitFor(saved, 15_000, () => first.history());
      await first.waitFor(/ready/);
    }
    expect(existsSync(join(first.home, "Downloads", "zc-pane", REPORT_NAME))).toBe(true);
    const id = await quit(first);

    const second = open(first.home);
    second.start(`${process.execPath} ${CLI} --resume ${id}`);
    const resumed = await second.waitFor(/resumed[\s\S]*ready/, 15_000, () => second.history());
    expect(resumed.match(/⬇ Demo report.*~\/Downloads\/zc-pane\//g)).toHaveLength(2);
    expect(resumed).not.toContain("saving…");
    // Still none after the next turn (the stuck rows used to stay at the bottom for good).
    await second.submit("think");
    const after = await second.waitFor(/Done thinking[\s\S]*ready/, 15_000, () => second.history());
    expect(after).not.toContain("saving…");
  }, 90_000);

  it("show that they were not saved, and why", async () => {
    const first = open();
    // The download dir cannot be created: a file stands where its parent should be.
    const blocked = join(first.home, "not-a-dir");
    writeFileSync(blocked, "");
    first.start(`${process.execPath} ${CLI} --demo`, { XDG_DOWNLOAD_DIR: blocked });
    await first.waitFor(/ready/);
    await first.submit("deliver");
    await first.waitFor(/✗ Demo report: could not save it/, 15_000, () => first.history());
    await first.waitFor(/ready/);
    const id = await quit(first);

    const second = open(first.home);
    second.start(`${process.execPath} ${CLI} --resume ${id}`);
    const resumed = await second.waitFor(/resumed[\s\S]*ready/, 15_000, () => second.history());
    expect(resumed).toMatch(/✗ Demo report: could not save it/);
    expect(resumed).not.toContain("saving…");
    expect(readFileSync(blocked, "utf8")).toBe("");
  }, 90_000);
});
