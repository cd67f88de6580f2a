/**
 * The alternate screen for the history view (CSI ?1049h/l), coordinated with ink 6.8's log-update.
 *
 * Ink erases its previous frame by line count (`eraseLines(previousLineCount)`) in front of every frame, and
 * it has one count for both screens. Switching under it would go wrong both ways: the view's first frame
 * would erase rows of the alternate screen that hold nothing of ours, and, worse, the first frame back on the
 * normal screen would erase as many rows as the view had, eating into the transcript above the live region.
 * So this stream sits between ink and the terminal and owns the difference:
 *
 * - While the alternate screen is up, every frame of ink's is drawn from the top-left corner over the whole
 *   screen (each line erased to its end, the rest of the screen below it erased), whatever erase ink put in
 *   front; nothing of it reaches the normal screen or the layers below (the reflow guard never sees a frame
 *   that is not on the normal screen).
 * - Leaving restores the normal screen as the terminal saved it (content, scrollback and cursor: 1049 saves
 *   the cursor), and the first erase ink writes afterwards is replaced by the erase of the frame that really
 *   is there, the last one drawn before entering.
 *
 * Switching is synchronous with the key that asks for it: ink writes only from its render callbacks (a commit
 * or its throttle timer), never in the middle of a key handler, and a deferred render draws the tree as it is
 * when it runs; so every frame written after {@link AlternateScreen.enter} is the view's, and every frame
 * after {@link AlternateScreen.leave} the pane's.
 */
import { frameOfWrite } from "./reflow-guard.js";

const ESC = "\u001b";
/** `ansiEscapes.eraseLines(n)` for n ≥ 1, as log-update puts it in front of a frame (and alone for a clear). */
const ERASE_LINES = /^\u001b\[2K(?:\u001b\[1A\u001b\[2K)*\u001b\[G/;
/** Switch to the alternate screen (saving the cursor), home, clear it. */
export const ENTER_ALTERNATE_SCREEN = `${ESC}[?1049h${ESC}[H${ESC}[2J`;
/** Back to the normal screen, its cursor restored. */
export const LEAVE_ALTERNATE_SCREEN = `${ESC}[?1049l`;

/** `ansiEscapes.eraseLines(count)`: what ink would have written for a frame of `count - 1` lines. */
export function eraseLines(count: number): string {
  if (count <= 0) return "";
  return `${ESC}[2K${`${ESC}[1A${ESC}[2K`.repeat(count - 1)}${ESC}[G`;
}

/** A frame of ink's drawn over the whole alternate screen from its top-left corner. */
export function fullScreenFrame(chunk: string): string {
  const body = chunk.replace(ERASE_LINES, "");
  return `${ESC}[H${body.replace(/\n/g, `${ESC}[K\n`)}${ESC}[J`;
}

export interface AlternateScreen {
  /** The stream to give ink's `render()`. */
  readonly stdout: NodeJS.WriteStream;
  /** Whether the alternate screen is up. */
  readonly active: boolean;
  enter(): void;
  leave(): void;
}

/**
 * Wraps `inner` (the stream the normal screen's frames go to, e.g. the reflow guard's) for ink; `terminal`
 * is the real terminal, written to directly while the alternate screen is up.
 */
export function createAlternateScreen(inner: NodeJS.WriteStream, terminal: NodeJS.WriteStream): AlternateScreen {
  let active = false;
  /** Ink's erase count for the frame on the normal screen: its lines plus the row the cursor is left on. */
  let normalErase = 0;
  let restoring = false;
  const writeTo = (stream: NodeJS.WriteStream, data: unknown, rest: unknown[]): boolean =>
    (stream.write as (...args: unknown[]) => boolean)(data, ...rest);
  const write = (chunk: unknown, ...rest: unknown[]): boolean => {
    if (typeof chunk !== "string") return writeTo(active ? terminal : inner, chunk, rest);
    if (active) {
      const lines = frameOfWrite(chunk);
      // Erases alone (ink's clear before static output) have nothing to draw; escape-only writes pass.
      if (lines === undefined) return writeTo(terminal, chunk, rest);
      if (lines.length === 0) return true;
      return writeTo(terminal, fullScreenFrame(chunk), rest);
    }
    let data = chunk;
    if (restoring && ERASE_LINES.test(chunk)) {
      data = eraseLines(normalErase) + chunk.replace(ERASE_LINES, "");
      restoring = false;
    }
    const lines = frameOfWrite(chunk);
    if (lines) normalErase = lines.length === 0 ? 0 : lines.length + 1;
    return writeTo(inner, data, rest);
  };
  const stdout = new Proxy(inner, {
    get(target, property) {
      if (property === "write") return write;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return {
    stdout,
    get active() {
      return active;
    },
    enter() {
      if (active) return;
      active = true;
      terminal.write(ENTER_ALTERNATE_SCREEN);
    },
    leave() {
      if (!active) return;
      active = false;
      restoring = true;
      terminal.write(LEAVE_ALTERNATE_SCREEN);
    },
  };
}
