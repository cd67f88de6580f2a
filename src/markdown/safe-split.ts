/**
 * Where a streaming markdown answer can be cut so that its head never renders differently again.
 *
 * The live region re-renders its markdown on every chunk; re-parsing a whole 20 KB answer each time cost
 * about a second of CPU (style.md). So the UI moves the head of the answer into the transcript (printed once
 * into scrollback) and re-renders only the tail. That is correct only if the head, parsed alone, gives the
 * same blocks it gives inside the whole answer, whatever arrives later. This module finds such points.
 *
 * Rules (a split point is always the start of a line L):
 * 1. The line before L is blank, and some non-blank text precedes it: the head ends with complete blocks.
 * 2. L is complete (its `\n` has arrived). Until then "1" might grow into "1. item" and continue a list.
 * 3. The blank line is not inside a fenced code block (``` or ~~~, 3+ characters, info string allowed;
 *    indented by at most 3 spaces, relative to the list item holding it if any; closed by the same character,
 *    at least as many, nothing after), nor inside an HTML block that spans blank lines (`<!-- -->`, `<pre>`,
 *    `<script>`, `<style>`, `<textarea>`, `<?…?>`, `<!X…>`, `<![CDATA[…]]>`). A block-level tag (`<details>`)
 *    or a tag alone on its line also starts an HTML block, to the next blank line: a fence inside it is none.
 * 4. L starts in column 0 with a non-blank character. An indented L after a blank line may continue the
 *    previous block (a list item's next paragraph, an indented code block), so it is never a split point.
 * 5. If a list is open, L must not start with a list marker (`-`, `+`, `*`, `1.`, `1)`): after a blank line
 *    another item continues the same list and turns it "loose", which changes how every item renders. Any
 *    other column-0 line after a blank line ends the list, and the split there is accepted.
 *
 * Fences inside list items are where agents are sloppiest (code dedented to column 0 inside an indented
 * fence, closing fences at the wrong indentation), and where marked itself departs from CommonMark. The
 * scanner tracks the open items' content columns and mirrors marked's rules for the common cases (a line
 * indented less than the item ends it, and the fence with it, unless marked takes it as a lazy continuation;
 * a fence, heading, HTML tag or thematic break indented less than the item ends it even without a blank
 * line). For what remains, pass marked's lexer as {@link SplitterOptions.lexer}: each candidate is then
 * confirmed by lexing the text since the previous split point, once, so a wrong split is impossible and the
 * cost stays linear. A missed split only costs a longer tail re-rendering; a wrong one would print a block
 * into scrollback that renders wrongly (prose shown as code or the reverse, for the rest of the answer).
 *
 * Known limit: a link reference definition (`[1]: https://…`) placed after the text that uses it resolves in
 * the whole answer but not in a head that was cut before it. Agents very rarely write those.
 */

import {
  BLANK,
  FENCE_CLOSE,
  FENCE_OPEN,
  HTML_BLOCKS,
  HTML_TAG_LINE,
  ITEM_INTERRUPTION,
  LIST_MARKER,
  NO_LAZY_AFTER,
  THEMATIC_BREAK,
  UNTIL_BLANK,
  indentationOf,
} from "./block-syntax.js";

/** A markdown lexer returning top-level tokens whose `raw` texts concatenate to the input (marked's does). */
export type MarkdownLexer = (markdown: string) => ReadonlyArray<{ readonly raw: string }>;

/** Options of a {@link StreamingSplitter}. */
export interface SplitterOptions {
  /**
   * When given, every split point the scanner finds is confirmed by lexing the text since the previous split
   * point and checking that a top-level token starts there. Use the renderer's own lexer
   * (`getMarkdownLexer()` in `renderer.ts`) so the check agrees with what will be rendered.
   */
  lexer?: MarkdownLexer;
}

/** Fence currently open: its character and length, and the list item holding it. */
interface OpenFence {
  readonly char: "`" | "~";
  readonly length: number;
  /** Content column of the list item the fence is in; `null` for a fence at top level. */
  readonly container: number | null;
}

