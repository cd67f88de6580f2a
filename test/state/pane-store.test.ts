import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppendLog, appendLogCounters } from "../../src/state/append-log.js";
import { MAX_TICK_CHARS, PaneStore, TICK_BUDGET_MS } from "../../src/state/pane-store.js";
import { initialPaneState } from "../../src/state/reducer.js";
import type { PaneState, TranscriptItem } from "../../src/state/view-model.js";
import { items, kinds, text, thought, toolCall, toolUpdate, turnEnded, turnStarted } from "./fixtures.js";

describe("PaneStore coalescing", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("reduces a chunk every millisecond at most ~30 times a second and notifies as often", () => {
    const store = new PaneStore({ now: () => Date.now() });
    let notifications = 0;
    store.subscribe(() => notifications++);
    store.handleClientEvent(turnStarted());
    const before = store.stats.textFlushes;
    for (let i = 0; i < 1000; i++) {
      store.handleClientEvent(text(`w${i} `));
      vi.advanceTimersByTime(1);
    }
    vi.advanceTimersByTime(100);
    const flushes = store.stats.textFlushes - before;
    expect(flushes).toBeGreaterThan(20);
    expect(flushes).toBeLessThanOrEqual(32);
    expect(notifications).toBeLessThanOrEqual(33);
    expect(store.getState().live.stream?.text.length).toBe(
      Array.from({ length: 1000 }, (_, i) => `w${i} `).join("").length,
    );
  });

  it("reduces a backlog for TICK_BUDGET_MS per tick, a piece at a time, the rest in the next macrotasks, in order", () => {
    // Each piece takes 3/4 of the budget on this clock: two pieces per tick.
    let clock = 0;
    const store = new PaneStore({ now: () => (clock += (TICK_BUDGET_MS * 3) / 8) });
    let notifications = 0;
    store.subscribe(() => notifications++);
    store.handleClientEvent(turnStarted());
    notifications = 0;
    const lines = Array.from({ length: 4000 }, (_, i) => `line ${i} of a burst that came all at once`).join("\n");
    store.handleClientEvent(text(lines));
    vi.advanceTimersToNextTimer();
    const first = store.getState().live.stream?.text ?? "";
    expect(first.length).toBeGreaterThan(MAX_TICK_CHARS);
    expect(first.length).toBeLessThanOrEqual(2 * MAX_TICK_CHARS);
    // Cut after a whole line, and the next piece follows without waiting the 33 ms interval.
    expect(first.endsWith("\n")).toBe(true);
    vi.advanceTimersByTime(1);
    expect((store.getState().live.stream?.text ?? "").length).toBeGreaterThan(first.length);
    vi.runAllTimers();
    expect(store.getState().live.stream?.text).toBe(lines);
    expect(notifications).toBeGreaterThanOrEqual(Math.ceil(lines.length / (2 * MAX_TICK_CHARS)));
  });

  it("never cuts a backlog between the two halves of a surrogate pair", () => {
    let clock = 0;
    const store = new PaneStore({ now: () => (clock += TICK_BUDGET_MS) });
    const emoji = "😀".repeat(MAX_TICK_CHARS);
    store.handleClientEvent(turnStarted());
    store.handleClientEvent(text(emoji));
    vi.advanceTimersToNextTimer();
    const first = store.getState().live.stream?.text ?? "";
    expect(first.length).toBeLessThan(emoji.length);
    expect(first.length % 2).toBe(0);
    vi.runAllTimers();
    expect(store.getState().live.stream?.text).toBe(emoji);
  });

  it("shows the first chunk after a pause without waiting a whole interval", () => {
    const store = new PaneStore({ now: () => Date.now() });
    vi.advanceTimersByTime(1000);
    store.handleClientEvent(text("hello"));
    vi.advanceTimersByTime(1);
    expect(store.getState().live.stream?.text).toBe("hello");
  });

  it("flushes buffered text and notifies at once when the turn ends", () => {
    const store = new PaneStore({ now: () => Date.now() });
    let notifications = 0;
    store.subscribe(() => notifications++);
    store.handleClientEvent(turnStarted());
    vi.advanceTimersByTime(50);
    notifications = 0;
    store.handleClientEvent(text("a"));
    vi.advanceTimersByTime(1);
    store.handleClientEvent(text("b"));
    store.handleClientEvent(text("c"));
    store.handleClientEvent(turnEnded());
    expect(notifications).toBeGreaterThanOrEqual(1);
    const state = store.getState();
    expect(items(state).map((item) => (item.kind === "agent-text" ? item.markdown : item.kind))).toEqual(["abc"]);
    expect(state.turn.running).toBe(false);
  });

  it("flushes buffered text before any other event, so text and tool rows keep their order", () => {
    const store = new PaneStore({ now: () => Date.now() });
    store.handleClientEvent(turnStarted());
    store.handleClientEvent(thought("hmm"));
    store.handleClientEvent(text("Let me look. "));
    store.handleClientEvent(toolCall({ toolCallId: "t", name: "shell", status: "pending" }));
    store.handleClientEvent(toolUpdate({ toolCallId: "t", status: "completed" }));
    store.handleClientEvent(text("Done."));
    store.handleClientEvent(turnEnded());
    expect(kinds(store.getState())).toEqual(["thought", "agent-text", "tool", "agent-text"]);
  });

  it("moves the head of a long answer into the transcript at safe split points, never splitting a fence", () => {
    const store = new PaneStore({ now: () => Date.now() });
    store.handleClientEvent(turnStarted());
    const answer =
      "# Title\n\nFirst paragraph.\n\n```js\nconst a = 1;\n\nconst b = 2;\n```\n\nAfter the code.\n\nTail\n";
    for (const piece of answer.match(/[\s\S]{1,3}/g) ?? []) {
      store.handleClientEvent(text(piece));
      vi.advanceTimersByTime(5);
    }
    vi.advanceTimersByTime(50);
    const printed = items(store.getState()).map((item) => (item.kind === "agent-text" ? item.markdown : ""));
    expect(printed.join("") + store.getState().live.stream!.text).toBe(answer);
    // "Tail" is a split point only once its line is complete (it could still become a list item).
    expect(store.getState().live.stream!.text).toBe("Tail\n");
    // No printed head ends inside the code block.
    for (const head of printed) expect((head.match(/```/g) ?? []).length % 2).toBe(0);
    expect(printed.length).toBeGreaterThanOrEqual(3);
  });

  it("swallows an escape sequence split across two chunks", () => {
    const store = new PaneStore({ now: () => Date.now() });
    store.handleClientEvent(text("safe \u001b]52;c;SGVs"));
    vi.advanceTimersByTime(40);
    store.handleClientEvent(text("bG8=\u0007 text"));
    vi.advanceTimersByTime(40);
    expect(store.getState().live.stream?.text).toBe("safe  text");
  });
});

/** A transcript of `count` items whose every property read is counted. */
function watchedTranscript(count: number, reads: { count: number }): PaneState {
  const list: TranscriptItem[] = [];
  for (let id = 1; id <= count; id++) {
    const item: TranscriptItem = { kind: "agent-text", id, markdown: `paragraph ${id}` };
    list.push(
      new Proxy(item, {
        get(target, property, receiver) {
          reads.count++;
          return Reflect.get(target, property, receiver) as unknown;
        },
      }),
    );
  }
  const base = initialPaneState();
  return { ...base, transcript: AppendLog.from(list), nextId: count + 1 };
}

describe("per-chunk cost does not grow with the transcript (design.md §6: 5,000 items ≤ 1.2× empty)", () => {
  function streamAnswer(initial: PaneState) {
    vi.useFakeTimers({ now: 0 });
    try {
      const store = new PaneStore({ initial, now: () => Date.now() });
      const copiedBefore = appendLogCounters.copiedElements;
      store.handleClientEvent(turnStarted());
      for (let i = 0; i < 2000; i++) {
        // A paragraph break every 20 chunks: the head moves into the transcript about 100 times.
        store.handleClientEvent(text(i % 20 === 19 ? `end ${i}.\n\n` : `word${i} `));
        vi.advanceTimersByTime(2);
      }
      store.handleClientEvent(turnEnded());
      return {
        stats: { ...store.stats },
        copied: appendLogCounters.copiedElements - copiedBefore,
        added: store.getState().transcript.length - initial.transcript.length,
      };
    } finally {
      vi.useRealTimers();
    }
  }

  it("does the same work per chunk with 5,000 items as with none, counted not timed", () => {
    const reads = { count: 0 };
    const empty = streamAnswer(initialPaneState());
    const full = streamAnswer(watchedTranscript(5000, reads));
    // Work units: reducer calls, characters scanned for split points, transcript elements copied, and
    // properties read from the items that were already there.
    const work = (run: typeof empty, itemReads: number) =>
      run.stats.reductions + run.stats.splitterChars + run.copied + itemReads;
    const ratio = work(full, reads.count) / work(empty, 0);
    console.log(
      `per-chunk work, 5,000 items vs empty: ${ratio.toFixed(3)}× (reductions ${full.stats.reductions}/${empty.stats.reductions}, item reads ${reads.count}, copies ${full.copied})`,
    );
    expect(full.added).toBe(empty.added);
    expect(full.added).toBeGreaterThan(90);
    expect(reads.count).toBe(0);
    expect(full.copied).toBe(0);
    expect(ratio).toBeLessThanOrEqual(1.2);
  });
});
