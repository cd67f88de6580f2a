/**
 * Finished wrapped lines of a growing paragraph, for printing before the paragraph ends.
 *
 * The safe-split finder (`safe-split.ts`) cuts only at blank lines, so a long paragraph stays in the live
 * region, and Ink 6.8 rewrites every one of its wrapped lines on every frame (6.5 terminal bytes per text
 * byte at 5 KB/s, design.md §6 asks for ≤ 3). A paragraph of plain prose is wrapped greedily at a fixed
 * width, and greedy wrapping is prefix-stable: text appended later can only change the last line or two.
 * So the lines before those can be cut off at the word boundary where the next line starts and printed as a
 * paragraph of their own: rendered alone at the same width it gives exactly those lines, and the rest,
 * rendered alone, starts exactly where they end.
 *
 * "Plain" is kept strict on purpose (a wrong cut prints lines into scrollback that cannot be redrawn): no
 * character that may open inline markup other than `*` emphasis and code spans (no links, HTML, entities,
 * escapes, `_`, strikethrough, table pipes, autolinks), and no line that could start a block. Emphasis and
 * code spans are allowed when every one of them opens and closes inside the head: its rendering then shows
 * no `*` or backtick left over. Delimiters pair left to right, and the head ends with a space, so text
 * appended later can neither close a span the head opened nor re-pair the head's own. Every cut is also
 * checked by rendering the head alone and comparing it with the lines it replaces.
 *
 * Known limit, like the link definitions in `safe-split.ts`: a setext underline (`===`, `---`) or a table
 * delimiter row arriving directly under the paragraph, with no blank line, turns the whole paragraph into a
 * heading or a table header after part of it was printed as prose. Agents write ATX headings and put blank
 * lines around rules and tables, and the cut only happens once the paragraph has wrapped past
 * {@link KEEP_LIVE_LINES} + 1 lines, which no heading does.
 */

import { isMarkdownRendererLoaded, renderMarkdown } from "./renderer.js";
import { stripSgr } from "./width.js";

/** Wrapped lines left live at the end of the paragraph: the last one grows, the one before may still reflow. */
export const KEEP_LIVE_LINES = 2;

/**
 * Characters that may open inline markup or change how a word renders: emphasis (`_`),
 * links and images (`[`, `]`, `!`), HTML and autolinks (`<`, `>`), entities (`&`), escapes (`\`),
 * strikethrough (`~`), tables (`|`), headings (`#`), emoji shortcodes and bare URLs (`:`), maths (`$`), and
 * setext underlines (`=`).
 */
const MARKUP = /[_[\]!<>&\\~|#:$=]/;
/** Emphasis and code-span delimiters: allowed when balanced inside the head (see the file comment). */
const SPAN_DELIMITER = /[*`]/;
/** A line that must start with a letter, a digit not followed by a list delimiter, or an opening bracket or quote. */
const PLAIN_LINE_START = /^(?:[A-Za-z("'\u00c0-\u024f]|\d+(?![.)\d]))/;
/** `www.` starts a GFM autolink without any markup character. */
const AUTOLINK = /www\./i;

/** True when `tail` is one paragraph of plain prose whose wrapped lines can be cut (see the file comment). */
export function isPlainParagraph(tail: string): boolean {
  if (MARKUP.test(tail) || AUTOLINK.test(tail)) return false;
  for (const line of tail.split("\n")) {
    // An empty line ends the paragraph (the splitter cuts there once the next block starts).
    if (!PLAIN_LINE_START.test(line)) return false;
  }
  return true;
}

/**
 * Where to cut `tail` (the live text after the last safe split point) so that the head renders at `width` as
 * the paragraph's finished wrapped lines: an index at the start of a word, or 0 when nothing may be cut yet
 * (also until the renderer has loaded).
 * The head rendered alone equals the first lines of the whole tail rendered, and leaves
 * {@link KEEP_LIVE_LINES} lines live.
 */
export function finishedLinesCut(tail: string, width: number): number {
  // The check below compares renderings: the plain text shown before the renderer has loaded proves nothing.
  if (!isMarkdownRendererLoaded() || !isPlainParagraph(tail)) return 0;
  const lines = renderMarkdown(tail, width).split("\n");
  const finished = lines.length - KEEP_LIVE_LINES;
  if (finished < 1) return 0;
  // Plain prose renders as its words, soft line breaks joined, wrapped at spaces: the head is the words of
  // the finished lines. A word broken across lines (longer than the width) makes the check below fail.
  let words = 0;
  for (let i = 0; i < finished; i++) words += (lines[i] as string).split(/\s+/).filter(Boolean).length;
  const word = /\S+/g;
  let match: RegExpExecArray | null = null;
  for (let i = 0; i <= words; i++) {
    match = word.exec(tail);
    if (!match) return 0;
  }
  const cut = match?.index ?? 0;
  if (cut <= 0) return 0;
  const head = tail.slice(0, cut);
  const rendered = renderMarkdown(head, width);
  if (rendered !== lines.slice(0, finished).join("\n")) return 0;
  // A delimiter shown as text is a span the head opened and did not close: later text could close it.
  if (SPAN_DELIMITER.test(head) && SPAN_DELIMITER.test(stripSgr(rendered))) return 0;
  return cut;
}
