import { stripVTControlCharacters } from "node:util";
import chalk from "chalk";
import { turnOf, type HistoryEntry, type HistoryList } from "../../state/history/history-entry.js";
import { nextMatch, searchHistory, type SearchMatches } from "../../state/history/history-search.js";
import { recordMarkdown } from "../../state/transcript-export.js";
import type { TranscriptItemKind } from "../../state/view-model.js";
import { renderEntryLines, type EntryLines } from "./entry-lines.js";

/** A line of the history: entry `index`, line `line` of its rendering. */
export interface Position {
  readonly index: number;
  readonly line: number;
}

/** One row on screen. */
export interface VisibleRow {
  readonly text: string;
  readonly index: number;
  /** The row belongs to the entry under the cursor. */
  readonly current: boolean;
  /** The row is the cursor's line. */
  readonly cursor: boolean;
}

/** What `y` / `Y` takes: the text and what it is, for the footer ("copied 12 lines of code"). */
export interface CopyTarget {
  readonly text: string;
  readonly what: string;
}

/** Rendered entries kept: a screenful many times over, not the session (lines are cheap to render again). */
const CACHED_ENTRIES = 400;

const occurrencesIn = (haystack: string, needle: string): number => {
  let count = 0;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + needle.length)) count++;
  return count;
};

/**
 * The history view's state and moves, without React: the entries, the cursor (a line of an entry), the first
 * row shown, what is expanded, the search. Virtualised: it renders only the entries it walks over (the
 * screen, a page it moves by, the entry a search lands on), never the whole session, so opening it and moving
 * cost the same at 50 or 50,000 messages.
 */
export class HistoryModel {
  private list: HistoryList;
  private width: number;
  private rows: number;
  private readonly cache = new Map<HistoryEntry, { width: number; expanded: boolean; lines: EntryLines }>();
  private readonly expanded = new Set<string>();
  cursor: Position;
  top: Position;
  matches: SearchMatches | undefined;
  /** The match the cursor was put on (an index into `matches`). */
  currentMatch: number | undefined;

  constructor(list: HistoryList, width: number, rows: number) {
    this.list = list;
    this.width = width;
    this.rows = Math.max(1, rows);
    this.cursor = this.lastLine();
    this.top = this.step(this.cursor, -(this.rows - 1));
  }

  get length(): number {
    return this.list.length;
  }

  /** The entry under the cursor. */
  get entry(): HistoryEntry | undefined {
    return this.list.at(this.cursor.index);
  }

  /** A newer list (the live turn moved on). A cursor on the last line follows the end. */
  setList(list: HistoryList): void {
    const following = this.isAtEnd();
    this.list = list;
    if (this.matches) this.matches = searchHistory(list, this.matches.query);
    if (following) {
      this.end();
    } else {
      this.cursor = this.clamp(this.cursor);
      this.top = this.clamp(this.top);
    }
  }

  setSize(width: number, rows: number): void {
    if (width === this.width && rows === this.rows) return;
    this.width = width;
    this.rows = Math.max(1, rows);
    this.cursor = this.clamp(this.cursor);
    this.top = this.clamp(this.top);
    this.reveal();
  }

