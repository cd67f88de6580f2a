import type { SessionEntry } from "../../state/persistence/session-entry.js";
import { shownTitle, timeOf } from "../../state/persistence/session-entry.js";

/**
 * The picker's order: sessions with a conversation before empty ones (a pane opened and left: its fresh
 * "(no prompt yet)" entry would otherwise top the list as the newest); among each, the ones opened in the
 * pane's cwd first (the ones the user most likely means); then newest activity first.
 */
export function pickerOrder<T extends SessionEntry>(entries: readonly T[], cwd: string): T[] {
  const rank = (entry: SessionEntry) => (shownTitle(entry) === "" ? 2 : 0) + (entry.cwd === cwd ? 0 : 1);
  return [...entries].sort(
    (a, b) => rank(a) - rank(b) || timeOf(b.lastActivity) - timeOf(a.lastActivity) || a.id.localeCompare(b.id),
  );
}

/** "3m", "2h", "5d": how long ago, in the largest whole unit. */
export function shortAge(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)}h`;
  return `${Math.floor(seconds / 86_400)}d`;
}
