/**
 * Line-level markdown syntax the safe-split scanner recognises: blank lines, list markers, thematic breaks,
 * fences and the HTML blocks that run past blank lines. Each pattern applies to a line or to its text after the
 * indentation, as its comment says; they follow CommonMark where marked does, and marked where it does not.
 */

/** A blank line (spaces and tabs only). */
export const BLANK = /^[ \t\r]*$/;
/** A list marker after the indentation, then 1–4 spaces, 5+ spaces (indented code), a tab, or the end. */
export const LIST_MARKER = /^([-+*]|\d{1,9}[.)])( {1,4}(?! )| {5,}|\t|\r?$)/;
/** A thematic break (`---`, `* * *`, `___`): not a list item even though `* ` looks like a marker. */
export const THEMATIC_BREAK = /^(?:(?:- *){3,}|(?:_ *){3,}|(?:\* *){3,})\r?$/;
/** What ends a list item in marked when indented less than the item, even without a blank line before it. */
export const ITEM_INTERRUPTION = /^(?:```|~~~|#|<(?:[a-z].*>|!--))/i;
/** An item line after which marked takes no lazy continuation: a fence (opening or closing) or a heading. */
export const NO_LAZY_AFTER = /^(?:```|~~~|#)/;
/** A fence at the start of the (de-indented) text: 3+ backticks or tildes, then the info string. */
export const FENCE_OPEN = /^(`{3,}|~{3,})(.*)$/;
/** A closing fence: only backticks or tildes after the indentation, then nothing but spaces. */
export const FENCE_CLOSE = /^(`{3,}|~{3,})[ \t\r]*$/;

/** CommonMark's block-level tag names (HTML block kind 6). */
const BLOCK_TAGS = [
  "address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd",
  "details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header",
  "hr|html|iframe|legend|li|link|main|menu|menuitem|meta|nav|noframes|ol|optgroup|option|p|param|search",
  "section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul",
].join("|");

/** Ends at a blank line instead of an end marker. */
export const UNTIL_BLANK = /(?!)/;
/** HTML blocks that run past blank lines until an end marker (CommonMark kinds 1–5) or to a blank line (6). */
export const HTML_BLOCKS: ReadonlyArray<{ readonly start: RegExp; readonly end: RegExp }> = [
  { start: /^ {0,3}<(?:script|pre|style|textarea)(?=[\s>]|$)/i, end: /<\/(?:script|pre|style|textarea)>/i },
  { start: /^ {0,3}<!--/, end: /-->/ },
  { start: /^ {0,3}<\?/, end: /\?>/ },
  { start: /^ {0,3}<![A-Za-z]/, end: />/ },
  { start: /^ {0,3}<!\[CDATA\[/, end: /\]\]>/ },
  {
    // Kind 6: block-level tags such as <details> or </div>; the block swallows lines up to a blank one, so a
    // fence right after `</details>` is not a fence.
    start: new RegExp(`^ {0,3}</?(?:${BLOCK_TAGS})(?=[\\s/>]|$)`, "i"),
    end: UNTIL_BLANK,
  },
];
/**
 * Kind 7: any other complete opening or closing tag alone on its line (`<br>`, `<my-tag a="b">`); it also
 * runs to a blank line, but cannot interrupt a paragraph.
 */
export const HTML_TAG_LINE =
  /^ {0,3}(?:<[A-Za-z][A-Za-z0-9-]*(?:\s+[A-Za-z_:][\w.:-]*(?:\s*=\s*(?:[^\s"'=<>`]+|'[^']*'|"[^"]*"))?)*\s*\/?>|<\/[A-Za-z][A-Za-z0-9-]*\s*>)[ \t\r]*$/;

/** Leading whitespace of `line`: its width in columns (a tab advances to the next multiple of 4) and length. */
export function indentationOf(line: string): { columns: number; length: number } {
  let columns = 0;
  let i = 0;
  for (; i < line.length; i++) {
    const c = line[i];
    if (c === " ") columns++;
    else if (c === "\t") columns += 4 - (columns % 4);
    else break;
  }
  return { columns, length: i };
}
