/**
 * Display width of terminal text, fast for the common case.
 *
 * `string-width` (ink's own, so we agree with ink's layout) runs Intl.Segmenter and Unicode property regexes
 * on anything that is not printable ASCII; measuring every word of a 20 KB answer that way took most of the
 * render time. Text made only of characters that are one column wide in every case (ASCII, Latin, Greek,
 * Cyrillic, general punctuation, arrows, maths and box drawing) is measured by its length instead; a test
 * checks that range against string-width character by character.
 */
import stringWidth from "string-width";

const SGR = /\u001b\[[0-9;]*m/g;
const CODES = /(\u001b\[[0-9;]*m|\u001b)/;
const graphemes = new Intl.Segmenter();
/** Characters string-width counts as exactly one column, alone or next to each other (no combining marks). */
const SINGLE_COLUMN_RANGES = [
  "\\u0020-\\u007e", // ASCII
  "\\u00a0-\\u00ac\\u00ae-\\u02ff", // Latin-1 (not the soft hyphen, which is zero-width), Latin Extended, IPA
  "\\u0370-\\u0377\\u037a-\\u037f\\u0384-\\u038a\\u038c\\u038e-\\u03a1\\u03a3-\\u03ff", // Greek
  "\\u0400-\\u0482\\u048a-\\u04ff", // Cyrillic, without its combining marks
  "\\u2010-\\u2027\\u2030-\\u205e", // general punctuation: dashes, quotes, bullet, ellipsis (no bidi controls)
  // Arrows, mathematical operators, technical symbols, box drawing, geometric shapes, miscellaneous symbols,
  // dingbats (✓ ✗ ✎ ✻) and braille (the spinner): every one string-width measures as one column, without the
  // emoji-presentation ones (☕ ✅ ❌ …). Tool rows and plans are full of them: string-width's emoji regex
  // costs ~0.4 ms a call, a quarter of a second on its first.
  "\\u2190-\\u2319\\u231c-\\u2328\\u232b-\\u23e8\\u23ed-\\u23ef\\u23f1-\\u23f2\\u23f4-\\u25fc\\u25ff-\\u2613",
  "\\u2616-\\u262f\\u2638-\\u2647\\u2654-\\u267e\\u2680-\\u2689\\u2690-\\u2692\\u2694-\\u26a0\\u26a2-\\u26a9",
  "\\u26ac-\\u26bc\\u26bf-\\u26c3\\u26c6-\\u26cd\\u26cf-\\u26d3\\u26d5-\\u26e9\\u26eb-\\u26f1\\u26f4\\u26f6-\\u26f9",
  "\\u26fb-\\u26fc\\u26fe-\\u2704\\u2706-\\u2709\\u270c-\\u2727\\u2729-\\u274b\\u274d\\u274f-\\u2752\\u2756",
  "\\u2758-\\u2794\\u2798-\\u27af\\u27b1-\\u27be\\u27c0-\\u2b1a\\u2b1d-\\u2b4f\\u2b51-\\u2b54\\u2b56-\\u2bff",
];
const SINGLE_COLUMN = new RegExp(`^[${SINGLE_COLUMN_RANGES.join("")}]*$`);

/** Removes SGR sequences (the only escape sequences our renderer emits), leaving the visible text. */
export function stripSgr(text: string): string {
  return text.includes("\u001b") ? text.replace(SGR, "") : text;
}

/** Display width in terminal columns, as ink measures it; SGR sequences count as zero. */
export function visibleWidth(text: string): number {
  const visible = stripSgr(text);
  return SINGLE_COLUMN.test(visible) ? visible.length : stringWidth(visible);
}

/**
 * Breaks a word wider than `width` into pieces of at most `width` columns, between graphemes (a grapheme
 * wider than `width` stands alone); escape codes stay where they were, taking no room.
 */
export function breakWord(word: string, width: number): string[] {
  const pieces: string[] = [];
  let piece = "";
  let pieceWidth = 0;
  for (const part of word.split(CODES)) {
    if (part === "") continue;
    if (part.charCodeAt(0) === 0x1b) {
      piece += part;
      continue;
    }
    const ascii = /^[\u0020-\u007e]*$/.test(part);
    const units = ascii ? part : Array.from(graphemes.segment(part), (segment) => segment.segment);
    for (const unit of units) {
      const unitWidth = ascii ? 1 : visibleWidth(unit);
      if (pieceWidth + unitWidth > width && pieceWidth > 0) {
        pieces.push(piece);
        piece = "";
        pieceWidth = 0;
      }
      piece += unit;
      pieceWidth += unitWidth;
    }
  }
  if (piece !== "") pieces.push(piece);
  return pieces;
}

/**
 * The longest start of `text` that is at most `columns` wide, cut between graphemes (escape codes kept, taking
 * no room).
 */
export function sliceColumns(text: string, columns: number): string {
  if (columns <= 0) return "";
  const first = breakWord(text, columns)[0] ?? "";
  // A single grapheme wider than `columns` cannot be cut: leave it out.
  return visibleWidth(first) > columns ? "" : first;
}
