import { useSyncExternalStore } from "react";

/** Spinner frames and elapsed times advance this often while a turn runs. */
export const TICK_MS = 120;

let tick = 0;
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // One interval for every spinner and elapsed time on screen, and none at all when nothing subscribes:
  // the idle pane must cost 0 renders per second (design.md §6).
  timer ??= setInterval(() => {
    tick++;
    for (const notify of listeners) notify();
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
  return useSyncExternalStore(active ? subscribe : noSubscription, getTick);
}
