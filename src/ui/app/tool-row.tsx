import chalk from "chalk";
import { Box, Text } from "ink";
import { memo, useMemo } from "react";
import { capLineLength, expandTabs, formatHiddenLines, truncateLines, visibleWidth } from "../../markdown/wrap.js";
import { STATUS_WORD } from "../../state/transcript-export.js";
import type { ToolDiff, ToolRow } from "../../state/view-model.js";
import { computeLineDiff } from "../diff/line-diff.js";
import { DiffView } from "../diff/diff-view.js";
import { spinnerFrame, STATUS_COLOR, STATUS_GLYPH } from "./glyphs.js";
import { allocateLines, fitLine, formatElapsed } from "./layout.js";
import { thoughtDetailsWant, thoughtLineText } from "./thought.js";
import { useTick } from "./ticker.js";

/** Short glyphs for common kinds (one column each). */
const KIND_GLYPH: Readonly<Record<string, string>> = { execute: "$", edit: "✎" };

const normalized = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();

/**
 * The row's title and the detail after it, the most informative text once: a title that only repeats the
 * command (Claude and Codex title a shell call with it) or a generic one ("Terminal", "Write") gives way to
 * the command; a failed row's detail is its first output line.
 */
export function rowTexts(row: ToolRow): { title: string; detail?: string } {
  const failedLine = row.status === "failed" ? firstLine(row.output) : undefined;
  const summary = row.summary;
  let title = row.title;
  let detail = summary;
  if (summary) {
    const t = normalized(title);
    const s = normalized(summary);
    if (t.includes(s)) detail = undefined;
    else if (s.includes(t) || /^(terminal|bash|shell|write|edit|read)$/.test(t)) {
      title = summary;
      detail = undefined;
    }
  }
  const shown = failedLine ?? detail;
  return shown ? { title, detail: shown } : { title };
}

function firstLine(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const line = text.split("\n", 1)[0]?.trim();
  return line ? line : undefined;
}

/** How {@link toolRowText} draws a row beyond its data. */
export interface ToolRowLook {
  /** The status glyph (the spinner's frame while it animates); {@link STATUS_GLYPH} by default. */
  readonly glyph?: string;
  /** Shown highlighted: the row Ctrl+O acts on. */
  readonly focused?: boolean;
  /** Marks an expanded (▾) or collapsible (▸) row. */
  readonly expanded?: boolean;
  /** The clock for a running row's elapsed time; a row without it shows no time until it finishes. */
  readonly now?: () => number;
}

/**
 * A tool call in one styled line of `width` columns at most: status glyph, kind, title, a one-line summary of
 * the input (the command, the path), then the status word and elapsed time. ZeroClaw's `completed` reads
 * "done": the pane cannot know whether the tool succeeded (protocol.md §6.4). A failed row shows the first
 * line of its output. The one way a row reads: the live row ({@link ToolRowLine}) prints this line, and the
 * transcript writes it.
 */
export function toolRowText(row: ToolRow, width: number, look: ToolRowLook = {}): string {
  const { focused, expanded, now } = look;
  if (row.kind === "think") return thoughtLineText(row.output ?? row.title, width, { focused, expanded });
  const glyph = look.glyph ?? STATUS_GLYPH[row.status];
  const end = row.finishedAt ?? now?.();
  const elapsed = row.startedAt !== undefined && end !== undefined ? formatElapsed(end - row.startedAt) : undefined;
  const right = `${STATUS_WORD[row.status]}${elapsed ? ` ${elapsed}` : ""}`;
  const marker = expanded === undefined ? "" : expanded ? "▾ " : "▸ ";
  const room = Math.max(4, width - 2 - marker.length - right.length - 1);
  const { title: titleText, detail: detailText } = rowTexts(row);
  // A short glyph for the kinds that have one; the kind's word only where there is room for it.
  const kindGlyph = KIND_GLYPH[row.kind ?? ""];
  const kind = kindGlyph
    ? `${kindGlyph} `
    : width >= 50 && row.kind && row.kind !== row.title && row.kind !== "other"
      ? `${row.kind} `
      : "";
  // With a detail the title gets about half the room; alone, all of it (the command's start stays).
  const titleRoom = detailText
    ? Math.max(3, Math.min(room, Math.max(12, Math.ceil(room * 0.45))))
    : Math.max(3, room - visibleWidth(kind));
  const title = fitLine(titleText, titleRoom - (kind.length < titleRoom / 2 && detailText ? kind.length : 0));
  const shownKind = kind.length < titleRoom / 2 || !detailText ? kind : "";
  const detailRoom = room - visibleWidth(shownKind) - visibleWidth(title) - 1;
  const detail = detailText && detailRoom >= 4 ? fitLine(detailText, detailRoom) : "";
  const used =
    2 + marker.length + visibleWidth(shownKind) + visibleWidth(title) + (detail ? 1 + visibleWidth(detail) : 0);
  const gap = Math.max(1, width - used - right.length);
  const titleStyle = focused === true ? chalk.bold.inverse : chalk.bold;
  const detailStyle = row.status === "failed" ? chalk.red : chalk.dim;
  return fitLine(
    `${chalk[STATUS_COLOR[row.status]](glyph)} ${marker ? chalk.dim(marker) : ""}${shownKind ? chalk.dim(shownKind) : ""}` +
      `${titleStyle(title)}${detail ? detailStyle(` ${detail}`) : ""}${chalk.dim(`${" ".repeat(gap)}${right}`)}`,
    width,
  );
}

