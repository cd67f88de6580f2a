import { createContext, useContext, useSyncExternalStore } from "react";

/** Spinner frames and elapsed times advance this often while a turn runs. */
export const TICK_MS = 120;

/**
 * While other updates arrive at least this often (a streaming answer: the store notifies up to 30 times a
 * second), a tick draws no frame of its own: the next update's render carries it ({@link TickContext}).
 * Each ink 6.8 frame rewrites the whole live region, and at 5 KB/s the spinner's own frames were ~30 of
 * ~150, each just after a store frame.
 */
const RIDE_ALONG_MS = 100;

let tick = 0;
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();
let lastOtherUpdate = Number.NEGATIVE_INFINITY;

/**
 * The tick as of the App's latest render, provided to every {@link useTick} consumer: a memoized spinner
 * whose props did not change still re-renders with the new tick when the App renders for another reason.
 */
export const TickContext = createContext(0);

/** The current tick, for the App to provide through {@link TickContext} on each render. */
export function currentTick(): number {
  return tick;
}

/** Call on every other update (subscribe it to the pane store): ticks then ride along with those renders. */
export function noteOtherUpdate(): void {
  lastOtherUpdate = performance.now();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // One interval for every spinner and elapsed time on screen, and none at all when nothing subscribes:
  // the idle pane must cost 0 renders per second (design.md §6).
  timer ??= setInterval(() => {
    tick++;
    // Nothing else is drawing: the spinners move on their own (at worst one tick late after a stream stops).
    if (performance.now() - lastOtherUpdate >= RIDE_ALONG_MS) for (const notify of listeners) notify();
  }, TICK_MS);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

function noSubscription(): () => void {
  return () => {};
}

const getTick = () => tick;

/** A counter that advances every {@link TICK_MS} while `active`; no timer runs when nothing is active. */
export function useTick(active: boolean): number {
  // Read for its re-render only: the snapshot below is the value.
  useContext(TickContext);
  return useSyncExternalStore(active ? subscribe : noSubscription, getTick);
}