/** An open list item: where its content starts, and whether a blank line has been seen inside it. */
interface OpenItem {
  readonly column: number;
  blankSeen: boolean;
}

/** True when `tokens` has a top-level token starting exactly at `offset`. */
function hasBoundaryAt(tokens: ReadonlyArray<{ readonly raw: string }>, offset: number): boolean {
  let position = 0;
  for (const token of tokens) {
    if (position === offset) return true;
    if (position > offset) return false;
    position += token.raw.length;
  }
  return position === offset;
}

/**
 * Finds safe split points in text that arrives in pieces, looking at each character once.
 *
 * Feed it every appended chunk with {@link push}; it keeps only the unfinished last line and a little state
 * (open fence, open HTML block, open list items), never the whole answer (with a lexer, it keeps the text
 * since the last split point). The split point is an index into the whole text pushed so far:
 * `text.slice(0, point)` is the stable head, `text.slice(point)` the tail. It only ever moves forward, and
 * feeding the same text in any chunking gives the same points.
 */
export class StreamingSplitter {
  private readonly lexer: MarkdownLexer | undefined;
  private consumed = 0;
  private pendingLine = "";
  private point = 0;
  private fence: OpenFence | null = null;
  private htmlEnd: RegExp | null = null;
  /** Open list items, innermost last (content columns strictly increasing). Empty: no list is open. */
  private items: OpenItem[] = [];
  private previousBlank = false;
  private seenContent = false;
  /**
   * The previous line, inside a list item, was a fence line, a heading, a thematic break or indented 4+ past
   * the item's content: marked then ends the item at a dedented line instead of continuing it lazily.
   */
  private previousEndsLaziness = false;
  /** Text since the split point, kept only for the lexer check. */
  private region = "";
  /** Region length at the last rejected check; the next check waits until the region is 1.5× as long. */
  private rejectedAt = 0;

  constructor(options: SplitterOptions = {}) {
    this.lexer = options.lexer;
  }

  /** Appends `chunk` and returns the largest safe split point so far (0 when there is none). */
  push(chunk: string): number {
    if (this.lexer) this.region += chunk;
    let start = 0;
    let newline = chunk.indexOf("\n");
    while (newline !== -1) {
      const piece = chunk.slice(start, newline);
      const line = this.pendingLine === "" ? piece : this.pendingLine + piece;
      const lineStart = this.consumed - this.pendingLine.length + start;
      this.pendingLine = "";
      this.processLine(line, lineStart, this.consumed + newline + 1);
      start = newline + 1;
      newline = chunk.indexOf("\n", start);
    }
    if (start < chunk.length) this.pendingLine += start === 0 ? chunk : chunk.slice(start);
    this.consumed += chunk.length;
    return this.point;
  }

  /** The current safe split point: an index into everything pushed so far (0 when there is none). */
  get splitPoint(): number {
    return this.point;
  }

  /**
   * The split point including the unfinished last line when that line can only start a new block: after a
   * blank line outside any fence or HTML block, starting in column 0 with a letter. Rule 2 waits for a line's
   * `\n` because "1" may grow into a list item; a letter cannot grow into a list marker, a fence, a heading,
   * HTML or indented code, so the point the line will give when it completes is already known. A streaming
   * paragraph of prose thus becomes the whole tail at once, and its finished wrapped lines can be printed
   * early (`line-commit.ts`). Never behind {@link splitPoint}; equal to it once the line completes.
   */
  get provisionalSplitPoint(): number {
    const line = this.pendingLine;
    if (this.fence || this.htmlEnd || !this.previousBlank || !this.seenContent || !/^[A-Za-z]/.test(line))
      return this.point;
    // With a lexer every point is confirmed against marked's tokens: wait for the line as rule 2 says.
    if (this.lexer) return this.point;
    return this.consumed - line.length;
  }