/** Props of {@link ToolRowLine}. */
export interface ToolRowLineProps {
  readonly row: ToolRow;
  readonly width: number;
  /** Shown highlighted: the row Ctrl+O acts on (only marked when there is a choice). */
  readonly focused?: boolean;
  /** Animate a running row (spinner, elapsed time). */
  readonly animate?: boolean;
  /** Marks an expanded row. */
  readonly expanded?: boolean;
  readonly now?: () => number;
}

/** A live tool row: {@link toolRowText}, with the spinner and the elapsed time moving while it runs. */
export const ToolRowLine = memo(function ToolRowLine({
  row,
  width,
  focused,
  animate,
  expanded,
  now = Date.now,
}: ToolRowLineProps) {
  const live = animate === true && (row.status === "running" || row.status === "pending");
  const tick = useTick(live);
  const text = toolRowText(row, width, {
    ...(live && row.status === "running" ? { glyph: spinnerFrame(tick) } : {}),
    ...(focused !== undefined ? { focused } : {}),
    ...(expanded !== undefined ? { expanded } : {}),
    ...(live ? { now } : {}),
  });
  return <Text wrap="truncate-end">{text}</Text>;
});

/** Props of {@link ToolDetails}. */
export interface ToolDetailsProps {
  readonly row: ToolRow;
  readonly width: number;
  /** Lines it may take, all included (the row's own line too). */
  readonly lines: number;
  readonly focused?: boolean;
  readonly animate?: boolean;
}

/** The rows a diff has in full (hunk headers and lines) and whether the line diff was cut. */
function diffSize(diff: ToolDiff): { rows: number; truncated: boolean; empty: boolean } {
  const computed = computeLineDiff(diff.oldText, diff.newText);
  return {
    rows: computed.hunks.reduce((sum, hunk) => sum + 1 + hunk.lines.length, 0),
    truncated: computed.truncated,
    empty: computed.hunks.length === 0,
  };
}

/** Lines a {@link DiffView} takes in full: its path line, the rows (or "no changes"), the "only the first" note. */
function diffWant(size: ReturnType<typeof diffSize>): number {
  return 1 + (size.empty ? 1 : size.rows) + (size.truncated ? 1 : 0);
}

/** `maxLines` for a {@link DiffView} that must fit in `lines`, room kept for its notes. */
function diffMaxLines(size: ReturnType<typeof diffSize>, lines: number): number {
  if (diffWant(size) <= lines) return Math.max(1, size.rows);
  return Math.max(1, lines - 2 - (size.truncated ? 1 : 0));
}

function clipText(raw: string, lines: number, width: number, keep: "head" | "tail"): string[] {
  const text = raw.replace(/\n+$/, "");
  if (lines <= 0 || text === "") return [];
  const { text: kept, hiddenLines } = truncateLines(text, hiddenLinesRoom(lines, text), keep);
  const body = capLineLength(expandTabs(kept), width).split("\n");
  if (hiddenLines === 0) return body;
  const note = formatHiddenLines(hiddenLines);
  return keep === "head" ? [...body, note] : [note, ...body];
}

/** Room for text lines when a "… N more lines" note may be needed. */
function hiddenLinesRoom(lines: number, text: string): number {
  const count = text.split("\n", lines + 2).length;
  return count <= lines ? lines : Math.max(0, lines - 1);
}

