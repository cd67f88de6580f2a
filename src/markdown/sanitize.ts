/**
 * Strips terminal control from untrusted agent output (design.md §7).
 *
 * Everything the agent sends (answer text, titles, tool output, file names) passes through here before it
 * reaches the renderer, so that only our own renderer ever emits escape sequences. Without it an agent could
 * write to the user's clipboard (OSC 52), retitle the window (OSC 0/2), plant hyperlinks whose target differs
 * from their text (OSC 8), wipe the screen (CSI 2J) or send device-control strings to the terminal (DCS).
 *
 * The scanner follows the shape of a VT500 parser closely enough that whatever a terminal would treat as part
 * of a sequence is removed with it, and everything else is kept as text.
 */

/** Any C0 control other than LF and TAB, DEL, or any C1 control: the only characters that need work. */
const NEEDS_TEXT_SANITIZING = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
/** As above, and LF and TAB too: one-line contexts turn them into spaces. */
const NEEDS_LINE_SANITIZING = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
/**
 * Bidi embedding, override and isolate controls ("Trojan Source"): an agent could make `rm -rf ~ #\u202E`
 * display as something harmless in the approval modal. Right-to-left text needs none of them to display.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

const ESC = 0x1b;
const BEL = 0x07;
const LF = 0x0a;
const TAB = 0x09;
const CAN = 0x18;
const SUB = 0x1a;
const DEL = 0x7f;
const C1_CSI = 0x9b;
const C1_ST = 0x9c;

/** Where the scanner is between two characters; kept across chunks by {@link StreamSanitizer}. */
const enum State {
  /** Plain text. */
  Ground,
  /** After ESC: the next byte decides what kind of sequence this is. */
  Escape,
  /** ESC followed by intermediate bytes (0x20–0x2F), e.g. `ESC ( B`; ends at a final byte. */
  EscapeIntermediate,
  /** Control sequence (`ESC [` or U+009B): parameter and intermediate bytes until a final byte 0x40–0x7E. */
  Csi,
  /** OSC, DCS, SOS, PM or APC string: everything until BEL, ST (`ESC \` or U+009C), CAN or SUB. */
  ControlString,
}

/** C1 introducers of the string sequences OSC, DCS, SOS, PM and APC. */
function isC1StringIntroducer(code: number): boolean {
  return code === 0x9d || code === 0x90 || code === 0x98 || code === 0x9e || code === 0x9f;
}

/** Second byte after ESC that opens a string sequence: `]` OSC, `P` DCS, `X` SOS, `^` PM, `_` APC. */
function isEscStringIntroducer(code: number): boolean {
  return code === 0x5d || code === 0x50 || code === 0x58 || code === 0x5e || code === 0x5f;
}

/**
 * Runs the scanner over `input` from `state`; returns the kept text and the state after the last character.
 * Text is copied in runs (slices), not character by character, so long clean stretches stay cheap.
 */
function scan(input: string, initial: State): { text: string; state: State } {
  let state = initial;
  let out = "";
  let runStart = -1;
  const flush = (end: number) => {
    if (runStart >= 0) {
      out += input.slice(runStart, end);
      runStart = -1;
    }
  };
  for (let i = 0; i < input.length; i++) {
    const c = input.charCodeAt(i);
    switch (state) {
      case State.Ground:
        if ((c >= 0x20 && c < DEL) || c > 0x9f || c === LF || c === TAB) {
          if (runStart < 0) runStart = i;
          continue;
        }
        flush(i);
        if (c === ESC) state = State.Escape;
        else if (c === C1_CSI) state = State.Csi;
        else if (isC1StringIntroducer(c)) state = State.ControlString;
        // Every other C0 control (CR, BEL, BS, ...), DEL and C1 control is dropped.
        continue;
      case State.Escape:
        if (c === 0x5b) state = State.Csi;
        else if (isEscStringIntroducer(c)) state = State.ControlString;
        else if (c >= 0x20 && c <= 0x2f) state = State.EscapeIntermediate;
        else if (c >= 0x30 && c <= 0x7e) state = State.Ground;
        else if (c === ESC || c === CAN || c === SUB || c < 0x20) {
          // ESC restarts the sequence; CAN/SUB abort it; other C0 controls are executed by a terminal
          // without leaving the sequence, so they are dropped here and the sequence goes on.
          if (c === CAN || c === SUB) state = State.Ground;
          else if (c === LF || c === TAB) out += input[i];
        } else {
          // DEL, a C1 control or a non-ASCII character cannot continue the sequence: it ends, and the
          // character is read again as text.
          state = State.Ground;
          i--;
        }
        continue;
      case State.EscapeIntermediate:
      case State.Csi: {
        const lastIntermediate = state === State.Csi ? 0x3f : 0x2f;
        const firstFinal = state === State.Csi ? 0x40 : 0x30;
        if (c >= 0x20 && c <= lastIntermediate) continue;
        if (c >= firstFinal && c <= 0x7e) state = State.Ground;
        else if (c === ESC) state = State.Escape;
        else if (c === CAN || c === SUB) state = State.Ground;
        else if (c < 0x20 || c === DEL) {
          if (c === LF || c === TAB) out += input[i];
        } else {
          state = State.Ground;
          i--;
        }
        continue;
      }
      case State.ControlString:
        // ESC inside a string either starts ST (`ESC \`, consumed as an ordinary two-byte sequence) or, as
        // in xterm, abandons the string and starts a new sequence: both leave through the Escape state.
        if (c === BEL || c === C1_ST || c === CAN || c === SUB) state = State.Ground;
        else if (c === ESC) state = State.Escape;
        continue;
    }
  }
  flush(input.length);
  return { text: out, state };
}

