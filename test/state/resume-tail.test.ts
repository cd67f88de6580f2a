import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseSessionUpdate } from "../../src/protocol/index.js";
import { PaneStore } from "../../src/state/pane-store.js";
import { JournalWriter, readSessionJournal } from "../../src/state/persistence/journal.js";
import { parseJournalHead, readSessionJournalTail } from "../../src/state/persistence/journal-reader.js";
import type { SessionFields } from "../../src/state/persistence/session-entry.js";
import { replayJournal } from "../../src/state/persistence/journal-replay.js";
import { showLocalTranscript } from "../../src/state/restore-local.js";
import type { TranscriptItem } from "../../src/state/view-model.js";
import { renderWindow } from "../../src/ui/transcript/transcript-window.js";
import { TranscriptWriter } from "../../src/ui/transcript/transcript-writer.js";
import { stripSgr } from "../../src/markdown/width.js";

const SESSION: SessionFields = {
  id: "7d1c2a0e-5f1d-4c1e-9a57-2f1a3f0c9d11",
  agent: "demo",
  transport: { kind: "stdio", command: "node", args: ["zc-pane.js", "demo-agent"] },
  cwd: "/home/me/proj",
  title: "",
  created: "2026-01-01T10:00:00.000Z",
};

const update = (value: unknown) => parseSessionUpdate(value);

/** A journal of `turns` turns: a prompt, a tool call, an answer in 100-character chunks, the turn's end. */
function writeSession(turns: number): string {
  const dir = mkdtempSync(join(tmpdir(), "zc-pane-resume-tail-"));
  const journal = JournalWriter.open(dir, SESSION);
  for (let turn = 1; turn <= turns; turn++) {
    journal.appendPrompt(`turn ${turn}: fix the build`);
    journal.appendUpdate(update({ sessionUpdate: "tool_call", toolCallId: `c${turn}`, title: "npm test", kind: "execute", status: "pending" })); // prettier-ignore
    journal.appendUpdate(update({ sessionUpdate: "tool_call_update", toolCallId: `c${turn}`, status: "completed" }));
    const answer = `Paragraph one of answer ${turn}, long enough to wrap. `.repeat(20) + `\n\nt${turn} done.\n`;
    for (const piece of answer.match(/[\s\S]{1,100}/g) ?? []) {
      journal.appendUpdate(update({ sessionUpdate: "agent_message_chunk", content: { type: "text", text: piece } }));
    }
    journal.appendTurnEnd("end_turn");
  }
  journal.close();
  return dir;
}

/** What a record reads as, without its id (the older part is numbered apart). */
const readable = (items: readonly TranscriptItem[]) => items.map(({ id: _id, ...rest }) => JSON.stringify(rest));

const stores: PaneStore[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.dispose();
});

function newStore(): PaneStore {
  const store = new PaneStore();
  stores.push(store);
  return store;
}

describe("--resume of a long session reads its journal from the end", () => {
  it("cuts where a turn starts, and the older text parses to exactly the entries before it", async () => {
    const dir = writeSession(400);
    const whole = await readSessionJournal(dir, SESSION.id);
    const read = await readSessionJournalTail(dir, SESSION.id, 64 * 1024);
    expect(read?.head).toBeDefined();
    const tail = read!.tail.entries;
    expect(tail[0]).toMatchObject({ t: "prompt" });
    expect(tail.length).toBeLessThan(whole!.entries.length / 4);
    expect(read!.tail.warnings).toEqual([]);
    const pauses: number[] = [];
    const head = await parseJournalHead(read!.tail.path, read!.head!, async () => void pauses.push(1));
    expect([...head.entries, ...tail]).toEqual(whole!.entries);
    expect(head.warnings).toEqual([]);
    expect(pauses.length).toBeGreaterThanOrEqual(1);
  });

  it("reads a short journal whole, with nothing left for later", async () => {
    const dir = writeSession(3);
    const read = await readSessionJournalTail(dir, SESSION.id, 64 * 1024);
    expect(read?.head).toBeUndefined();
    expect(read?.tail.entries).toEqual((await readSessionJournal(dir, SESSION.id))?.entries);
  });

  it("shows the newest turns under an uncounted earlier line, then has every record a whole replay has, written once", async () => {
    const dir = writeSession(400);
    const store = newStore();
    const written: string[] = [];
    const writer = new TranscriptWriter({ store, sink: { insertAbove: (text) => written.push(text) }, columns: () => 60, scrollbackLines: 500 }); // prettier-ignore
    expect(await showLocalTranscript(dir, dir, SESSION.id, store, 64 * 1024)).toBe(true);
    const shown = store.getState().transcript.length;
    expect(written).toHaveLength(1);
    const first = stripSgr(written[0]!).split("\n");
    expect(first[0]).toBe("… earlier messages · ctrl+t browses them all");
    expect(first.some((line) => line.includes("t400 done."))).toBe(true);
    // The older turns come once the session is up (the store says so), a slice at a time.
    store.dispatch({ type: "connection", state: "ready" });
    await expect.poll(() => store.getState().earlier, { timeout: 10_000 }).toBeUndefined();

    const whole = newStore();
    replayJournal(SESSION.id, (await readSessionJournal(dir, SESSION.id))!.entries, whole);
    whole.flush();
    const all = store.getState().transcript.toArray();
    expect(all.length).toBeGreaterThan(shown);
    expect(readable(all)).toEqual(readable(whole.getState().transcript.toArray()));
    expect(new Set(all.map((item) => item.id)).size).toBe(all.length);
    expect(store.getState().history).toEqual(whole.getState().history);
    // Nothing more was written: the older records are past the scrollback; a new one is written alone.
    expect(written).toHaveLength(1);
    store.dispatch({ type: "notice", level: "info", message: "after" });
    expect(written.map(stripSgr).at(-1)).toContain("after");
    expect(stripSgr(written.at(-1)!)).not.toContain("turn 1:");
    // And a window over all of them counts them again.
    const window = renderWindow(store.getState().transcript, 0, all.length + 1, 60, 500);
    expect(stripSgr(window.lines[0]!)).toMatch(/^… [\d,]+ earlier messages/);
    writer.dispose();
  });
});
