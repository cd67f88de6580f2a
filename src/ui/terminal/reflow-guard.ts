/**
 * Keeps ink's live region from leaving ghost copies in the scrollback when the terminal narrows.
 *
 * When tmux narrows a pane it re-wraps every line wider than the new width into several rows, the live region's
 * last frame included, while ink 6.8 erases a frame by its old line count (`eraseLines` in log-update). Two
 * cases, two remedies:
 *
 * - A frame already on screen when the pane narrows: its bytes may still sit in the pty when tmux re-wraps
 *   (ink wrote them at the old width a few ms before the resize), so no count taken at write time is right
 *   for it. On a narrowing, ink's own clear is therefore replaced by a clear of the screen and its history
 *   and a reprint of the transcript (everything ink wrote through `<Static>`), which tmux wraps at the new
 *   width: whatever the re-wrap left behind goes with the clear.
 * - A frame ink writes after the narrowing but still at the old width (the layout's width is React state and
 *   catches up a render later): the terminal soft-wraps it into more rows than its lines, so in front of each
 *   erase the rows it gained are erased too, counted at the live width.
 */
import { stripVTControlCharacters } from "node:util";
import stringWidth from "string-width";

const ESC = "\u001b";
/** `ansiEscapes.eraseLines(n)` for n ≥ 1, as log-update puts it in front of every frame and alone for a clear. */
const ERASE_LINES = /^\u001b\[2K(?:\u001b\[1A\u001b\[2K)*\u001b\[G/;
/** Ink's fullscreen path (`clearTerminal` + static + frame): no frame we could measure follows. */
const CLEAR_TERMINAL = "\u001b[2J";
/** Clears the screen and its scrollback (tmux moves a cleared screen into the history; 3J drops that too). */
export const CLEAR_SCREEN_AND_HISTORY = "\u001b[2J\u001b[3J\u001b[H";
/** Synchronized-output marks: ink wraps each render's writes in them (a TTY outside CI). */
const BEGIN_SYNC = "\u001b[?2026h";
const END_SYNC = "\u001b[?2026l";
/** The transcript kept for a reprint: as much as a terminal's history usually holds, not a session's all. */
const TRANSCRIPT_LINES = 5000;
/**
 * Static output is appended as pieces and cut to {@link TRANSCRIPT_LINES} only when it grows past this many
 * characters (or at a reprint): cutting on every write would rescan 5,000 lines per streamed frame.
 */
const TRANSCRIPT_TRIM_CHARS = 2 * 1024 * 1024;

/**
 * How many more rows the frame's lines take once a terminal re-wraps them at `columns`: each line becomes
 * `ceil(width / columns)` rows (at least one, an empty line stays one row); lines that fit are untouched.
 */
export function extraReflowRows(lines: readonly string[], columns: number): number {
  if (columns <= 0) return 0;
  let extra = 0;
  for (const line of lines) {
    const width = stringWidth(stripVTControlCharacters(line));
    extra += Math.max(1, Math.ceil(width / columns)) - 1;
  }
  return extra;
}

/**
 * What erases `extra` rows above the cursor's row, the cursor's row included, leaving the cursor on the topmost
 * erased row; "" when nothing was added. Ink's `eraseLines(oldCount)` continues from there.
 */
export function eraseReflowRows(extra: number): string {
  return extra > 0 ? `${ESC}[2K${`${ESC}[1A${ESC}[2K`.repeat(extra)}` : "";
}

/**
 * The visible lines of the frame a write of log-update leaves on screen, `[]` for a clear, or `undefined` when
 * the write is not a frame (synchronized-output marks, cursor show/hide: escape sequences alone).
 *
 * On new `<Static>` output ink writes `eraseLines(previous)` alone (the clear), the static text, then the frame
 * with no erase in front. A write without an erase in front is therefore taken as the frame for now, and
 * replaced by the next write of text when it was the static output: both come from one synchronous `onRender`.
 */
export function frameOfWrite(chunk: string): readonly string[] | undefined {
  if (chunk.includes(CLEAR_TERMINAL)) return [];
  const erase = ERASE_LINES.exec(chunk);
  const body = erase ? chunk.slice(erase[0].length) : chunk;
  if (stripVTControlCharacters(body) === "") return erase ? [] : undefined;
  const lines = body.split("\n");
  // The frame ends in "\n": the empty row after it is where the cursor sits, and a re-wrap leaves it one row.
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

/** Whether a write carries text (not only escape sequences such as the sync marks or cursor show/hide). */
const hasText = (chunk: string): boolean => stripVTControlCharacters(chunk) !== "";

/**
 * Reads the `<Static>` output out of one synchronized render's writes: the frame is always its last write of
 * text, so every write of text before it that does not start with an erase is static output (ink writes it
 * between its clear and the frame). A render without static output has one write of text.
 */
export function staticWrites(block: readonly string[]): string[] {
  const texts = block.filter(hasText);
  return texts.slice(0, -1).filter((chunk) => !ERASE_LINES.test(chunk) && !chunk.includes(CLEAR_TERMINAL));
}

/** Keeps the last `limit` lines of `text` (whole lines: a reprint must not start in the middle of one). */
export function lastLines(text: string, limit: number): string {
  let at = text.length;
  for (let count = 0; count <= limit; count++) {
    at = text.lastIndexOf("\n", at - 1);
    if (at < 0) return text;
  }
  return text.slice(at + 1);
}

export interface ReflowGuard {
  /** The stream to give ink's `render()`. */
  readonly stdout: NodeJS.WriteStream;
  /** Clears the screen and its history, and forgets the transcript (ink's `<Static>` starts over after it). */
  clearScreen(): void;
}

/**
 * Wraps `stdout` for ink's `render()`: every property and method is the real stream's (bound to it, so ink's
 * `on("resize")`, `columns`, `isTTY` behave as before); `write` records the last frame and the static output,
 * and adjusts ink's erases as the module comment says.
 *
 * The width for the extra rows is asked of the terminal at that moment (`getWindowSize`, an ioctl) rather than
 * taken from `columns`: tmux re-wraps the screen before the SIGWINCH reaches node.
 */
export function createReflowGuard(stdout: NodeJS.WriteStream): ReflowGuard {
  let frame: readonly string[] = [];
  let pieces: string[] = [];
  let piecesLength = 0;
  const keptTranscript = (): string => {
    const kept = lastLines(pieces.join(""), TRANSCRIPT_LINES);
    pieces = [kept];
    piecesLength = kept.length;
    return kept;
  };
  let block: string[] | undefined;
  let columns = stdout.columns || 0;
  let narrowed = false;
  // The transcript is read from ink's synchronized renders; without them (ink skips the marks in CI) it stays
  // empty, and a repaint would wipe the history: then ink's clear is left alone.
  let synchronized = false;
  const terminalColumns = (): number => {
    try {
      return stdout.getWindowSize()[0];
    } catch {
      return stdout.columns || 0;
    }
  };
  // Registered before ink's listener (the guard is made before `render()`), so the flag is up when ink's
  // `resized` clears the frame: that clear, and only that one, becomes the repaint.
  stdout.on("resize", () => {
    const now = stdout.columns || 0;
    if (now < columns) narrowed = true;
    columns = now;
  });
  const write = (chunk: unknown, ...rest: unknown[]): boolean => {
    let data = chunk;
    if (typeof chunk === "string") {
      if (
        narrowed &&
        synchronized &&
        (chunk === "" || (ERASE_LINES.test(chunk) && !hasText(chunk.replace(ERASE_LINES, ""))))
      ) {
        data = CLEAR_SCREEN_AND_HISTORY + keptTranscript();
      } else if (frame.length > 0 && ERASE_LINES.test(chunk)) {
        data = eraseReflowRows(extraReflowRows(frame, terminalColumns())) + chunk;
      }
      narrowed = false;
      const lines = frameOfWrite(chunk);
      if (lines) frame = lines;
      if (chunk.includes(BEGIN_SYNC)) {
        synchronized = true;
        block = [];
      } else if (block) block.push(chunk);
      if (chunk.includes(END_SYNC) && block) {
        const added = staticWrites(block).join("");
        if (added) {
          pieces.push(added);
          piecesLength += added.length;
          if (piecesLength > TRANSCRIPT_TRIM_CHARS) keptTranscript();
        }
        block = undefined;
      }
    }
    return (stdout.write as (...args: unknown[]) => boolean)(data, ...rest);
  };
  const proxy = new Proxy(stdout, {
    get(target, property) {
      if (property === "write") return write;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return {
    stdout: proxy,
    clearScreen: () => {
      pieces = [];
      piecesLength = 0;
      frame = [];
      stdout.write(CLEAR_SCREEN_AND_HISTORY);
    },
  };
}
