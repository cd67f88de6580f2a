import { describe, expect, it } from "vitest";
import type { ToolRow, ToolRowStatus } from "../../../src/state/view-model.js";
import { ToolDetails, ToolRowLine } from "../../../src/ui/app/tool-row.js";
import { renderPane } from "../../helpers/ink.js";

function row(status: ToolRowStatus, extra: Partial<ToolRow> = {}): ToolRow {
  return {
    toolCallId: `t-${status}`,
    status,
    title: "shell",
    kind: "execute",
    summary: "git log -1 --stat",
    diffs: [],
    locations: [],
    startedAt: 1_000,
    ...(status === "pending" || status === "running" ? {} : { finishedAt: 2_200 }),
    ...extra,
  };
}

const EXPECTED: Record<ToolRowStatus, { glyph: string; word: string }> = {
  pending: { glyph: "○", word: "pending" },
  running: { glyph: "◐", word: "running" },
  done: { glyph: "✓", word: "done" },
  failed: { glyph: "✗", word: "failed" },
  rejected: { glyph: "✗", word: "rejected" },
  cancelled: { glyph: "⊘", word: "cancelled" },
};

describe.each([40, 80])("ToolRowLine at %i columns", (columns) => {
  it.each(Object.keys(EXPECTED) as ToolRowStatus[])(
    "shows a %s row on one line with glyph, kind, title, summary and status",
    async (status) => {
      const pane = renderPane(
        <ToolRowLine
          row={row(status, status === "failed" ? { output: "fatal: not a git repository\nmore" } : {})}
          width={columns}
          now={() => 4_000}
        />,
        { columns },
      );
      await pane.settle();
      const frame = pane.frame();
      const lines = frame.split("\n").filter((line) => line.trim() !== "");
      expect(lines).toHaveLength(1);
      const line = lines[0]!;
      expect(line.length).toBeLessThanOrEqual(columns);
      expect(line.startsWith(`${EXPECTED[status].glyph} `)).toBe(true);
      expect(line).toContain(EXPECTED[status].word);
      // The shell glyph, then the command once: a generic title ("shell") gives way to it.
      expect(line.slice(2)).toMatch(/^\$ /);
      if (status === "failed") expect(line).toContain("fatal: not a");
      expect(line).toContain("git log");
      if (status === "done") {
        expect(line).toContain("1.2s");
        expect(line).not.toMatch(/succe/);
      }
      pane.unmount();
    },
  );
});

describe.each([40, 80])("ToolDetails at %i columns", (columns) => {
  it.each(Object.keys(EXPECTED) as ToolRowStatus[])(
    "expands a %s row: its line marked ▾, then input and output",
    async (status) => {
      const pane = renderPane(
        <ToolDetails
          row={row(status, { inputText: "command: ls", output: "a.txt\nb.txt" })}
          width={columns}
          lines={8}
        />,
        { columns },
      );
      await pane.settle();
      const lines = pane
        .frame()
        .split("\n")
        .filter((line) => line !== "");
      expect(lines[0]).toMatch(new RegExp(`^${EXPECTED[status].glyph} ▾ `));
      expect(lines[0]).toContain(EXPECTED[status].word);
      expect(lines.slice(1)).toEqual(["  command: ls", "  a.txt", "  b.txt"]);
      pane.unmount();
    },
  );

  it("shows input, output capped with '… N more lines', and stays within its lines", async () => {
    const output = Array.from({ length: 50 }, (_, i) => `line ${i + 1}`).join("\n");
    const pane = renderPane(
      <ToolDetails row={row("done", { inputText: "command: git log -1 --stat", output })} width={columns} lines={10} />,
      { columns },
    );
    await pane.settle();
    const lines = pane
      .frame()
      .split("\n")
      .filter((line) => line !== "");
    expect(lines.length).toBeLessThanOrEqual(10);
    expect(lines[0]).toContain("▾");
    expect(lines[1]).toContain("command: git log -1 --stat");
    expect(lines).toContain("  line 1");
    expect(lines.at(-1)).toMatch(/… \d+ more lines/);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(columns);
    pane.unmount();
  });

  it("shows a coloured diff for an edit", async () => {
    const edit = row("running", {
      title: "file_edit",
      kind: "edit",
      summary: "src/greeting.ts",
      inputText: "path: src/greeting.ts",
      diffs: [
        {
          path: "src/greeting.ts",
          oldText: 'export const greeting = "Hello";',
          newText: 'export const greeting = "Hi";',
        },
      ],
    });
    const pane = renderPane(<ToolDetails row={edit} width={columns} lines={12} />, { columns });
    await pane.settle();
    const frame = pane.frame();
    expect(frame).toContain("src/greeting.ts");
    expect(frame).toContain('-export const greeting = "Hello";'.slice(0, columns - 4));
    expect(frame).toContain('+export const greeting = "Hi";'.slice(0, columns - 4));
    expect(pane.rawFrame()).toMatch(/\u001b\[3[12]m/);
    pane.unmount();
  });

  it("keeps the newest output lines of a running call", async () => {
    const output = Array.from({ length: 30 }, (_, i) => `tick ${i + 1}`).join("\n");
    const pane = renderPane(<ToolDetails row={row("running", { output })} width={columns} lines={6} />, { columns });
    await pane.settle();
    const lines = pane
      .frame()
      .split("\n")
      .filter((line) => line !== "");
    expect(lines.at(-1)).toBe("  tick 30");
    expect(lines.join("\n")).toMatch(/… \d+ more lines/);
    pane.unmount();
  });
});
