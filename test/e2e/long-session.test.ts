import { appendFileSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CLI } from "../helpers/demo-agent.js";
import { TmuxSession } from "../helpers/tmux.js";

/**
 * The transcript at any size, in a real tmux (`npm run build` first): a 2 MB answer lands whole and in order in
 * the scrollback, a 5,000-message `--load` writes what the scrollback keeps under "… N earlier messages",
 * quitting a long session prints the resume command without printing the transcript again, and a narrowing
 * in the middle of a burst leaves no ghost of the live region.
 */
const sessions: TmuxSession[] = [];
afterEach(() => {
  for (const session of sessions.splice(0)) session.kill();
});

function open(options: { home?: string; historyLimit?: number; width?: number } = {}): TmuxSession {
  const session = new TmuxSession(options.width ?? 60, 20, options.home, options.historyLimit);
  sessions.push(session);
  return session;
}

/** The `c<i>` stamps of a burst, in the order they appear. */
function stamps(text: string): number[] {
  return [...text.matchAll(/\bc(\d+)\.{3}/g)].map((match) => Number(match[1]));
}

/** Ctrl+C twice, as a person presses it. */
async function quit(session: TmuxSession): Promise<string> {
  session.send("C-c");
  await session.waitFor(/again to quit/);
  session.send("C-c");
  return session.waitFor(/\[exited 0\]/, 15_000, () => session.history());
}

/** A session the local index knows: one real turn in a pane that then quits. Returns its home. */
async function recordedSession(): Promise<string> {
  const first = open();
  first.start(`${process.execPath} ${CLI} --demo`);
  await first.waitFor(/ready/);
  await first.submit("burst 3");
  await first.waitFor(/c2/);
  await first.waitFor(/ready/);
  await quit(first);
  return first.home;
}

/**
 * A session the local index knows (one real turn), whose demo-agent record is then rewritten to hold
 * `count` chat messages: message i starts with `m<i>` (the bench's replay session, src/demo/store.ts format).
 */
async function longSession(count: number): Promise<{ home: string; id: string }> {
  const home = await recordedSession();
  const dir = join(home, "state", "zc-pane", "demo-agent", "sessions");
  const file = readdirSync(dir).find((name) => name.endsWith(".json"))!;
  const record = JSON.parse(readFileSync(join(dir, file), "utf8")) as Record<string, unknown>;
  record.messages = Array.from({ length: count }, (_, index) =>
    index % 2 === 0
      ? { kind: "chat", role: "user", content: `m${index} please look at step ${index / 2} of the build` }
      : { kind: "chat", role: "assistant", content: `m${index} Step ${(index - 1) / 2} is **done**.` },
  );
  writeFileSync(join(dir, file), JSON.stringify(record));
  return { home, id: String(record.sessionId) };
}

describe("the transcript at any size, in a real tmux", () => {
  it("a 2 MB answer arrives whole and in order in the scrollback", async () => {
    const session = open({ historyLimit: 50_000 });
    session.start(`${process.execPath} ${CLI} --demo`);
    await session.waitFor(/ready/);
    await session.submit("burst 50000 x40");
    await session.waitFor(/c49999\./, 120_000);
    await session.waitFor(/ready/, 120_000);
    const seen = stamps(session.history());
    expect(seen.length).toBe(50_000);
    expect(seen.every((stamp, index) => stamp === index)).toBe(true);
  }, 180_000);

  it("a 5,000-message --load shows its last message under the earlier-messages line; quitting prints the resume command only", async () => {
    const { home, id } = await longSession(5000);
    const session = open({ home });
    session.start(`${process.execPath} ${CLI} --load ${id}`);
    const screen = await session.waitFor(/m4999 Step 2499 is done\.[\s\S]*ready/, 60_000);
    expect(screen).toContain("ask the agent");
    const history = session.history();
    expect(history).toMatch(/… [\d,]+ earlier messages/);
    expect(history.match(/m4999 Step/g)).toHaveLength(1);
    // Nothing from before the window was written: the first messages are not in the scrollback.
    expect(history).not.toContain("m0 please look");

    const after = await quit(session);
    expect(after).toMatch(/Resume this session with:\n\s+zc-pane --resume [0-9a-f-]+/);
    // Quitting drew nothing of the transcript again: the last message is still there once.
    expect(after.match(/m4999 Step/g)).toHaveLength(1);
    expect(after.match(/earlier messages/g)).toHaveLength(1);
  }, 120_000);

  it("--resume of a 1,500-turn journal shows its newest turns at once, and Ctrl+T then has all of them", async () => {
    // One real turn makes the session and its journal; 1,500 turns are appended as the journal writes them.
    const home = await recordedSession();
    const dir = join(home, "state", "zc-pane", "transcripts");
    const file = readdirSync(dir).find((name) => name.endsWith(".jsonl"))!;
    const line = (value: unknown) => `${JSON.stringify(value)}\n`;
    let journal = "";
    for (let turn = 1; turn <= 1500; turn++) {
      journal += line({ t: "prompt", at: 1, text: `turn ${turn}: check the build`, attachments: [] });
      const answer = `Answer ${turn} is here, and long enough to be a paragraph. `.repeat(10) + `t${turn} done.`;
      for (const text of answer.match(/[\s\S]{1,100}/g) ?? [])
        journal += line({
          t: "update",
          at: 1,
          update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text } },
        });
      journal += line({ t: "turn-end", at: 1, stopReason: "end_turn" });
    }
    appendFileSync(join(dir, file), journal);

    const session = open({ home });
    session.start(`${process.execPath} ${CLI} --demo --resume ${file.replace(/\.jsonl$/, "")}`);
    await session.waitFor(/t1500 done\.[\s\S]*ready/, 60_000);
    // Written under a line that says there is more; the first turns never reach the scrollback.
    const history = session.history();
    expect(history).toMatch(/… earlier messages · ctrl\+t/);
    expect(history).not.toContain("turn 1: check");
    expect(history.match(/t1500 done/g)).toHaveLength(1);
    // The older turns are read once the session is up: the history view finds the first prompt.
    session.send("C-t");
    await session.waitFor(/^History · turn \d+ of 150[01]/m, 30_000);
    session.send("Home");
    await session.waitFor("turn 1: check the build", 30_000);
  }, 120_000);

  it("a narrowing in the middle of a burst leaves no ghost lines of the live region", async () => {
    const session = open({ historyLimit: 50_000 });
    session.start(`${process.execPath} ${CLI} --demo`);
    await session.waitFor(/ready/);
    await session.submit("burst 20000 x40");
    await session.waitFor(/c[1-9]\d{3}\./, 60_000);
    session.resize(45);
    await session.waitFor(/ready/, 120_000);
    const history = session.history();
    // Repainted from the records at the new width: every stamp once, in order, none missing, no wider line.
    const seen = stamps(history);
    expect(seen.length).toBe(20_000);
    expect(seen.every((stamp, index) => stamp === index)).toBe(true);
    expect(history.split("\n").filter((line) => line.startsWith("◆ "))).toHaveLength(1);
    expect(history.split("\n").filter((line) => line.includes("ask the agent"))).toHaveLength(1);
    expect(Math.max(...history.split("\n").map((line) => line.trimEnd().length))).toBeLessThanOrEqual(45);
  }, 180_000);
});
