import { EventEmitter } from "node:events";
import { render as inkRender } from "ink";
import { act, type ReactElement } from "react";
import { vi } from "vitest";
import { KeyRouter } from "../../src/ui/keys/key-router.js";
import { trackMounted } from "./mounted.js";

/** A fake TTY stdout with a chosen size (ink-testing-library's is fixed at 100 columns). */
class FakeStdout extends EventEmitter {
  readonly frames: string[] = [];
  isTTY = true;
  constructor(
    readonly columns: number,
    readonly rows: number,
  ) {
    super();
  }
  write = (frame: string) => {
    this.frames.push(frame);
    return true;
  };
  lastFrame = () => this.frames.at(-1);
}

class FakeStdin extends EventEmitter {
  isTTY = true;
  private buffer: string[] = [];
  write = (data: string) => {
    this.buffer.push(data);
    this.emit("readable");
    this.emit("data", data);
  };
  read = () => this.buffer.shift() ?? null;
  setEncoding() {}
  setRawMode() {}
  resume() {}
  pause() {}
  ref() {}
  unref() {}
}

const strip = (text: string) => text.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, "");

/**
 * Waits `wait` out inside React's act scope: state updates that arrive meanwhile (keys, the store's flush, a
 * countdown's tick) are applied and drawn when it ends, as the test setup's act environment requires; one
 * outside it is React's act warning, which fails the test.
 */
export async function inAct(wait: () => Promise<unknown>): Promise<void> {
  await act(async () => {
    await wait();
  });
}

/**
 * Two turns of the event loop: Ink reads the keys written to stdin and React runs what they scheduled. Only
 * setImmediate, which {@link FAKE_TIMERS} leaves real, so the helpers work in a test that fakes the clock.
 */
async function turn(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  await new Promise((resolve) => setImmediate(resolve));
}

/** Shorter than any delay between a render and the timer it sets (the countdown's is at least 16 ms). */
const CLOCK_STEP_MS = 10;

/**
 * `vi.useFakeTimers(FAKE_TIMERS)` for a test that waits for a timer of the pane (countdown, spinner, resize
 * debounce): the clocks and timers the code reads are faked, setImmediate is not (the helpers yield with it).
 * Move the clock with the pane's `advance(ms)`.
 */
export const FAKE_TIMERS = {
  toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date", "performance"],
} satisfies Parameters<typeof vi.useFakeTimers>[0];

/**
 * Renders a component as the pane would see it: inside the KeyRouter, on a terminal of `columns` × `rows`
 * (default 40 × 30, our narrowest side pane). `press` writes one key and yields so React flushes; `frame()`
 * is the last frame without colours, below `above()` (the transcript written beside Ink) when given.
 */
export function renderPane(
  tree: ReactElement,
  options: { columns?: number; rows?: number; above?: () => string } = {},
) {
  const above = options.above ?? (() => "");
  const screen = () => above() + (stdout.lastFrame() ?? "");
  const stdout = new FakeStdout(options.columns ?? 40, options.rows ?? 30);
  const stdin = new FakeStdin();
  let instance: ReturnType<typeof inkRender> | undefined;
  act(() => {
    instance = inkRender(<KeyRouter>{tree}</KeyRouter>, {
      stdout: stdout as unknown as NodeJS.WriteStream,
      stderr: new FakeStdout(100, 30) as unknown as NodeJS.WriteStream,
      stdin: stdin as unknown as NodeJS.ReadStream,
      debug: true,
      exitOnCtrlC: false,
      patchConsole: false,
    });
  });
  const mounted = instance!;
  const unmount = () => act(() => mounted.unmount());
  trackMounted({ unmount });
  const settle = () => inAct(turn);
  return {
    stdout,
    rerender: (next: ReactElement) => act(() => mounted.rerender(<KeyRouter>{next}</KeyRouter>)),
    unmount,
    /** The last frame, colours stripped. */
    frame: () => strip(screen()),
    /** The last frame with colours. */
    rawFrame: () => screen(),
    /** Writes one key sequence (e.g. "y", "\u001b" for Esc, "\u001b[A" for Up) and lets the app react. */
    press: (sequence: string) =>
      inAct(async () => {
        stdin.write(sequence);
        await turn();
        // A lone Esc is resolved by Ink after a short delay (it may start a sequence).
        if (sequence === "\u001b") await new Promise((resolve) => setTimeout(resolve, 30));
        await turn();
      }),
    settle,
    /**
     * Moves the faked clock (see {@link FAKE_TIMERS}) by `ms`, running the timers due. In steps of at most
     * {@link CLOCK_STEP_MS}, each its own act: React draws at the end of an act, and only then do effects set
     * the timer a render asks for (the countdown's next second), which a single leap would jump over.
     */
    advance: async (ms: number) => {
      for (let left = ms; left > 0; left -= CLOCK_STEP_MS) {
        await inAct(() => vi.advanceTimersByTimeAsync(Math.min(left, CLOCK_STEP_MS)));
      }
    },
    /** Polls until `predicate(frame)` holds (bounded), for state that arrives asynchronously. */
    waitForFrame: async (predicate: (frame: string) => boolean, timeoutMs = 3000) => {
      const started = Date.now();
      for (;;) {
        const frame = strip(screen());
        if (predicate(frame)) return frame;
        if (Date.now() - started > timeoutMs) throw new Error(`frame never matched; last frame:\n${frame}`);
        await inAct(() => new Promise((resolve) => setTimeout(resolve, 10)));
      }
    },
  };
}

/** Key sequences as a terminal sends them. */
export const KEYS = {
  enter: "\r",
  escape: "\u001b",
  up: "\u001b[A",
  down: "\u001b[B",
  right: "\u001b[C",
  left: "\u001b[D",
  ctrlC: "\u0003",
  ctrlD: "\u0004",
  ctrlG: "\u0007",
  ctrlJ: "\n",
  ctrlO: "\u000f",
  ctrlX: "\u0018",
  altEnter: "\u001b\r",
  altUp: "\u001b\u001b[A",
  altDown: "\u001b\u001b[B",
  shiftTab: "\u001b[Z",
  backspace: "\u007f",
} as const;
