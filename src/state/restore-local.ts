import { createLogger } from "../log/logger.js";
import { settleReplayedDeliveries } from "./delivered-files.js";
import { PaneStore } from "./pane-store.js";
import { feedReplaySteps, journalReplaySteps, replayJournal, type ReplayTarget } from "./persistence/journal-replay.js";
import { parseJournalHead, readSessionJournalTail } from "./persistence/journal-reader.js";

const log = createLogger("pane.restore");

/**
 * How much of a journal's end is replayed before the pane shows it: the turns that can reach the scrollback
 * (a few thousand lines: ~0.5 MB of journal at most) with room to spare. A 1,000-turn journal (5.6 MB) is
 * then a fifth of the reading and replaying it was, and a longer one costs no more.
 */
export const RESUME_TAIL_BYTES = 1024 * 1024;

type RestoreTarget = ReplayTarget & Pick<PaneStore, "batch" | "getState" | "subscribe">;

/** Replay steps of the older turns fed between two yields to the event loop (~20 ms of work). */
const STEPS_PER_SLICE = 2000;

/**
 * `--resume`: puts the session's locally kept transcript on screen at once, before the agent has even
 * answered (`session/resume` replays nothing). Returns whether there was anything to show. A missing or
 * unreadable journal is not an error: the session still resumes, only without its history on screen.
 *
 * A long journal is read from its end: the newest turns (the last {@link RESUME_TAIL_BYTES}, from a prompt
 * on) are replayed and written at once; the older ones are replayed next, on their own, and put before them
 * in the transcript (for Ctrl+T, `/export` and the input's history): they are past the scrollback, never
 * written. Until then the "earlier messages" line cannot count them.
 */
export async function showLocalTranscript(
  stateDir: string,
  downloadDir: string,
  sessionId: string,
  store: RestoreTarget,
  tailBytes = RESUME_TAIL_BYTES,
): Promise<boolean> {
  try {
    const journal = await readSessionJournalTail(stateDir, sessionId, tailBytes);
    if (!journal || (journal.tail.entries.length === 0 && !journal.head)) return false;
    const { head, tail } = journal;
    // One change for the whole tail: the transcript writer renders only what the scrollback keeps of it.
    store.batch(() => {
      if (head) store.dispatch({ type: "earlier-pending", sessionId });
      replayJournal(sessionId, tail.entries, store);
      settleReplayedDeliveries(store, downloadDir);
      for (const warning of tail.warnings) store.dispatch({ type: "notice", level: "warning", message: warning });
    });
    if (head)
      void whenConnected(store)
        .then(() => replayEarlier(tail.path, head, sessionId, downloadDir, store))
        .catch((error: unknown) => log.warn("the older part of the local transcript could not be read", error));
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

/**
 * Resolves once the session is up (or could not be): the older turns are read after the agent has answered,
 * not in the way of it.
 */
function whenConnected(store: Pick<PaneStore, "getState" | "subscribe">): Promise<void> {
  const waiting = () => ["connecting", "starting-session", "restoring"].includes(store.getState().header.connection);
  if (!waiting()) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = store.subscribe(() => {
      if (waiting()) return;
      unsubscribe();
      resolve();
    });
  });
}

/** A turn of the event loop: keys and the agent's messages are handled before the work goes on. */
const pause = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The older turns, replayed a slice at a time into a store of their own; their records and prompts then go
 * before the pane's, in one change.
 */
async function replayEarlier(
  path: string,
  head: readonly string[],
  sessionId: string,
  downloadDir: string,
  store: RestoreTarget,
): Promise<void> {
  const earlier = await parseJournalHead(path, head, pause);
  const steps = journalReplaySteps(sessionId, earlier.entries);
  const scratch = new PaneStore();
  for (let start = 0; start < steps.length; start += STEPS_PER_SLICE) {
    scratch.batch(() => feedReplaySteps(steps.slice(start, start + STEPS_PER_SLICE), scratch));
    await pause();
  }
  scratch.batch(() => {
    settleReplayedDeliveries(scratch, downloadDir);
    for (const warning of earlier.warnings) scratch.dispatch({ type: "notice", level: "warning", message: warning });
  });
  scratch.dispose();
  const { transcript, history } = scratch.getState();
  store.dispatch({ type: "earlier-loaded", sessionId, items: transcript.toArray(), prompts: history });
}
