import chalk from "chalk";
import { Box, Text } from "ink";
import { useMemo } from "react";
import { sanitizeLine, sanitizeText } from "../../markdown/sanitize.js";
import { capLineLength, expandTabs, formatHiddenLines, visibleWidth } from "../../markdown/wrap.js";
import { fitLine } from "../app/layout.js";
import { computeLineDiff, formatHunkHeader, MAX_DIFF_LINES, type LineDiff } from "./line-diff.js";

/** Props of {@link DiffView}. Tool rows and the permission modal share this exact shape. */
export interface DiffViewProps {
  /** The file's path as the agent sent it (may be relative with ZeroClaw). */
  readonly path: string;
  /** The current content; absent or null for a new file, which then shows as all added lines. */
  readonly oldText?: string | null;
  /** The proposed content. */
  readonly newText: string;
  /** Columns available; every row is cut to fit before it reaches layout. */
  readonly width: number;
  /** Diff rows shown at most (hunk headers included); the rest is summed up in one "… N more lines" row. */
  readonly maxLines: number;
  /** Text before the path on its line (e.g. `✎ wrote `), so a caller's heading need not repeat the path. */
  readonly label?: string;
}

type Row = { readonly kind: "header" | "equal" | "delete" | "insert"; readonly text: string };

const PREFIX = { header: "", equal: " ", delete: "-", insert: "+" } as const;

/**
 * The work per row is bounded by the width, not by the line: a minified bundle's single line can be
 * megabytes, and sanitizing or measuring all of it for a 40-column row would stall the frame.
 */
function displayLine(text: string, columns: number): string {
  const bounded = text.length > columns * 4 + 64 ? text.slice(0, columns * 4 + 64) : text;
  return capLineLength(sanitizeLine(expandTabs(sanitizeText(bounded))), Math.max(1, columns));
}

/** A path cut from the start (`…/src/file.ts`): the file name is the part worth keeping. */
function displayPath(path: string, columns: number): string {
  const clean = sanitizeLine(path.length > columns * 4 + 64 ? path.slice(-(columns * 4 + 64)) : path);
  if (visibleWidth(clean) <= columns) return clean;
  const chars = Array.from(clean.slice(-(columns * 2 + 4)));
  let used = 1;
  let start = chars.length;
  while (start > 0 && used + visibleWidth(chars[start - 1] as string) <= columns)
    used += visibleWidth(chars[--start] as string);
  return `…${chars.slice(start).join("")}`;
}

/** The first `maxLines` rows of the diff and how many diff lines were left out. */
function visibleRows(diff: LineDiff, maxLines: number): { rows: Row[]; hidden: number } {
  const rows: Row[] = [];
  let hidden = 0;
  for (const hunk of diff.hunks) {
    // A lone header with no line under it says nothing: start a hunk only with room for one line.
    const started = rows.length + 1 < maxLines;
    if (started) rows.push({ kind: "header", text: formatHunkHeader(hunk) });
    for (const line of hunk.lines) {
      if (started && rows.length < maxLines) rows.push(line);
      else hidden++;
    }
  }
  return { rows, hidden };
}

const ROW_STYLE: Readonly<Record<Row["kind"], (text: string) => string>> = {
  delete: chalk.red,
  insert: chalk.green,
  header: chalk.cyan,
  equal: chalk.dim,
};

/**
 * A coloured unified diff of a proposed file change, as styled lines at most `width` wide: the path with
 * `+added −removed` counts, then `@@` hunks with red removed lines, green added lines and dim context.
 * Everything from the agent is sanitized and cut to `width`, and the body is capped to `maxLines` rows. The
 * one way a diff reads: {@link DiffView} prints these lines, and the transcript writes them. `diff` is the
 * line diff of the two texts, when the caller has it already.
 */
export function diffViewLines(
  { path, oldText, newText, width, maxLines, label }: DiffViewProps,
  diff: LineDiff = computeLineDiff(oldText, newText),
): string[] {
  const columns = Math.max(4, Math.floor(width));
  const { rows, hidden } = visibleRows(diff, Math.max(1, Math.floor(maxLines)));
  const isNew = oldText === undefined || oldText === null;
  const stats = isNew ? `new file +${diff.added}` : `+${diff.added} −${diff.removed}`;
  const pathColumns = Math.max(1, columns - visibleWidth(stats) - 1 - (label ? visibleWidth(label) : 0));
  const lines = [
    fitLine(
      `${label ? chalk.green(label) : ""}${chalk.bold(displayPath(path, pathColumns))} ${chalk.dim(stats)}`,
      columns,
    ),
  ];
  if (diff.hunks.length === 0) lines.push(chalk.dim("(no changes)"));
  for (const row of rows) {
    const text =
      row.kind === "header" ? displayLine(row.text, columns) : PREFIX[row.kind] + displayLine(row.text, columns - 1);
    lines.push(ROW_STYLE[row.kind](text));
  }
  if (hidden > 0) lines.push(chalk.dim(displayLine(formatHiddenLines(hidden), columns)));
  if (diff.truncated) lines.push(chalk.dim(displayLine(`only the first ${MAX_DIFF_LINES} lines compared`, columns)));
  return lines;
}

/** A diff in the live region or a modal: {@link diffViewLines}, the line diff computed once per text. */
export function DiffView(props: DiffViewProps) {
  const { oldText, newText } = props;
  const diff = useMemo(() => computeLineDiff(oldText, newText), [oldText, newText]);
  return (
    <Box flexDirection="column" width={Math.max(4, Math.floor(props.width))}>
      <Text>{diffViewLines(props, diff).join("\n")}</Text>
    </Box>
  );
}