/**
 * Removes every escape sequence and control character that could reach the terminal: CSI (7-bit and the C1
 * U+009B form), OSC (clipboard writes, title changes, hyperlinks; ended by BEL, `ESC \` or U+009C), DCS, SOS,
 * PM and APC strings, other ESC sequences, all C0 controls except `\n` and `\t` (so `\r\n` becomes `\n`), DEL
 * and all C1 controls, and the bidi override/isolate controls. A sequence left unterminated at the end of `s` is removed up to the end: nothing of it
 * leaks as text.
 *
 * Returns `s` itself (the same string) when it holds no control character at all: one regex test, cheap
 * enough for every streamed chunk. For text that arrives in chunks, {@link StreamSanitizer} also handles a
 * sequence split across two chunks.
 */
export function sanitizeText(s: string): string {
  if (!NEEDS_TEXT_SANITIZING.test(s)) return s;
  return scan(s, State.Ground).text.replace(BIDI_CONTROLS, "");
}

/**
 * {@link sanitizeText} for one-line contexts (a title, a file name, a command in a collapsed tool row): also
 * turns `\n` and `\t` into spaces, so the value can never break the row it is shown in.
 */
export function sanitizeLine(s: string): string {
  if (!NEEDS_LINE_SANITIZING.test(s)) return s;
  return sanitizeText(s).replace(/[\n\t]/g, " ");
}

/**
 * Characters that change what a line means without showing themselves: C0/C1 controls (ESC starts every
 * escape sequence), DEL, zero-width characters (U+200B–U+200D, U+2060, U+FEFF), bidi marks (U+200E/F,
 * U+061C), bidi embeddings, overrides and isolates, the line and paragraph separators U+2028/9, and the
 * tag characters U+E0000–U+E007F (invisible ASCII, used to smuggle instructions).
 */
const INVISIBLE =
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200B-\u200F\u2028-\u202E\u2060\u2066-\u2069\uFEFF]|\uDB40[\uDC00-\uDC7F]/g;

/**
 * For text the user approves (a permission request): every invisible or direction-changing character is
 * shown as `⟨U+202E⟩` instead of being dropped, so what the modal shows is what would run. Line feeds and
 * tabs stay. The result holds no control character, so the usual sanitizers leave it as it is.
 */
export function revealInvisibles(s: string): string {
  return s.replace(INVISIBLE, (char) => `⟨U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}⟩`);
}

/** {@link revealInvisibles} on every string inside a JSON-like value (a tool call), keys kept. */
export function revealInvisiblesDeep<T>(value: T): T {
  if (typeof value === "string") return revealInvisibles(value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => revealInvisiblesDeep(item)) as T;
  if (value !== null && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, revealInvisiblesDeep(item)]),
    ) as T;
  return value;
}

/**
 * Sanitizes text that arrives in chunks, remembering an escape sequence that is still open at the end of a
 * chunk. With {@link sanitizeText} per chunk, the tail of an OSC 52 payload split across two chunks would
 * show up as text at the start of the second one (harmless, but noise); here it is swallowed, as a terminal
 * would. Nothing is held back: each {@link push} returns everything that is known to be text.
 */
export class StreamSanitizer {
  private state: State = State.Ground;

  /** Sanitizes the next chunk; returns the chunk itself when it is clean and no sequence is open. */
  push(chunk: string): string {
    if (this.state === State.Ground && !NEEDS_TEXT_SANITIZING.test(chunk)) return chunk;
    const { text, state } = scan(chunk, this.state);
    this.state = state;
    return text.replace(BIDI_CONTROLS, "");
  }

  /** True while an escape sequence or control string is open (its remaining bytes will be dropped). */
  get inSequence(): boolean {
    return this.state !== State.Ground;
  }

  /** Forgets an open sequence, e.g. at the end of a message, so the next message starts as plain text. */
  reset(): void {
    this.state = State.Ground;
  }
}
