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

/**
 * Follows the pane state and says which {@link AttentionState} it is in. Each step is O(1) (the transcript
 * is looked at only when a turn ends, a few items back), so it can run on every store notification.
 */
export class AttentionTracker {
  private previous: PaneState | undefined;
  private lastTurn: "done" | "error" | undefined;

  /** The attention state for `state`, given everything seen before. */
  next(state: PaneState): AttentionState {
    const previous = this.previous;
    this.previous = state;
    if (previous && previous.turn.running && !state.turn.running) {
      const outcome = turnOutcome(previous, state);
      this.lastTurn = outcome === "cancelled" ? undefined : outcome;
    } else if (state.turn.running) {
      this.lastTurn = undefined;
    }
    if (state.agentDied || state.header.connection === "disconnected") return "error";
    if (hasOpenPermission(state)) return "needs-permission";
    if (state.turn.running) return "working";
    return this.lastTurn ?? "idle";
  }
}
