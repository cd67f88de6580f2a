import { describe, expect, it } from "vitest";
import { AppendLog } from "../../../src/state/append-log.js";
import { HistoryBuilder, turnOf, type HistoryList } from "../../../src/state/history/history-entry.js";
import { nextMatch, searchHistory } from "../../../src/state/history/history-search.js";
import type { LiveState, ToolRow, TranscriptItem } from "../../../src/state/view-model.js";

const row = (fields: Partial<ToolRow>): ToolRow => ({
  toolCallId: "call-1",
  status: "done",
  title: "shell",
  diffs: [],
  locations: [],
  ...fields,
});

const LIVE: LiveState = { tools: [], recent: [], planDirty: false, deliveries: [] };

function entries(list: HistoryList) {
  return Array.from({ length: list.length }, (_, index) => list.at(index)!);
}

describe("history entries", () => {
  it("makes one message of a paragraph printed in pieces, and one entry per prompt, thought, tool and notice", () => {
    const items: TranscriptItem[] = [
      { kind: "user", id: 1, text: "first question", attachments: [] },
      { kind: "thought", id: 2, text: "pondering\nmore" },
      { kind: "agent-text", id: 3, markdown: "Half of a ", continues: true },
      { kind: "agent-text", id: 4, markdown: "paragraph.\n" },
      { kind: "tool", id: 5, row: row({ summary: "git status" }) },
      { kind: "turn-cancelled", id: 6 },
      { kind: "user", id: 7, text: "second", attachments: ["a.png"] },
    ];
    const builder = new HistoryBuilder();
    builder.update(AppendLog.from(items));
    const list = builder.snapshot();
    expect(entries(list).map((entry) => entry.record.kind)).toEqual([
      "user",
      "thought",
      "agent-text",
      "tool",
      "turn-cancelled",
      "user",
    ]);
    expect(list.at(2)).toMatchObject({ key: "t3", record: { kind: "agent-text", markdown: "Half of a paragraph.\n" } });
    expect(list.at(2)!.record).not.toHaveProperty("continues");
    expect(list.prompts).toEqual([0, 5]);
    expect([0, 3, 4, 5].map((index) => turnOf(list, index))).toEqual([1, 1, 1, 2]);
  });

  it("adds the live turn on top, joining the streaming tail to the pieces already printed", () => {
    let log = AppendLog.from<TranscriptItem>([
      { kind: "user", id: 1, text: "go", attachments: [] },
      { kind: "agent-text", id: 2, markdown: "Streaming ", continues: true },
    ]);
    const builder = new HistoryBuilder();
    builder.update(log);
    const running = row({ toolCallId: "t9", status: "running", title: "build" });
    const live: LiveState = {
      ...LIVE,
      stream: { kind: "message", text: "answer so far", offset: 10 },
      tools: [{ row: running, source: { toolCallId: "t9" } }],
    };
    const list = builder.snapshot(live);
    expect(entries(list).map((entry) => entry.record)).toMatchObject([
      { kind: "user" },
      { kind: "agent-text", markdown: "Streaming answer so far" },
      { kind: "tool", row: { title: "build", status: "running" } },
    ]);
    // Appending converts only the new items, and the finished paragraph keeps its key (the cursor's anchor).
    const key = list.at(1)!.key;
    log = log.append({ kind: "agent-text", id: 3, markdown: "answer so far, done.\n" });
    builder.update(log);
    const after = builder.snapshot(LIVE);
    expect(after.length).toBe(2);
    expect(after.at(1)).toMatchObject({
      key,
      record: { kind: "agent-text", markdown: "Streaming answer so far, done.\n" },
    });
  });

  it("starts over on another transcript (a session switched in the same pane)", () => {
    const builder = new HistoryBuilder();
    builder.update(AppendLog.from<TranscriptItem>([{ kind: "user", id: 1, text: "old", attachments: [] }]));
    builder.update(AppendLog.from<TranscriptItem>([{ kind: "user", id: 1, text: "new", attachments: [] }]));
    expect(entries(builder.snapshot()).map((entry) => entry.record)).toMatchObject([{ kind: "user", text: "new" }]);
  });
});

describe("history search", () => {
  const builder = new HistoryBuilder();
  builder.update(
    AppendLog.from<TranscriptItem>([
      { kind: "user", id: 1, text: "Find the Needle", attachments: [] },
      { kind: "agent-text", id: 2, markdown: "a needle, another needle\n" },
      {
        kind: "tool",
        id: 3,
        row: row({
          title: "edit",
          inputText: "path: x.ts",
          output: "wrote it",
          diffs: [{ path: "x.ts", newText: "const needle = 1;" }],
        }),
      },
      { kind: "thought", id: 4, text: "no match here" },
    ]),
  );
  const list = builder.snapshot();

  it("is case-insensitive unless the query has a capital, and looks into tool input, output and diffs", () => {
    const folded = searchHistory(list, "needle");
    expect(Array.from(folded.entries)).toEqual([0, 1, 1, 2]);
    expect(Array.from(folded.occurrences)).toEqual([0, 0, 1, 0]);
    expect(Array.from(searchHistory(list, "Needle").entries)).toEqual([0]);
    expect(Array.from(searchHistory(list, "x.ts").entries)).toEqual([2, 2]);
    expect(Array.from(searchHistory(list, "wrote it").entries)).toEqual([2]);
    expect(searchHistory(list, "").entries.length).toBe(0);
  });

  it("goes back in time from the cursor first, then wraps; n and N step from the current match", () => {
    const matches = searchHistory(list, "needle");
    expect(nextMatch(matches, 3, -1)).toBe(3);
    expect(nextMatch(matches, 1, -1)).toBe(2);
    expect(nextMatch(matches, 0, -1)).toBe(0);
    expect(nextMatch(matches, 0, 1)).toBe(0);
    expect(nextMatch(matches, 3, 1)).toBe(0);
    expect(nextMatch(matches, 3, -1, 0)).toBe(3);
    expect(nextMatch(matches, 3, 1, 3)).toBe(0);
    expect(nextMatch(searchHistory(list, "absent"), 3, -1)).toBeUndefined();
  });
});