  /** The rendered lines of entry `index` (cached for the current width and expansion). */
  lines(index: number): EntryLines {
    const entry = this.list.at(index);
    if (!entry) return { lines: [""], codeBlocks: [], expandable: false };
    const expanded = this.expanded.has(entry.key);
    const cached = this.cache.get(entry);
    if (cached && cached.width === this.width && cached.expanded === expanded) return cached.lines;
    let lines = renderEntryLines(entry, this.width, expanded);
    if (lines.lines.length === 0) lines = { ...lines, lines: [""] };
    this.cache.delete(entry);
    this.cache.set(entry, { width: this.width, expanded, lines });
    if (this.cache.size > CACHED_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
    return lines;
  }

  /** Moves the cursor `delta` lines (negative: up), across entries. */
  move(delta: number): void {
    this.cursor = this.step(this.cursor, delta);
    this.reveal();
  }

  /** A page down (+1) or up (-1): the screen and the cursor move together. */
  page(direction: -1 | 1): void {
    const distance = Math.max(1, this.rows - 1) * direction;
    this.top = this.step(this.top, distance);
    this.cursor = this.step(this.cursor, distance);
    this.reveal();
  }

  home(): void {
    this.cursor = { index: 0, line: 0 };
    this.reveal();
  }

  /** The last line, with the screen full above it. */
  end(): void {
    this.cursor = this.lastLine();
    this.top = this.step(this.cursor, -(this.rows - 1));
  }

  /** To the previous (-1) or next (+1) entry of `kind` ("user" for `[` `]`, "tool" for `{` `}`). */
  jumpTo(kind: TranscriptItemKind, direction: -1 | 1): boolean {
    let index = this.cursor.index + direction;
    if (direction === -1 && this.cursor.line > 0 && this.entry?.record.kind === kind) index = this.cursor.index;
    for (; index >= 0 && index < this.list.length; index += direction) {
      if (this.list.at(index)?.record.kind === kind) {
        this.cursor = { index, line: 0 };
        this.reveal();
        return true;
      }
    }
    return false;
  }

  /** Expands or collapses the entry under the cursor; false when it has nothing more to show. */
  toggleExpanded(): boolean {
    const entry = this.entry;
    if (!entry || !this.lines(this.cursor.index).expandable) return false;
    if (this.expanded.has(entry.key)) this.expanded.delete(entry.key);
    else this.expanded.add(entry.key);
    this.cursor = { index: this.cursor.index, line: 0 };
    this.reveal();
    return true;
  }

  /** Runs a search (incremental: the matches and their count, the cursor stays). "" clears it. */
  search(query: string): void {
    this.matches = query === "" ? undefined : searchHistory(this.list, query);
    this.currentMatch = undefined;
  }

  /**
   * Puts the cursor on a match: from the cursor going back in time (`direction` -1: Enter and `n`), or
   * forward (+1: `N`); a match inside a collapsed tool row or thought expands it. False without matches.
   */
  jumpToMatch(direction: -1 | 1): boolean {
    const matches = this.matches;
    if (!matches) return false;
    const target = nextMatch(matches, this.cursor.index, direction, this.currentMatch);
    if (target === undefined) return false;
    this.currentMatch = target;
    const index = matches.entries[target]!;
    const occurrence = matches.occurrences[target]!;
    const entry = this.list.at(index);
    if (!entry) return false;
    let line = this.lineOfOccurrence(index, occurrence);
    if (line === undefined && !this.expanded.has(entry.key) && this.lines(index).expandable) {
      this.expanded.add(entry.key);
      line = this.lineOfOccurrence(index, occurrence);
    }
    this.cursor = { index, line: line ?? 0 };
    this.reveal();
    return true;
  }

  /** The rows on screen, top to bottom, search matches highlighted. */
  visibleRows(): VisibleRow[] {
    const rows: VisibleRow[] = [];
    let { index, line } = this.top;
    const needle = this.matches && this.matches.entries.length > 0 ? this.matches : undefined;
    while (rows.length < this.rows && index < this.list.length) {
      const { lines } = this.lines(index);
      for (; line < lines.length && rows.length < this.rows; line++) {
        const text = needle ? highlight(lines[line]!, needle) : lines[line]!;
        const current = index === this.cursor.index;
        rows.push({ text, index, current, cursor: current && line === this.cursor.line });
      }
      index++;
      line = 0;
    }
    return rows;
  }

  /** "turn 3 of 12 · item 40 of 310": where the cursor is. */
  where(): string {
    const turns = this.list.prompts.length;
    const turn = turnOf(this.list, this.cursor.index);
    return `turn ${turn} of ${turns} · item ${Math.min(this.cursor.index + 1, this.list.length)} of ${this.list.length}`;
  }

  /**
   * `y` (`whole` false): the code block the cursor is in, else a message's markdown source, else a tool's
   * output (or its input when it has none), else the entry's text. `Y`: the whole entry as markdown.
   */
  copyTarget(whole: boolean): CopyTarget | undefined {
    const entry = this.entry;
    if (!entry) return undefined;
    const { record } = entry;
    if (whole) return { text: recordMarkdown(record, Number.POSITIVE_INFINITY) ?? "", what: "the item" };
    const block = this.lines(this.cursor.index).codeBlocks.find(
      (code) => this.cursor.line >= code.start && this.cursor.line < code.end,
    );
    if (block) return { text: block.code, what: "code" };
    switch (record.kind) {
      case "agent-text":
        return { text: record.markdown.replace(/\n+$/, ""), what: "markdown" };
      case "tool":
        if (record.row.output) return { text: record.row.output.replace(/\n+$/, ""), what: "tool output" };
        if (record.row.inputText) return { text: record.row.inputText, what: "tool input" };
        return { text: record.row.summary ?? record.row.title, what: "tool row" };
      case "user":
        return { text: record.text, what: "prompt" };
      case "thought":
        return { text: record.text, what: "thought" };
      default:
        return { text: recordMarkdown(record) ?? "", what: record.kind };
    }
  }

  private isAtEnd(): boolean {
    const last = this.lastLine();
    return this.cursor.index >= last.index && this.cursor.line >= last.line;
  }

  private lastLine(): Position {
    const index = Math.max(0, this.list.length - 1);
    return { index, line: this.list.length === 0 ? 0 : this.lines(index).lines.length - 1 };
  }

  private clamp(position: Position): Position {
    if (this.list.length === 0) return { index: 0, line: 0 };
    const index = Math.min(position.index, this.list.length - 1);
    return { index, line: Math.min(position.line, this.lines(index).lines.length - 1) };
  }

  /** `position` moved `delta` lines, clamped to the history (renders only the entries it crosses). */
  private step(position: Position, delta: number): Position {
    let { index, line } = this.clamp(position);
    let left = delta;
    while (left > 0) {
      const count = this.lines(index).lines.length;
      if (line + left < count) return { index, line: line + left };
      if (index + 1 >= this.list.length) return { index, line: count - 1 };
      left -= count - line;
      index++;
      line = 0;
    }
    while (left < 0) {
      if (line + left >= 0) return { index, line: line + left };
      if (index === 0) return { index: 0, line: 0 };
      left += line + 1;
      index--;
      line = this.lines(index).lines.length - 1;
    }
    return { index, line };
  }

  /** Lines from `from` to `to` (0 when `to` is at or before `from`). */
  private distance(from: Position, to: Position): number {
    if (to.index < from.index || (to.index === from.index && to.line <= from.line)) return 0;
    let count = this.lines(from.index).lines.length - from.line;
    for (let index = from.index + 1; index < to.index && count <= this.rows; index++)
      count += this.lines(index).lines.length;
    return to.index === from.index ? to.line - from.line : count + to.line;
  }

  /** Scrolls so the cursor's line is on screen. */
  private reveal(): void {
    const { cursor, top } = this;
    if (cursor.index < top.index || (cursor.index === top.index && cursor.line < top.line)) {
      this.top = cursor;
      return;
    }
    if (this.distance(top, cursor) >= this.rows) this.top = this.step(cursor, -(this.rows - 1));
  }

  /** The line of entry `index` holding its `occurrence`-th match, or undefined when it is not shown. */
  private lineOfOccurrence(index: number, occurrence: number): number | undefined {
    const matches = this.matches;
    if (!matches) return undefined;
    const needle = matches.caseSensitive ? matches.query : matches.query.toLowerCase();
    const { lines } = this.lines(index);
    let seen = 0;
    for (let line = 0; line < lines.length; line++) {
      const plain = stripVTControlCharacters(lines[line]!);
      seen += occurrencesIn(matches.caseSensitive ? plain : plain.toLowerCase(), needle);
      if (seen > occurrence) return line;
    }
    return undefined;
  }
}

/** The line with every occurrence of the query shown inverted (the line loses its other styling). */
function highlight(line: string, matches: SearchMatches): string {
  const plain = stripVTControlCharacters(line);
  const needle = matches.caseSensitive ? matches.query : matches.query.toLowerCase();
  const haystack = matches.caseSensitive ? plain : plain.toLowerCase();
  let at = haystack.indexOf(needle);
  if (at < 0) return line;
  let out = "";
  let from = 0;
  while (at >= 0) {
    out += plain.slice(from, at) + chalk.inverse.yellow(plain.slice(at, at + needle.length));
    from = at + needle.length;
    at = haystack.indexOf(needle, from);
  }
  return out + plain.slice(from);
}
