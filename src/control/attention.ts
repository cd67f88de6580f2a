import type { PaneState } from "../state/view-model.js";

/**
 * What the pane wants from the user, as published in the tmux option `@zc-pane-state`:
 * `idle` nothing (no turn, or the last one was cancelled by the user), `working` a turn runs,
 * `needs-permission` a permission request waits for an answer, `done` the last turn ended normally,
 * `error` the last turn failed or the agent is gone.
 */
export type AttentionState = "idle" | "working" | "needs-permission" | "done" | "error";

/** The states worth a bell when the user is looking elsewhere. */
export function wantsAttention(state: AttentionState): boolean {
  return state === "needs-permission" || state === "done" || state === "error";
}

/** Items looked at from the end of the transcript to tell how a turn ended (a turn's last few items). */
const OUTCOME_LOOKBACK = 8;

function hasOpenPermission(state: PaneState): boolean {
  for (const _key in state.permissions) return true;
  return false;
}

/** How the turn that just ended ended, from the items it appended last. */
function turnOutcome(previous: PaneState, state: PaneState): "done" | "error" | "cancelled" {
  if (previous.turn.cancelling) return "cancelled";
  const { transcript } = state;
  for (let back = 1; back <= OUTCOME_LOOKBACK; back++) {
    const item = transcript.at(-back);
    if (!item || item.kind === "user") break;
    if (item.kind === "turn-cancelled") return "cancelled";
    if (item.kind === "error") return "error";
  }
  return "done";
}

/** Whether a prompt went out between two states: a new (not replayed) user item in the transcript. */
function promptSent(previous: PaneState, state: PaneState): boolean {
  const { transcript } = state;
  for (let index = previous.transcript.length; index < transcript.length; index++) {
    const item = transcript.at(index);
    if (item?.kind === "user" && !item.replayed) return true;
  }
  return false;
}

/**
 * Follows the pane state and says which {@link AttentionState} it is in. It sees only the states the store
 * notifies, which are coalesced (≤ 30 Hz): a quick turn's start and end can arrive as one change. So a turn
 * counts as begun when its prompt is printed (that is notified at once), and as ended when the turn state
 * changes while not running. Each step costs O(items appended since the last step).
 */
export class AttentionTracker {
  private previous: PaneState | undefined;
  private inTurn = false;
  private lastTurn: "done" | "error" | undefined;

  /** The attention state for `state`, given everything seen before. */
  next(state: PaneState): AttentionState {
    const previous = this.previous;
    this.previous = state;
    if (previous) {
      if (state.turn.running || promptSent(previous, state)) {
        this.inTurn = true;
        this.lastTurn = undefined;
      }
      if (this.inTurn && !state.turn.running && (previous.turn.running || state.turn !== previous.turn)) {
        const outcome = turnOutcome(previous, state);
        this.lastTurn = outcome === "cancelled" ? undefined : outcome;
        this.inTurn = false;
      }
    }
    if (state.agentDied || state.header.connection === "disconnected") return "error";
    if (hasOpenPermission(state)) return "needs-permission";
    if (state.turn.running || this.inTurn) return "working";
    return this.lastTurn ?? "idle";
  }
}
