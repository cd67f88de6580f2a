import type { SessionEntry } from "../../state/persistence/session-entry.js";
import { timeOf } from "../../state/persistence/session-entry.js";

/**
 * The picker's order: sessions opened in the pane's cwd first (the ones the user most likely means), each
 * group newest activity first.
 */
export function pickerOrder<T extends SessionEntry>(entries: readonly T[], cwd: string): T[] {
  const newest = (a: SessionEntry, b: SessionEntry) => timeOf(b.lastActivity) - timeOf(a.lastActivity);
  const here = entries.filter((entry) => entry.cwd === cwd).sort(newest);
  const elsewhere = entries.filter((entry) => entry.cwd !== cwd).sort(newest);
  return [...here, ...elsewhere];
}

/** "3m", "2h", "5d": how long ago, in the largest whole unit. */
export function shortAge(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}h`;
  return `${Math.floor(seconds / 86_400)}d`;
}
