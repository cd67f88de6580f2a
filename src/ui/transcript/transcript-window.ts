import chalk from "chalk";
import type { AppendLog } from "../../state/append-log.js";
import type { TranscriptItem } from "../../state/view-model.js";
import { fitLine } from "../app/layout.js";
import { answerText, recordText } from "./record-text.js";

/** What {@link renderWindow} wrote: the lines, and how many records it left out at the top. */
export interface TranscriptWindow {
  /** ANSI-styled lines, oldest first; each is at most the width wide. */
  readonly lines: readonly string[];
  /** Records before the window that were not rendered at all ("… N earlier messages"). */
  readonly hidden: number;
}

/** `12345` → `12,345`, without `toLocaleString` (its first call loads ICU's number formats: ~40 ms on a resume). */
function groupThousands(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+$)/g, ",");
}

/**
 * The line on top of a window that left records out; `undefined` when they are not all counted yet (a long
 * session's older turns are still being read).
 */
export function earlierLine(hidden: number | undefined, width: number): string {
  const count =
    hidden === undefined
      ? "earlier messages"
      : `${groupThousands(hidden)} earlier ${hidden === 1 ? "message" : "messages"}`;
  return chalk.dim(fitLine(`… ${count} · ctrl+t browses them all`, width));
}

/** A run of records rendered together: one record, or the pieces of one streamed paragraph chain. */
interface Unit {
  readonly start: number;
  readonly end: number;
}

/**
 * The unit that ends at `end` (exclusive), not starting before `from`: an answer's pieces cut while it streamed
 * (`continues`) are joined back into one markdown text, so it wraps as one at any width. A chain longer than
 * `maxChars` is started late: only its tail can be on screen or in the scrollback anyway.
 */
function unitBefore(records: AppendLog<TranscriptItem>, from: number, end: number, maxChars: number): Unit {
  const last = records.at(end - 1);
  let start = end - 1;
  if (last?.kind !== "agent-text") return { start, end };
  let chars = last.markdown.length;
  while (start > from && chars < maxChars) {
    const previous = records.at(start - 1);
    if (previous?.kind !== "agent-text" || previous.continues !== true) break;
    chars += previous.markdown.length;
    start--;
  }
  return { start, end };
}

function unitText(records: AppendLog<TranscriptItem>, unit: Unit, width: number): string {
  if (unit.end - unit.start === 1) return recordText(records.at(unit.start)!, width);
  const pieces = records.slice(unit.start, unit.end) as Extract<TranscriptItem, { kind: "agent-text" }>[];
  return answerText(pieces.map((piece) => piece.markdown).join(""), width, pieces.at(-1)?.continues === true);
}

/** Records the "earlier messages" line counts: continuation pieces are part of the message after them. */
function countMessages(records: AppendLog<TranscriptItem>, from: number, end: number): number {
  let count = 0;
  for (let index = from; index < end; index++) {
    const record = records.at(index);
    if (!(record?.kind === "agent-text" && record.continues === true)) count++;
  }
  return count;
}

/**
 * Renders records `from`…`end` (exclusive) at `width`, newest first until `maxLines` lines are filled, and
 * returns them oldest first: what does not fit is what a terminal would drop from its scrollback anyway, so it
 * is never rendered (a 50,000-message session costs what its last few thousand lines cost). When records were
 * left out, the first line says how many.
 */
export function renderWindow(
  records: AppendLog<TranscriptItem>,
  from: number,
  end: number,
  width: number,
  maxLines: number,
  /** Records before `from` that are not in `records` yet: the line on top says there are earlier ones, uncounted. */
  moreBefore = false,
): TranscriptWindow {
  const parts: string[][] = [];
  let lines = 0;
  let at = end;
  // A chain is joined up to about twice the characters the remaining lines can hold.
  while (at > from && lines < maxLines) {
    const unit = unitBefore(records, from, at, Math.max(1, maxLines - lines) * width * 2);
    const text = unitText(records, unit, width).split("\n");
    const room = maxLines - lines;
    parts.push(text.length > room ? text.slice(text.length - room) : text);
    lines += Math.min(room, text.length);
    at = unit.start;
  }
  const hidden = at > from ? countMessages(records, from, at) : 0;
  const out: string[] = [];
  for (let index = parts.length - 1; index >= 0; index--) out.push(...parts[index]!);
  // The line that says so takes the place of the oldest one: the window stays within `maxLines`.
  if (hidden > 0 || moreBefore)
    out.splice(0, out.length >= maxLines ? 1 : 0, earlierLine(moreBefore ? undefined : hidden, width));
  return { lines: out, hidden };
}
