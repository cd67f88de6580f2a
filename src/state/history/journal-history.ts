import { PaneStore } from "../pane-store.js";
import type { JournalEntry } from "../persistence/journal-format.js";
import { replayJournal } from "../persistence/journal-replay.js";
import { historyOfTranscript, type HistoryEntry } from "./history-entry.js";

/**
 * A saved session's history entries, from its journal: the journal is replayed through the pane's own store
 * and reducer (as `--resume` does), so `zc-pane sessions show` prints the records the pane would show, with
 * the same sanitizing, merging and interrupted-turn notes.
 */
export function historyOfJournal(sessionId: string, entries: readonly JournalEntry[]): HistoryEntry[] {
  const store = new PaneStore();
  try {
    replayJournal(sessionId, entries, store);
    store.flush();
    return historyOfTranscript(store.getState().transcript);
  } finally {
    store.dispose();
  }
}
