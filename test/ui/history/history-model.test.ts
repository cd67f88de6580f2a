import { stripVTControlCharacters } from "node:util";
import { describe, expect, it } from "vitest";
import type { HistoryEntry, HistoryList } from "../../../src/state/history/history-entry.js";
import type { ToolRow } from "../../../src/state/view-model.js";
import { HistoryModel } from "../../../src/ui/history/history-model.js";

/** A list that counts which entries were read: the view must read only what it shows. */
function countingList(entries: readonly HistoryEntry[]): HistoryList & { read: Set<number> } {
  const read = new Set<number>();
  return {
    length: entries.length,
    at(index) {
      read.add(index);
      return entries[index];
    },
    prompts: entries.flatMap((entry, index) => (entry.record.kind === "user" ? [index] : [])),
    read,
  };
}

const prompt = (n: number): HistoryEntry => ({
  key: `p${n}`,
  record: { kind: "user", id: n, text: `question ${n}`, attachments: [] },
});
const message = (n: number, markdown = `answer ${n}`): HistoryEntry => ({
  key: `m${n}`,
  record: { kind: "agent-text", id: n, markdown },
});
const tool = (n: number, fields: Partial<ToolRow> = {}): HistoryEntry => ({
  key: `t${n}`,
  record: {
    kind: "tool",
    id: n,
    row: {
      toolCallId: `c${n}`,
      status: "done",
      title: "shell",
      summary: `ls ${n}`,
      diffs: [],
      locations: [],
      ...fields,
    },
  },
});

const session = (turns: number): HistoryEntry[] =>
  Array.from({ length: turns }, (_, n) => [prompt(n), message(n)]).flat();
const screen = (model: HistoryModel) => model.visibleRows().map((row) => stripVTControlCharacters(row.text));

describe("the history view's model", () => {
  it("opens at the end of a 5,000-message session reading only the entries on screen", () => {
    const list = countingList(session(2500));
    const model = new HistoryModel(list, 60, 10);
    expect(screen(model).join("\n")).toContain("answer 2499");
    expect(model.where()).toBe("turn 2500 of 2500 · item 5000 of 5000");
    expect(list.read.size).toBeLessThan(20);
    model.home();
    expect(screen(model).join("\n")).toContain("question 0");
    expect(list.read.size).toBeLessThan(40);
  });

  it("moves by lines, pages, prompts and tool rows, and highlights the entry under the cursor", () => {
    const entries = [prompt(0), message(0), tool(0), prompt(1), message(1), tool(1), message(2)];
    const model = new HistoryModel(countingList(entries), 60, 5);
    model.jumpTo("user", -1);
    expect(model.entry).toMatchObject({ key: "p1" });
    model.jumpTo("user", -1);
    expect(model.entry).toMatchObject({ key: "p0" });
    model.jumpTo("tool", 1);
    expect(model.entry).toMatchObject({ key: "t0" });
    model.jumpTo("tool", 1);
    expect(model.entry).toMatchObject({ key: "t1" });
    expect(model.visibleRows().filter((row) => row.cursor)).toHaveLength(1);
    expect(model.visibleRows().find((row) => row.cursor)?.index).toBe(5);
    model.move(-1);
    expect(model.entry).toMatchObject({ key: "m1" });
    model.home();
    expect(model.cursor).toEqual({ index: 0, line: 0 });
    model.page(1);
    expect(model.cursor.index).toBeGreaterThan(0);
    model.end();
    expect(model.entry).toMatchObject({ key: "m2" });
  });

  it("expands a tool row to its input, diff and whole output", () => {
    const output = Array.from({ length: 30 }, (_, n) => `line ${n}`).join("\n");
    const model = new HistoryModel(
      countingList([
        tool(0, { inputText: "command: make", output, diffs: [{ path: "a.ts", oldText: "x", newText: "y" }] }),
      ]),
      60,
      50,
    );
    expect(screen(model)).toHaveLength(1);
    expect(model.toggleExpanded()).toBe(true);
    const shown = screen(model).join("\n");
    expect(shown).toContain("command: make");
    expect(shown).toContain("- x");
    expect(shown).toContain("+ y");
    expect(shown).toContain("line 29");
  });

  it("searches back from the cursor, counts matches, and opens a collapsed row to show its match", () => {
    const entries = [message(0, "the needle"), tool(1, { output: "ok\nneedle in output" }), message(2, "nothing")];
    const model = new HistoryModel(countingList(entries), 60, 10);
    model.search("needle");
    expect(model.matches?.entries.length).toBe(2);
    expect(model.jumpToMatch(-1)).toBe(true);
    expect(model.entry).toMatchObject({ key: "t1" });
    expect(model.currentMatch).toBe(1);
    expect(screen(model)[model.visibleRows().findIndex((row) => row.cursor)]).toContain("needle in output");
    model.jumpToMatch(-1);
    expect(model.entry).toMatchObject({ key: "m0" });
    model.search("NEEDLE");
    expect(model.matches?.entries.length).toBe(0);
  });

  it("copies the code block under the cursor, else the message's markdown; Y the whole item", () => {
    const markdown = "Run this:\n\n```sh\nnpm test\nnpm run bench\n```\n\nThen read the figures.\n";
    const model = new HistoryModel(countingList([message(0, markdown)]), 60, 20);
    model.home();
    expect(model.copyTarget(false)).toEqual({ text: markdown.trimEnd(), what: "markdown" });
    const codeRow = screen(model).findIndex((line) => line.includes("npm test"));
    model.move(codeRow);
    expect(model.copyTarget(false)).toEqual({ text: "npm test\nnpm run bench", what: "code" });
    expect(model.copyTarget(true)?.text).toBe(markdown.trim());
  });
});
