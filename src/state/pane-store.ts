import type { ClientEvent } from "../client/events.js";
import { StreamingSplitter } from "../markdown/safe-split.js";
import { StreamSanitizer } from "../markdown/sanitize.js";
import type { PaneAction, PaneActionInput } from "./actions.js";
import { initialPaneState, reducePane } from "./reducer.js";
import type { PaneState, StreamTail } from "./view-model.js";

/** 30 Hz: the pane's frame budget (style.md: coalesce chunk updates in the store, ≤ 30 Hz). */
export const DEFAULT_FLUSH_INTERVAL_MS = 33;

/**
 * A streamed backlog is reduced in pieces of this many characters, for at most {@link TICK_BUDGET_MS} per
 * timer tick, then shown; the rest follows in the next macrotask, after input has been read. A burst (2 MB in
 * a few hundred ms) piles up text faster than it is rendered: reducing all of it in one tick kept the event
 * loop busy ~200 ms (CPU profile of `burst 50000 x40`) and keys typed meanwhile waited; one piece per tick
 * (a render each) made the burst 50% slower.
 */
export const MAX_TICK_CHARS = 16 * 1024;
/** How long one tick may go on reducing a backlog before it shows it and yields. */
export const TICK_BUDGET_MS = 20;

/** Options of {@link PaneStore}. */
export interface PaneStoreOptions {
  readonly initial?: PaneState;
  /** Minimum time between two flushes of coalesced chunks (and between two notifications). */
  readonly flushIntervalMs?: number;
  /** The clock; tests pass a fake one. */
  readonly now?: () => number;
  /**
   * The markdown line cutter (`finishedLinesCut` in the pane): how much of a growing paragraph is finished
   * wrapped lines at a width, 0 for none. Without it nothing moves into the transcript before its paragraph
   * ends (a journal replay, `sessions show`).
   */
  readonly cutLines?: LineCutter;
}

/** How many characters at the start of `paragraph` are finished wrapped lines at `width` (0: none yet). */
export type LineCutter = (paragraph: string, width: number) => number;

type StreamKind = StreamTail["kind"];

const STREAM_OF = {
  agent_message_chunk: "message",
  agent_thought_chunk: "thought",
  user_message_chunk: "user",
} as const;

/** Counters for tests and the bench: how much work the store did. */
export interface PaneStoreStats {
  /** Coalesced stream text reduced into the state (one `stream-append` each). */
  textFlushes: number;
  /** Times subscribers were told about a new state (each is one React render at most). */
  notifications: number;
  /** Reducer calls. */
  reductions: number;
  /** Characters fed to the safe-split finder (each is looked at once). */
  splitterChars: number;
  /** Finished wrapped lines of a streaming paragraph moved into the transcript early (`stream-lines`). */
  lineCommits: number;
}

/**
 * The pane's external store (for `useSyncExternalStore`). Client events go through {@link handleClientEvent}:
 * message, thought and replayed user chunks are buffered and reduced together at most every
 * {@link DEFAULT_FLUSH_INTERVAL_MS} (a 2 MB burst of 50,000 chunks is a few hundred reductions, not 50,000
 * renders); any other event first flushes the buffer, so the order of text and tool rows is kept. The end of
 * a turn flushes and notifies at once.
 *
 * Agent text is sanitized here as it streams (a sequence split across chunks is swallowed whole) and fed to
 * an incremental safe-split finder, so each character is scanned once and the head of the answer can move
 * into the transcript without re-scanning the whole answer per chunk.
 */
export class PaneStore {
  private state: PaneState;
  private readonly listeners = new Set<() => void>();
  private readonly intervalMs: number;
  private readonly now: () => number;
  private readonly cutLines: LineCutter | undefined;
  private buffer: { stream: StreamKind; text: string } | undefined;
  private readonly splitter = new StreamingSplitter();
  private readonly sanitizers: Record<StreamKind, StreamSanitizer> = {
    message: new StreamSanitizer(),
    thought: new StreamSanitizer(),
    user: new StreamSanitizer(),
  };
  private timer: ReturnType<typeof setTimeout> | undefined;
  private lastTick = Number.NEGATIVE_INFINITY;
  private dirty = false;
  /** Nesting depth of {@link batch}: subscribers are not told while it is above 0. */
  private batching = 0;
  readonly stats: PaneStoreStats = {
    textFlushes: 0,
    notifications: 0,
    reductions: 0,
    splitterChars: 0,
    lineCommits: 0,
  };
  /** The pane width answers are rendered at; 0 until the UI tells it (then no lines are cut early). */
  private width = 0;
  /**
   * The width the current paragraph's lines were cut at, and the tail offset where that paragraph started:
   * after a resize, lines already printed were wrapped at the old width, so the paragraph's rest is left
   * live until it ends rather than printed as lines that no longer join up.
   */
  private paragraph: { readonly start: number; readonly width: number } | undefined;

  constructor(options: PaneStoreOptions = {}) {
    this.state = options.initial ?? initialPaneState();
    this.intervalMs = options.flushIntervalMs ?? DEFAULT_FLUSH_INTERVAL_MS;
    this.now = options.now ?? Date.now;
    this.cutLines = options.cutLines;
  }

  /** The current state (stable identity until something changes). */
  readonly getState = (): PaneState => this.state;

