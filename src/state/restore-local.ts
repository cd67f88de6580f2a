import { createLogger } from "../log/logger.js";
import { settleReplayedDeliveries } from "./delivered-files.js";
import type { PaneStore } from "./pane-store.js";
import { replayJournal, type ReplayTarget } from "./persistence/journal-replay.js";
import { readSessionJournal } from "./persistence/journal-reader.js";

const log = createLogger("pane.restore");

/**
 * `--resume`: puts the session's locally kept transcript on screen at once, before the agent has even
 * answered (`session/resume` replays nothing). Returns whether there was anything to show. A missing or
 * unreadable journal is not an error: the session still resumes, only without its history on screen.
 */
export async function showLocalTranscript(
  stateDir: string,
  downloadDir: string,
  sessionId: string,
  store: ReplayTarget & Pick<PaneStore, "batch" | "getState">,
): Promise<boolean> {
  try {
    const journal = await readSessionJournal(stateDir, sessionId);
    if (!journal || journal.entries.length === 0) return false;
    // One change for the whole journal: the transcript writer renders only what the scrollback keeps of it.
    store.batch(() => {
      replayJournal(sessionId, journal.entries, store);
      settleReplayedDeliveries(store, downloadDir);
      for (const warning of journal.warnings) store.dispatch({ type: "notice", level: "warning", message: warning });
    });
    return true;
  } catch (error) {
    log.warn("the local transcript could not be read", error);
    store.dispatch({
      type: "notice",
      level: "warning",
      message: `the local transcript could not be read (${(error as Error).message})`,
    });
    return false;
  }
}
