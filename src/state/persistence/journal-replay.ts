import type { ClientEvent } from "../../client/events.js";
import type { PaneActionInput } from "../actions.js";
import { deliveryAction } from "../delivered-files.js";
import type { JournalEntry } from "./journal-format.js";

/**
 * One step of a replay: a client event for `PaneStore.handleClientEvent` at the time the journal recorded it
 * (so tool rows keep their real durations), or a local action for `dispatch`.
 */
export type ReplayStep =
  | { readonly kind: "event"; readonly event: ClientEvent; readonly at: number }
  | { readonly kind: "action"; readonly action: PaneActionInput };

/** What a replay feeds: the pane's store (`PaneStore` fits as is). */
export interface ReplayTarget {
  handleClientEvent(event: ClientEvent, at?: number): void;
  dispatch(action: PaneActionInput): void;
}

/** Shown for a turn whose end the journal never saw (zc-pane or the machine died mid-turn). */
export const INTERRUPTED_TURN_MESSAGE = "this turn was interrupted: no result was recorded";

/**
 * Turns journal entries back into what the pane received live, so the same reducer rebuilds the transcript
 * (`--resume` shows it at once): a prompt becomes `prompt-submitted` then `turn-started`, updates become
 * `update` events, turn ends `turn-ended` / `turn-failed`, an answered permission request its
 * `permission-requested` and `permission-settled` pair (so the transcript shows the answer), a delivered
 * file's recorded outcome its `delivery-saved` or `delivery-failed` (never a row left saving). A turn the journal left open is closed as failed
 * with {@link INTERRUPTED_TURN_MESSAGE}, never silently dropped.
 *
 * A `session/load` replay recorded after the conversation it repeats is skipped: the agent replays history
 * the journal already holds (and less of it: no thoughts, no plans), so showing both would print everything
 * twice. A load with nothing before it (a session started elsewhere) is kept: it is all we have.
 */
export function journalReplaySteps(sessionId: string, entries: readonly JournalEntry[]): ReplayStep[] {
  const steps: ReplayStep[] = [];
  let turnId = 0;
  let openTurn: number | undefined;
  let hasConversation = false;
  let skipping = false;
  let at = 0;
  const event = (value: ClientEvent, when = at) => steps.push({ kind: "event", event: value, at: when });
  const closeOpenTurn = () => {
    if (openTurn === undefined) return;
    event({ type: "turn-failed", sessionId, turnId: openTurn, message: INTERRUPTED_TURN_MESSAGE });
    openTurn = undefined;
  };
  for (const entry of entries) {
    at = entry.at;
    switch (entry.t) {
      case "restore":
        closeOpenTurn();
        skipping = entry.how === "load" && hasConversation;
        break;
      case "restored":
        skipping = false;
        break;
      case "update":
        if (skipping) break;
        hasConversation = true;
        event({ type: "update", sessionId, update: entry.update });
        break;
      case "prompt":
        closeOpenTurn();
        skipping = false;
        hasConversation = true;
        steps.push({
          kind: "action",
          action: { type: "prompt-submitted", text: entry.text, attachments: entry.attachments },
        });
        openTurn = ++turnId;
        event({ type: "turn-started", sessionId, turnId: openTurn });
        break;
      case "turn-end":
        if (openTurn === undefined) break;
        event({
          type: "turn-ended",
          sessionId,
          turnId: openTurn,
          stopReason: entry.stopReason,
          ...(entry.finalText ? { finalText: entry.finalText } : {}),
        });
        openTurn = undefined;
        break;
      case "turn-failed":
        if (openTurn === undefined) break;
        event({ type: "turn-failed", sessionId, turnId: openTurn, message: entry.message });
        openTurn = undefined;
        break;
      case "permission":
        event({ type: "permission-requested", request: { ...entry.request, sessionId } }, entry.request.receivedAt);
        event({ type: "permission-settled", key: entry.request.key, outcome: entry.outcome });
        break;
      case "delivery":
        steps.push({ kind: "action", action: deliveryAction(entry) });
        break;
      case "rotated":
        // Only the first line of what was read can be one: the older part of the session was dropped.
        event({
          type: "notice",
          level: "info",
          sessionId,
          message: "earlier messages of this session are no longer in the local transcript (it keeps the newest)",
        });
        break;
    }
  }
  closeOpenTurn();
  return steps;
}

/** Feeds a journal to the pane's store (see {@link journalReplaySteps}). */
export function replayJournal(sessionId: string, entries: readonly JournalEntry[], target: ReplayTarget): void {
  feedReplaySteps(journalReplaySteps(sessionId, entries), target);
}

/** Feeds replay steps to the pane's store, in order. */
export function feedReplaySteps(steps: readonly ReplayStep[], target: ReplayTarget): void {
  for (const step of steps) {
    if (step.kind === "event") target.handleClientEvent(step.event, step.at);
    else target.dispatch(step.action);
  }
}