  /** Total length of the text pushed so far. */
  get length(): number {
    return this.consumed;
  }

  /** True while a fenced code block is open at the end of the text seen so far. */
  get inFence(): boolean {
    return this.fence !== null;
  }

  /** Starts over for a new answer. */
  reset(): void {
    this.consumed = 0;
    this.pendingLine = "";
    this.point = 0;
    this.fence = null;
    this.htmlEnd = null;
    this.items = [];
    this.previousBlank = false;
    this.seenContent = false;
    this.previousEndsLaziness = false;
    this.region = "";
    this.rejectedAt = 0;
  }

  private processLine(line: string, lineStart: number, lineEnd: number): void {
    const blank = BLANK.test(line);
    const indent = indentationOf(line);
    const rest = line.slice(indent.length);
    const innermost = this.items[this.items.length - 1];
    const noLazyContinuation = this.previousEndsLaziness;
    if (blank) for (const item of this.items) item.blankSeen = true;
    else this.previousEndsLaziness = this.endsLaziness(rest, indent.columns);
    if (this.fence) {
      const container = this.fence.container;
      // marked's lazy continuation: a dedented line still belongs to the item (and the fence) unless a blank
      // line came before it in the item, or the previous line was a fence line or indented 4+.
      const endsItem =
        container !== null &&
        !blank &&
        indent.columns < container &&
        this.endedItems(indent.columns, noLazyContinuation) < this.items.length;
      if (!endsItem) {
        this.closeFenceIfCloser(line, indent);
        this.previousBlank = false;
        return;
      }
      // The dedented line ends the item, and the fence with it; it is read as ordinary text below.
      this.fence = null;
    }
    if (this.htmlEnd) {
      if (blank && this.htmlEnd === UNTIL_BLANK) {
        this.htmlEnd = null;
        this.previousBlank = true;
      } else {
        if (this.htmlEnd.test(line)) this.htmlEnd = null;
        this.previousBlank = false;
      }
      return;
    }
    if (blank) {
      this.previousBlank = true;
      return;
    }
    const isBreak = THEMATIC_BREAK.test(rest);
    const marker = !isBreak && (indent.columns <= 3 || this.items.length > 0) ? LIST_MARKER.exec(rest) : null;
    if (this.previousBlank && this.seenContent && indent.columns === 0 && !(this.items.length > 0 && marker)) {
      if (this.confirm(lineStart, lineEnd)) {
        this.point = lineStart;
        this.items = [];
      }
    }
    const interrupts =
      innermost !== undefined &&
      indent.columns < innermost.column &&
      indent.columns <= 3 &&
      (isBreak || ITEM_INTERRUPTION.test(rest));
    // A line indented less than an item's content closes it after a blank line, as a sibling or outer list
    // item, or as one of the blocks that interrupt an item in marked; otherwise it may be a lazy continuation.
    if (this.previousBlank || marker || interrupts) this.closeItemsDeeperThan(indent.columns);
    else this.items.length = this.endedItems(indent.columns, noLazyContinuation);
    const startsBlock = this.previousBlank || !this.seenContent;
    this.previousBlank = false;
    this.seenContent = true;
    let content = rest;
    let column = indent.columns;
    if (marker) {
      const gap = marker[2] ?? "";
      // Content starts after the marker and its spaces; 5+ spaces mean one space and indented code.
      const spaces = gap.length >= 1 && gap.length <= 4 && gap !== "\t" ? gap.length : 1;
      column += (marker[1] ?? "").length + spaces;
      this.items.push({ column, blankSeen: false });
      content = rest.slice(marker[0].length);
      this.previousEndsLaziness = NO_LAZY_AFTER.test(content);
    }
    this.openBlock(line, content, column, startsBlock && !marker);
  }

