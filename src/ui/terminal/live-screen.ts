import {
  CLEAR_SCREEN_AND_HISTORY,
  CLEAR_TERMINAL,
  ERASE_LINES,
  eraseLines,
  eraseReflowRows,
  extraReflowRows,
  frameOfWrite,
} from "./reflow-guard.js";

/** Synchronized-output marks: a write of ours that erases and redraws the frame is shown at once or not at all. */
const BEGIN_SYNC = "\u001b[?2026h";
const END_SYNC = "\u001b[?2026l";
/**
 * Text inserted above the live region rides along with ink's next frame; when no frame comes within this long
 * (the record changed nothing below, so ink draws nothing), it is written with the frame redrawn. Longer than
 * ink's 33 ms throttle, so a frame still on its way is never written twice.
 */
const RIDE_ALONG_MS = 50;

/** The terminal as the pane uses it: ink's live region at the bottom, the transcript written above it. */
export interface LiveScreen {
  /** The stream to give ink's `render()`. */
  readonly stdout: NodeJS.WriteStream;
  /**
   * Writes `text` (whole lines, each ending in "\n") above the live region: in front of ink's next frame, in
   * the same write (ink's erase of the old frame, the text, the new frame), or on its own with the frame
   * redrawn when ink draws nothing soon.
   */
  insertAbove(text: string): void;
  /** Writes what {@link insertAbove} still holds, now (before quitting). */
  flush(): void;
  /** Clears the screen and its history (what was inserted and not yet written is dropped too). */
  clearScreen(): void;
}

/** Options of {@link createLiveScreen}. */
export interface LiveScreenOptions {
  /**
   * The transcript at `columns`, for the repaint after the terminal narrowed (screen and history are cleared
   * first): rendered from the records, so it wraps at the new width. Everything inserted so far is in it.
   */
  readonly repaint: (columns: number) => string;
}

/**
 * Wraps `stdout` for ink's `render()`: every property and method is the real stream's (bound to it, so ink's
 * `on("resize")`, `columns`, `isTTY` behave as before); `write` sees ink's frames, puts inserted text in front
 * of them, and guards against reflow ghosts (reflow-guard.ts).
 *
 * The width for the extra rows is asked of the terminal at that moment (`getWindowSize`, an ioctl) rather than
 * taken from `columns`: tmux re-wraps the screen before the SIGWINCH reaches node.
 */
export function createLiveScreen(stdout: NodeJS.WriteStream, options: LiveScreenOptions): LiveScreen {
  /** The visible lines of ink's last frame, and the frame as written (what a redraw writes again). */
  let frame: readonly string[] = [];
  let frameText = "";
  let pending: string[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let columns = stdout.columns || 0;
  let narrowed = false;
  const terminalColumns = (): number => {
    try {
      return stdout.getWindowSize()[0];
    } catch {
      return stdout.columns || 0;
    }
  };
  const rawWrite = (data: string): boolean => stdout.write(data);
  const takePending = (): string => {
    const text = pending.join("");
    pending = [];
    if (timer) clearTimeout(timer);
    timer = undefined;
    return text;
  };
  // Registered before ink's listener (the screen is made before `render()`), so the flag is up when ink's
  // `resized` clears the frame: that clear, and only that one, becomes the repaint.
  stdout.on("resize", () => {
    const now = stdout.columns || 0;
    if (now < columns) narrowed = true;
    columns = now;
  });
  const write = (chunk: unknown, ...rest: unknown[]): boolean => {
    let data = chunk;
    if (typeof chunk === "string") {
      const erase = ERASE_LINES.exec(chunk)?.[0] ?? "";
      const body = chunk.slice(erase.length);
      const isClear = chunk === "" || (erase !== "" && frameOfWrite(chunk)?.length === 0);
      if (narrowed && isClear) {
        takePending();
        data = CLEAR_SCREEN_AND_HISTORY + options.repaint(stdout.columns || columns);
      } else {
        const lines = frameOfWrite(chunk);
        const reflow = frame.length > 0 && erase ? eraseReflowRows(extraReflowRows(frame, terminalColumns())) : "";
        // A frame or a clear: the text goes between ink's erase and what it draws.
        const inserted =
          pending.length > 0 && lines !== undefined && !chunk.includes(CLEAR_TERMINAL) ? takePending() : "";
        data = reflow + erase + inserted + body;
      }
      narrowed = false;
      const lines = frameOfWrite(chunk);
      if (lines) {
        frame = lines;
        frameText = lines.length > 0 ? body : "";
      }
    }
    return (stdout.write as (...args: unknown[]) => boolean)(data, ...rest);
  };
  const flush = (): void => {
    if (pending.length === 0) return;
    const text = takePending();
    // log-update erases `lines + 1` rows next time (the frame ends in "\n"): the redraw leaves it so.
    const rows = frameText === "" ? 0 : frameText.split("\n").length;
    const reflow = frame.length > 0 ? eraseReflowRows(extraReflowRows(frame, terminalColumns())) : "";
    rawWrite(`${BEGIN_SYNC}${reflow}${eraseLines(rows)}${text}${frameText}${END_SYNC}`);
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
    insertAbove: (text) => {
      if (text === "") return;
      pending.push(text);
      timer ??= setTimeout(flush, RIDE_ALONG_MS);
    },
    flush,
    clearScreen: () => {
      takePending();
      // The frame is drawn again at the top: ink erases it by its line count next time, as if it never moved.
      rawWrite(CLEAR_SCREEN_AND_HISTORY + frameText);
    },
  };
}
