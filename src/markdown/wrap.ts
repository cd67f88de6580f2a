/**
 * Wrapping styled text to the pane width.
 *
 * wrap-ansi (ink's) was the obvious tool, but it measures every word and, when breaking, every character with
 * its own string-width 7 (Intl.Segmenter each time): it took two thirds of the time of rendering a 20 KB
 * answer. It also re-opens only the last SGR code at a break. This wrapper measures each word once with
 * {@link visibleWidth}, and leaves styling across breaks to `normalizeSgr`.
 */
import { breakWord, stripSgr, visibleWidth } from "./width.js";

// The width and capping helpers live in their own files; this module is where the rest of the app imports them.
export { sliceColumns, stripSgr, visibleWidth } from "./width.js";
export { capLineLength, formatHiddenLines, truncateLines, type KeepLines, type TruncatedLines } from "./truncate.js";

/**
 * Splits a line into runs of spaces and words. Escape codes belong to the word they touch: `me@x.com` and the
 * `.` after its closing colour code are one word, never broken apart.
 */
const TOKENS = / +|(?:[^ \u001b]+|\u001b\[[0-9;]*m|\u001b)+/g;
/** A code unit that may be wider than one column (wide and emoji ranges start at U+1100). */
const MAYBE_WIDE = /[\u1100-\uffff]/;

/** Replaces tabs with spaces up to the next multiple of `tabSize` (string-width counts a tab as 0 columns). */
export function expandTabs(text: string, tabSize = 4): string {
  if (!text.includes("\t")) return text;
  return text
    .split("\n")
    .map((line) => {
      let out = "";
      let start = 0;
      for (let tab = line.indexOf("\t"); tab !== -1; tab = line.indexOf("\t", start)) {
        out += line.slice(start, tab);
        out += " ".repeat(tabSize - (out.length % tabSize));
        start = tab + 1;
      }
      return out + line.slice(start);
    })
    .join("\n");
}

/**
 * Wraps one line (no `\n`) of possibly SGR-styled text into lines of at most `width` columns: breaks at spaces
 * only, drops the spaces at a break and at the end, keeps runs of spaces elsewhere, starts a word wider than a
 * line on a new line and breaks it between graphemes. Escape sequences stay in order with the text.
 */
export function wrapStyledLine(line: string, width: number): string[] {
  const columns = Math.max(1, Math.floor(width));
  const lines: string[] = [];
  let current = "";
  let currentWidth = 0;
  // Spaces seen since the last word: placed before the next word, or dropped at a break.
  let pending = "";
  let pendingWidth = 0;
  const breakLine = () => {
    lines.push(current);
    current = "";
    currentWidth = 0;
  };
  TOKENS.lastIndex = 0;
  for (let match = TOKENS.exec(line); match; match = TOKENS.exec(line)) {
    const token = match[0];
    if (token.charCodeAt(0) === 0x20) {
      pending += token;
      pendingWidth += token.length;
      continue;
    }
    const tokenWidth = visibleWidth(token);
    if (tokenWidth === 0) {
      // Escape codes between spaces take no room: they never cause a break, and the spaces stay pending.
      current += token;
      continue;
    }
    if (currentWidth + pendingWidth + tokenWidth <= columns) {
      current += pending + token;
      currentWidth += pendingWidth + tokenWidth;
    } else {
      // Codes already on an otherwise empty line stay with the word.
      const carried = currentWidth > 0 ? "" : current;
      if (currentWidth > 0) breakLine();
      if (tokenWidth <= columns) {
        current = carried + token;
        currentWidth = tokenWidth;
      } else {
        const pieces = breakWord(token, columns);
        pieces.forEach((piece, index) => {
          if (index > 0) breakLine();
          current = (index === 0 ? carried : "") + piece;
          currentWidth = visibleWidth(piece);
        });
      }
    }
    pending = "";
    pendingWidth = 0;
  }
  lines.push(current);
  return lines;
}

/**
 * The indentation a wrapped line keeps on its continuation lines: leading spaces, quote bars (`│`) and a list
 * marker (`•`, `*`, `-`, `+`, `1.`, `1)`) followed by spaces.
 */
const HANGING_PREFIX = /^[ │]*(?:(?:[•*+-]|\d{1,4}[.)]) +)?/;
const SGR_AT = /\u001b\[[0-9;]*m/y;

/** Splits `line` after `visibleCount` visible characters (SGR codes on the way stay in the head). */
function splitAfterVisible(line: string, visibleCount: number): { head: string; tail: string } {
  let seen = 0;
  let i = 0;
  while (i < line.length && seen < visibleCount) {
    SGR_AT.lastIndex = i;
    const sgr = SGR_AT.exec(line);
    if (sgr) {
      i += sgr[0].length;
      continue;
    }
    seen++;
    i++;
  }
  return { head: line.slice(0, i), tail: line.slice(i) };
}

/** Wraps one over-wide line, keeping its indentation, quote bars and list marker as a hanging indent. */
function wrapWithHangingIndent(line: string, width: number): string {
  let prefix = HANGING_PREFIX.exec(stripSgr(line))?.[0] ?? "";
  // Deeply nested content would leave too little room: give up the hanging indent instead.
  if (prefix.length > width / 2) prefix = "";
  const { head, tail } = splitAfterVisible(line, prefix.length);
  const body = wrapStyledLine(tail, width - prefix.length);
  // The continuation keeps the prefix's bars and their styling; the list marker becomes spaces.
  const continuation = head.replace(/\u001b\[[0-9;]*m|[^ │]/g, (match) => (match.length > 1 ? match : " "));
  return body.map((part, index) => (index === 0 ? head + part : continuation + part)).join("\n");
}

/** True when `line` certainly fits without measuring: short, no escape sequences, no possibly wide character. */
function fitsWithoutMeasuring(line: string, width: number): boolean {
  return line.length <= width && !line.includes("\u001b") && !MAYBE_WIDE.test(line);
}

/**
 * Makes every line of `text` at most `width` columns wide. Lines that fit are left alone (they are never
 * re-joined, so code keeps its line breaks); longer ones are wrapped at spaces, words longer than a line are
 * broken, and the continuation lines keep the line's indentation and list marker as a hanging indent. Styles
 * that span a break are not re-opened here: run `normalizeSgr` afterwards. Returns `text` itself when nothing
 * needed wrapping.
 */
export function fitToWidth(text: string, width: number): string {
  const columns = Math.max(1, Math.floor(width));
  const lines = text.split("\n");
  let changed = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (fitsWithoutMeasuring(line, columns) || visibleWidth(line) <= columns) continue;
    lines[i] = wrapWithHangingIndent(line, columns);
    changed = true;
  }
  return changed ? lines.join("\n") : text;
}
