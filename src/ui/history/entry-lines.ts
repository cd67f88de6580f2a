import { stripVTControlCharacters } from "node:util";
import chalk from "chalk";
import { FENCE_CLOSE, FENCE_OPEN } from "../../markdown/block-syntax.js";
import { renderPlainText } from "../../markdown/renderer.js";
import { sanitizeLine } from "../../markdown/sanitize.js";
import { capLineLength, expandTabs, visibleWidth } from "../../markdown/wrap.js";
import type { HistoryEntry } from "../../state/history/history-entry.js";
import type { ToolDiff, ToolRow } from "../../state/view-model.js";
import { computeLineDiff, formatHunkHeader } from "../diff/line-diff.js";
import { fitLine } from "../app/layout.js";
import { recordText } from "../transcript/record-text.js";

/** A fenced code block of a message: its rendered lines `[start, end)` and its source text (what `y` copies). */
export interface CodeBlockLines {
  readonly start: number;
  readonly end: number;
  readonly code: string;
}

/** An entry rendered at a width: styled lines, none wider than the width, and where its code blocks are. */
export interface EntryLines {
  readonly lines: readonly string[];
  readonly codeBlocks: readonly CodeBlockLines[];
  /** Whether expanding the entry shows more (a tool row with details, a thought of several lines). */
  readonly expandable: boolean;
}

type Painter = (text: string) => string;

/** Plain text wrapped to `width` (sanitized, tabs expanded), as lines. */
function plainLines(text: string, width: number): string[] {
  return renderPlainText(text, width).split("\n");
}

function indented(lines: readonly string[], style: Painter = (text) => text): string[] {
  return lines.map((line) => `  ${style(line)}`);
}

/** The fenced code blocks of a markdown text, top level only: their code, as `y` copies it. */
function fencedBlocks(markdown: string): string[][] {
  const source = markdown.split("\n");
  const blocks: string[][] = [];
  for (let i = 0; i < source.length; i++) {
    const open = FENCE_OPEN.exec(source[i]!);
    if (!open) continue;
    const marker = open[1]!;
    let close = i + 1;
    while (close < source.length) {
      const end = FENCE_CLOSE.exec(source[close]!);
      if (end && end[1]![0] === marker[0] && end[1]!.length >= marker.length) break;
      close++;
    }
    blocks.push(source.slice(i + 1, close));
    i = close;
  }
  return blocks;
}

/**
 * Where each code block of an answer landed in its rendered lines: found by its first non-blank line, in
 * order (the renderer indents and highlights code but never reflows it, so each code line is one line).
 */
function locateCodeBlocks(markdown: string, lines: readonly string[]): CodeBlockLines[] {
  const plain = lines.map((line) => stripVTControlCharacters(line).trim());
  const found: CodeBlockLines[] = [];
  let from = 0;
  for (const code of fencedBlocks(markdown)) {
    const first = code.findIndex((line) => line.trim() !== "");
    if (first < 0) continue;
    const at = plain.indexOf(code[first]!.trim(), from);
    if (at < 0) continue;
    const start = Math.max(0, at - first);
    found.push({ start, end: Math.min(lines.length, start + code.length), code: code.join("\n") });
    from = start + code.length;
  }
  return found;
}

function diffLines(diff: ToolDiff, width: number): string[] {
  const computed = computeLineDiff(diff.oldText, diff.newText);
  const lines = [chalk.bold(fitLine(sanitizeLine(diff.path), width))];
  if (computed.hunks.length === 0) lines.push(chalk.dim("no changes"));
  for (const hunk of computed.hunks) {
    lines.push(chalk.cyan(formatHunkHeader(hunk)));
    for (const line of hunk.lines) {
      const text = capLineLength(expandTabs(sanitizeLine(line.text)), Math.max(1, width - 2));
      if (line.kind === "insert") lines.push(chalk.green(`+ ${text}`));
      else if (line.kind === "delete") lines.push(chalk.red(`- ${text}`));
      else lines.push(chalk.dim(`  ${text}`));
    }
  }
  if (computed.truncated) lines.push(chalk.dim("(only the first lines were compared)"));
  return lines;
}

/** A tool row's details below its line: its raw input, its diffs and its whole output (and terminal tail). */
function toolDetails(row: ToolRow, width: number): string[] {
  const inner = Math.max(4, width - 2);
  const lines: string[] = [];
  if (row.inputText) lines.push(...indented(plainLines(row.inputText, inner), chalk.dim));
  for (const diff of row.diffs) lines.push(...indented(diffLines(diff, inner)));
  if (row.output) lines.push(...indented(plainLines(row.output.replace(/\n+$/, ""), inner)));
  if (row.terminalTail && !row.output) lines.push(...indented(plainLines(row.terminalTail, inner), chalk.dim));
  return lines;
}

/**
 * An entry as the history view shows it at `width` columns: the record's own text, as the transcript writes
 * it ({@link recordText}: one way of rendering an item), and, expanded, what the transcript leaves out: a tool
 * row's input, diffs and whole output, a thought's every line. Pure: the same entry, width and expansion
 * give the same lines.
 */
export function renderEntryLines(entry: HistoryEntry, width: number, expanded: boolean): EntryLines {
  const columns = Math.max(10, width);
  const { record } = entry;
  const lines = recordText(record, columns).split("\n");
  switch (record.kind) {
    case "agent-text":
      return { lines, codeBlocks: locateCodeBlocks(record.markdown, lines), expandable: false };
    case "tool": {
      const { row } = record;
      const expandable = Boolean(row.inputText || row.output || row.diffs.length > 0);
      return {
        lines: expanded && expandable ? [lines[0]!, ...toolDetails(row, columns)] : lines,
        codeBlocks: [],
        expandable,
      };
    }
    case "thought": {
      const text = record.text.split("\n").filter((line) => line.trim() !== "");
      const expandable = text.length > 1 || visibleWidth(text[0] ?? "") > columns - 2;
      if (!expanded || !expandable) return { lines, codeBlocks: [], expandable };
      const body = plainLines(text.join("\n"), columns - 2).map((line) => chalk.dim.italic(`✻ ${line}`));
      return { lines: body, codeBlocks: [], expandable };
    }
    default:
      return { lines, codeBlocks: [], expandable: false };
  }
}