  /** Subscribes to changes; returns the unsubscribe function. */
  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** Feeds one client event (subscribe this to `AcpClient.subscribe`); `at` for one recorded earlier (a replay). */
  readonly handleClientEvent = (event: ClientEvent, at?: number): void => {
    if (event.type === "update") {
      const { update } = event;
      if (
        update.sessionUpdate === "agent_message_chunk" ||
        update.sessionUpdate === "agent_thought_chunk" ||
        update.sessionUpdate === "user_message_chunk"
      ) {
        if (update.content.type === "text") {
          this.bufferText(STREAM_OF[update.sessionUpdate], update.content.text);
          return;
        }
      }
    }
    const urgent = event.type === "turn-ended" || event.type === "turn-failed" || event.type === "disconnected";
    this.apply({ type: "client", event, at: at ?? this.now() }, urgent);
  };

  /** Applies a local action; the screen is told at once (it is the user's own doing). */
  dispatch(action: PaneActionInput): void {
    this.apply({ ...action, at: this.now() } as PaneAction, true);
  }

  /** Reduces buffered text now and tells subscribers (e.g. before quitting). */
  flush(): void {
    this.flushText();
    this.notify();
  }

  /**
   * Applies what `apply` dispatches and feeds as one change: subscribers are told once, at the end. A journal
   * replay of thousands of records is then one render and one write of the transcript, not thousands.
   */
  batch(apply: () => void): void {
    this.batching++;
    try {
      apply();
    } finally {
      this.batching--;
    }
    if (this.batching === 0) this.flush();
  }

  /**
   * The width the UI renders the answer at. With it and the line cutter, finished wrapped lines of a long
   * streaming paragraph move into the transcript before the paragraph ends (`markdown/line-commit.ts`), so
   * each frame rewrites two lines of it instead of all of them.
   */
  setWidth(width: number): void {
    this.width = width;
  }

  /** Stops the flush timer. */
  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private apply(action: PaneAction, immediate: boolean): void {
    this.flushText();
    this.reduce(action);
    if (immediate) this.notify();
    else this.schedule();
  }

  private reduce(action: PaneAction): void {
    this.stats.reductions++;
    const next = reducePane(this.state, action);
    if (next !== this.state) {
      this.state = next;
      this.dirty = true;
    }
  }

  private bufferText(stream: StreamKind, text: string): void {
    // A different stream ends the buffered one first, so text never changes order.
    if (this.buffer && this.buffer.stream !== stream) this.flushText();
    if (this.buffer) this.buffer.text += text;
    else this.buffer = { stream, text };
    this.schedule();
  }

  /** Reduces the buffered text, or only its first `limit` characters (the rest stays buffered). */
  private flushText(limit = Number.POSITIVE_INFINITY): void {
    let buffer = this.buffer;
    if (!buffer) return;
    this.buffer = undefined;
    if (buffer.text.length > limit) {
      const cut = cutPoint(buffer.text, limit);
      this.buffer = { stream: buffer.stream, text: buffer.text.slice(cut) };
      buffer = { stream: buffer.stream, text: buffer.text.slice(0, cut) };
    }
    const current = this.state.live.stream;
    const continues = current?.kind === buffer.stream;
    if (!continues) {
      // The reducer starts a new segment at index 0: so do the splitter and the sanitizer.
      this.sanitizers[buffer.stream].reset();
      if (buffer.stream === "message") this.splitter.reset();
    }
    const text = this.sanitizers[buffer.stream].push(buffer.text);
    let splitPoint = 0;
    if (buffer.stream === "message") {
      this.stats.splitterChars += text.length;
      this.splitter.push(text);
      splitPoint = this.splitter.provisionalSplitPoint;
    }
    this.stats.textFlushes++;
    this.reduce({ type: "stream-append", stream: buffer.stream, text, splitPoint, at: this.now() });
    if (buffer.stream === "message") this.cutFinishedLines(splitPoint);
  }

  /** In the same notification as the append (one frame): the paragraph's finished lines go to the transcript. */
  private cutFinishedLines(splitPoint: number): void {
    const stream = this.state.live.stream;
    if (!this.cutLines || this.width <= 0 || stream?.kind !== "message") return;
    // A new paragraph (the tail starts at the split point) may be cut at the current width.
    if (!this.paragraph || stream.offset === splitPoint) this.paragraph = { start: splitPoint, width: this.width };
    if (this.paragraph.start !== splitPoint || this.paragraph.width !== this.width) return;
    const cut = this.cutLines(stream.text, this.width);
    if (cut <= 0) return;
    this.stats.lineCommits++;
    this.reduce({ type: "stream-lines", cut, at: this.now() });
  }

  /** Leading and trailing edge, at most once per interval: the first chunk after a pause shows at once. */
  private schedule(): void {
    if (this.timer) return;
    const delay = Math.max(0, this.lastTick + this.intervalMs - this.now());
    this.timer = setTimeout(this.tick, delay);
  }

  private readonly tick = (): void => {
    this.timer = undefined;
    const started = (this.lastTick = this.now());
    do this.flushText(MAX_TICK_CHARS);
    while (this.buffer && this.now() - started < TICK_BUDGET_MS);
    this.notify();
    // A backlog is worked off tick by tick without waiting for the interval; input is read in between.
    if (this.buffer) this.timer = setTimeout(this.tick, 0);
  };

  private notify(): void {
    if (!this.dirty || this.batching > 0) return;
    this.dirty = false;
    this.stats.notifications++;
    for (const listener of this.listeners) listener();
  }
}

/**
 * Where to cut `text` at most `limit` characters in: after the last line break in the second half of the
 * limit, else at the limit (never between the two halves of a surrogate pair).
 */
function cutPoint(text: string, limit: number): number {
  const newline = text.lastIndexOf("\n", limit - 1);
  if (newline >= limit / 2) return newline + 1;
  const code = text.charCodeAt(limit - 1);
  return code >= 0xd800 && code <= 0xdbff ? limit - 1 : limit;
}