/** A finished command that reported no output at all (Gemini sends none): said, so it does not look lost. */
function reportsNothing(row: ToolRow): boolean {
  return row.kind === "execute" && !row.output && (row.status === "done" || row.status === "failed");
}

/**
 * A tool row expanded raw (Ctrl+R): its line, then the agent's JSON of it (`raw`) within `lines` lines, for
 * when the shaped row is not enough.
 */
export function RawToolDetails({ row, width, lines, focused, animate, raw }: ToolDetailsProps & { raw: string }) {
  const body = clipText(raw, Math.max(0, lines - 2), Math.max(4, width - 2), "head");
  return (
    <Box flexDirection="column" width={width}>
      <ToolRowLine row={row} width={width} expanded focused={focused === true} animate={animate === true} />
      {lines > 1 ? <Text dimColor>{fitLine("  raw, as the agent sent it", width)}</Text> : null}
      {body.length > 0 ? (
        <Box paddingLeft={2}>
          <Text dimColor>{body.join("\n")}</Text>
        </Box>
      ) : null}
    </Box>
  );
}

/**
 * A tool row expanded (Ctrl+O): the row's line, its input, a coloured diff for edits, and its output, all
 * within `lines` lines: output is cut with "… N more lines" (the head once finished, the tail while it runs,
 * where the newest lines matter).
 */
export function ToolDetails({ row, width, lines, focused, animate }: ToolDetailsProps) {
  const inner = Math.max(4, width - 2);
  const diffs = row.diffs;
  const budget = Math.max(0, lines - 1);
  const inputText = row.inputText ?? "";
  const inputLines = inputText ? inputText.split("\n", 50).length : 0;
  const outputText = row.output ?? "";
  const outputLines = outputText ? Math.min(1000, outputText.split("\n", 1001).length) : 0;
  const firstDiff = diffs[0];
  const size = useMemo(() => (firstDiff ? diffSize(firstDiff) : undefined), [firstDiff]);
  const shares = allocateLines(budget, [
    { key: "input", min: inputLines > 0 ? 1 : 0, want: Math.min(inputLines, 6) },
    { key: "diff", min: size ? Math.min(4, budget) : 0, want: size ? diffWant(size) : 0 },
    { key: "output", min: outputLines > 0 ? 1 : 0, want: outputLines + 1 },
  ]);
  const diffLines = shares.diff ?? 0;
  const input = clipText(inputText, shares.input ?? 0, inner, "head");
  const output = clipText(
    outputText,
    shares.output ?? 0,
    inner,
    row.status === "running" || row.status === "pending" ? "tail" : "head",
  );
  return (
    <Box flexDirection="column" width={width}>
      <ToolRowLine row={row} width={width} expanded focused={focused === true} animate={animate === true} />
      {input.length > 0 ? (
        <Box paddingLeft={2}>
          <Text dimColor>{input.join("\n")}</Text>
        </Box>
      ) : null}
      {firstDiff && size && diffLines > 0 ? (
        <Box paddingLeft={2} height={Math.min(diffWant(size), diffLines)} overflowY="hidden" flexDirection="column">
          <DiffView
            path={firstDiff.path}
            oldText={firstDiff.oldText ?? null}
            newText={firstDiff.newText}
            width={inner}
            maxLines={diffMaxLines(size, diffLines)}
          />
        </Box>
      ) : null}
      {output.length > 0 ? (
        <Box paddingLeft={2}>
          <Text>{output.join("\n")}</Text>
        </Box>
      ) : reportsNothing(row) && budget > 0 ? (
        <Text dimColor>{fitLine("  no output reported by the agent", width)}</Text>
      ) : null}
    </Box>
  );
}

/** Lines {@link ToolDetails} wants for a row (its line, input, diff and output, or its raw view, before any cap). */
export function toolDetailsWant(row: ToolRow, raw?: string): number {
  if (row.kind === "think") return thoughtDetailsWant(row.output ?? row.title);
  if (raw !== undefined) return 2 + Math.min(1000, raw.split("\n", 1001).length);
  if (reportsNothing(row)) return 2;
  const input = row.inputText ? Math.min(6, row.inputText.split("\n", 7).length) : 0;
  const diff = row.diffs[0]
    ? Math.min(
        60,
        row.diffs[0].newText.split("\n", 60).length + (row.diffs[0].oldText ?? "").split("\n", 60).length + 3,
      )
    : 0;
  const output = row.output ? Math.min(1000, row.output.split("\n", 1001).length) + 1 : 0;
  return 1 + input + diff + output;
}
