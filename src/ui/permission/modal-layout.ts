import { capLineLength, expandTabs, fitToWidth, visibleWidth } from "../../markdown/wrap.js";
import type { PermissionBodyPart, PermissionView } from "../../state/permission-view.js";
import { computeLineDiff } from "../diff/line-diff.js";

/**
 * The permission modal's rows, computed before it is drawn: the pane gives the modal exactly the rows it
 * needs (the context above stays on screen), and a body taller than the room scrolls instead of being cut,
 * so nothing of what runs is ever hidden.
 */

/** Border (2) and the padding columns either side. */
export const MODAL_CHROME_ROWS = 2;
const CHROME_COLUMNS = 4;
/** A title is a name or a question: a few rows at most. */
const TITLE_ROWS = { tool: 3, question: 6 } as const;
/** Rows a diff gets at least when the body must share its room. */
const MIN_DIFF_ROWS = 4;

/** Columns inside the modal's border and padding for a modal `width` columns wide. */
export function innerWidth(width: number): number {
  return Math.max(10, width - CHROME_COLUMNS);
}

/** Wraps sanitized text to `width` columns, every row cut to fit (a row is always one screen line). */
export function wrapRows(text: string, width: number): string[] {
  if (text === "") return [];
  return fitToWidth(expandTabs(text), width)
    .split("\n")
    .map((row) => capLineLength(row, width));
}

/** The title's rows (at most a few; the last one marked when cut). */
export function titleRows(view: PermissionView, width: number): string[] {
  const max = view.question ? TITLE_ROWS.question : TITLE_ROWS.tool;
  const rows = wrapRows(view.title, width);
  if (rows.length <= max) return rows;
  const kept = rows.slice(0, max);
  kept[max - 1] = `${capLineLength(kept[max - 1] as string, width - 1)}…`;
  return kept;
}

/** Rows of the text parts of the body (command, texts, notes), in order; diffs are drawn by the DiffView. */
export interface BodyRow {
  readonly text: string;
  readonly style: "command" | "text" | "note";
}

export function bodyTextRows(body: readonly PermissionBodyPart[], width: number): BodyRow[] {
  const rows: BodyRow[] = [];
  for (const part of body) {
    if (part.type === "diff") continue;
    const style = part.type;
    const prefix = part.type === "command" ? "$ " : "";
    const wrapped = wrapRows(prefix + part.text, width);
    for (const text of wrapped) rows.push({ text, style });
  }
  return rows;
}

/** A diff's size in a DiffView: its rows in full (path line, hunks, notes) and its hunk rows. */
export function diffSize(part: Extract<PermissionBodyPart, { type: "diff" }>): {
  readonly full: number;
  readonly lines: number;
  readonly truncated: boolean;
} {
  const diff = computeLineDiff(part.oldText, part.newText);
  const lines = diff.hunks.reduce((sum, hunk) => sum + 1 + hunk.lines.length, 0);
  return {
    full: 1 + (diff.hunks.length === 0 ? 1 : lines) + (diff.truncated ? 1 : 0),
    lines,
    truncated: diff.truncated,
  };
}

/** `maxLines` for a DiffView that must fit in `share` rows (its path line and notes included). */
function diffMaxLines(size: ReturnType<typeof diffSize>, share: number): number {
  if (share >= size.full) return Math.max(1, size.lines);
  return Math.max(1, share - 2 - (size.truncated ? 1 : 0));
}

/** An option's label takes at most this many rows (an agent's 1 KB label must not push out the rest). */
export const MAX_OPTION_ROWS = 6;

/** Each option's rows: the label wrapped to the room right of the `› 1 y ` prefix, at most `maxRows`. */
export function optionRows(labels: readonly string[], prefixWidth: number, width: number, maxRows: number): string[][] {
  const room = Math.max(4, width - prefixWidth);
  return labels.map((label) => {
    const rows = wrapRows(label, room);
    if (rows.length === 0) return [""];
    if (rows.length <= maxRows) return rows;
    const kept = rows.slice(0, Math.max(1, maxRows));
    kept[kept.length - 1] = `${capLineLength(kept[kept.length - 1] as string, room - 1)}…`;
    return kept;
  });
}

/** How the body is shown within the rows it got. */
export interface BodyPlan {
  /** Text rows shown (a window when they scroll). */
  readonly rows: readonly BodyRow[];
  /** Rows above and below the window (a "more" marker each when not 0). */
  readonly above: number;
  readonly below: number;
  /** `maxLines` for the DiffView, 0 when there is no diff. */
  readonly diffMaxLines: number;
  /** Rows the body takes, its top margin included (0 without a body). */
  readonly height: number;
}

/**
 * Fits the body in `room` rows. Text rows come first and scroll from `offset` (clamped) when they do not
 * fit, with a marker row for what is above and below; a diff gets what is left (at least a few rows).
 */
export function planBody(
  body: readonly PermissionBodyPart[],
  width: number,
  room: number,
  offset: number,
): BodyPlan & { readonly maxOffset: number } {
  const text = bodyTextRows(body, width);
  const diff = body.find((part) => part.type === "diff");
  const size = diff ? diffSize(diff) : undefined;
  const diffWant = size ? size.full : 0;
  if (text.length === 0 && !diff) return { rows: [], above: 0, below: 0, diffMaxLines: 0, height: 0, maxOffset: 0 };
  const inner = Math.max(1, room - 1);
  let diffShare = 0;
  if (diff) {
    const textNeed = text.length;
    diffShare = textNeed + diffWant <= inner ? diffWant : Math.min(diffWant, Math.max(MIN_DIFF_ROWS, inner - textNeed));
    // In a short room the diff's minimum must not push the text past it: the text keeps a row and its marker,
    // the diff at least its path and "… N more lines" (a body taller than its room overflows the pane).
    const diffLeast = Math.min(diffWant, 2 + (size?.truncated ? 1 : 0));
    diffShare = Math.min(diffShare, Math.max(diffLeast, inner - Math.min(textNeed, 2)));
  }
  const textRoom = Math.max(0, inner - diffShare);
  if (text.length <= textRoom) {
    const maxLines = size ? diffMaxLines(size, diffShare) : 0;
    return {
      rows: text,
      above: 0,
      below: 0,
      diffMaxLines: maxLines,
      height: 1 + text.length + diffShare,
      maxOffset: 0,
    };
  }
  // Scrolling: two marker rows at most, the rest is the window.
  const window = Math.max(1, textRoom - 2);
  const maxOffset = Math.max(0, text.length - window);
  const top = Math.min(Math.max(0, offset), maxOffset);
  const rows = text.slice(top, top + window);
  const above = top;
  const below = text.length - top - rows.length;
  return {
    rows,
    above,
    below,
    diffMaxLines: size ? diffMaxLines(size, diffShare) : 0,
    height: 1 + rows.length + (above > 0 ? 1 : 0) + (below > 0 ? 1 : 0) + diffShare,
    maxOffset,
  };
}

/** The option rows' letter column and `› 9 y ` prefix widths. */
export function optionPrefix(
  letters: readonly string[],
  question: boolean,
): { letterWidth: number; prefixWidth: number } {
  const letterWidth = question ? 0 : Math.max(0, ...letters.map((letter) => visibleWidth(letter)));
  return { letterWidth, prefixWidth: (question ? 5 : 4) + (letterWidth > 0 ? letterWidth + 1 : 0) };
}