  /** With a lexer, checks that a top-level token starts at `lineStart`, given the text up to `lineEnd`. */
  private confirm(lineStart: number, lineEnd: number): boolean {
    if (!this.lexer) return true;
    // The region always starts at the current split point.
    const upToLine = lineEnd - this.point;
    if (upToLine < this.rejectedAt * 1.5) return false;
    const accepted = hasBoundaryAt(this.lexer(this.region.slice(0, upToLine)), lineStart - this.point);
    if (accepted) {
      this.region = this.region.slice(lineStart - this.point);
      this.rejectedAt = 0;
    } else {
      this.rejectedAt = upToLine;
    }
    return accepted;
  }

  /** Whether a non-blank line (`rest` after `columns` of indentation) stops marked's lazy continuation. */
  private endsLaziness(rest: string, columns: number): boolean {
    const innermost = this.items[this.items.length - 1];
    if (!innermost) return false;
    return columns - innermost.column >= 4 || NO_LAZY_AFTER.test(rest) || THEMATIC_BREAK.test(rest);
  }

  /**
   * How many open items survive a non-blank line indented by `columns` that follows a non-blank line: the
   * items it is indented less than end where marked refuses a lazy continuation (after a fence line or a
   * heading, or in an item that already holds a blank line), with everything nested in them.
   */
  private endedItems(columns: number, noLazyContinuation: boolean): number {
    const firstDeeper = this.items.findIndex((item) => item.column > columns);
    if (firstDeeper === -1) return this.items.length;
    if (noLazyContinuation) return firstDeeper;
    const firstBlank = this.items.findIndex((item, index) => index >= firstDeeper && item.blankSeen);
    return firstBlank === -1 ? this.items.length : firstBlank;
  }

  private closeItemsDeeperThan(columns: number): void {
    while ((this.items[this.items.length - 1]?.column ?? -1) > columns) this.items.pop();
  }

  private closeFenceIfCloser(line: string, indent: { columns: number; length: number }): void {
    const fence = this.fence;
    if (!fence) return;
    if (indent.columns - (fence.container ?? 0) > 3) return;
    const marker = FENCE_CLOSE.exec(line.slice(indent.length))?.[1];
    if (marker && marker[0] === fence.char && marker.length >= fence.length) this.fence = null;
  }

  /**
   * Notes a fence or a multi-paragraph HTML block starting at `column` with `content` (marker removed);
   * `afterBreak` says that the line cannot be a paragraph's continuation.
   */
  private openBlock(line: string, content: string, column: number, afterBreak: boolean): void {
    const open = FENCE_OPEN.exec(content);
    const marker = open?.[1];
    if (marker) {
      // The fence belongs to the innermost list item whose content column it reaches; relative to that
      // (or to the margin) it may be indented by at most 3, or it is indented code, not a fence.
      let container: number | null = null;
      for (let i = this.items.length - 1; i >= 0; i--) {
        const item = (this.items[i] as OpenItem).column;
        if (item <= column) {
          container = item;
          break;
        }
      }
      const char = marker[0] === "`" ? "`" : "~";
      // A backtick fence's info string may not contain a backtick (that line is inline code instead).
      const validInfo = char === "~" || !(open[2] ?? "").includes("`");
      if (validInfo && column - (container ?? 0) <= 3) {
        this.fence = { char, length: marker.length, container };
        return;
      }
    }
    for (const block of HTML_BLOCKS) {
      const start = block.start.exec(line);
      if (start && !block.end.test(line.slice(start[0].length))) {
        this.htmlEnd = block.end;
        return;
      }
    }
    if (afterBreak && this.items.length === 0 && HTML_TAG_LINE.test(line)) this.htmlEnd = UNTIL_BLANK;
  }
}

/**
 * The largest index at which `markdown` can be cut so that the head is complete markdown that will never
 * render differently when more text arrives (see the rules at the top of this file); 0 when there is none.
 * Scans the whole text: for a growing answer, feed a {@link StreamingSplitter} instead.
 */
export function findSafeSplitPoint(markdown: string, options: SplitterOptions = {}): number {
  return new StreamingSplitter(options).push(markdown);
}
