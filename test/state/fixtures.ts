import type { ClientEvent } from "../../src/client/events.js";
import { parseSessionUpdate } from "../../src/protocol/index.js";
import type { PaneAction } from "../../src/state/actions.js";
import { initialPaneState, reducePane } from "../../src/state/reducer.js";
import type { PaneState, TranscriptItem } from "../../src/state/view-model.js";

export const SESSION = "0b6f0000-0000-4000-8000-000000000001";

/** A `session/update` client event from a raw update object (parsed as the client would). */
export function update(raw: Record<string, unknown>): ClientEvent {
  return { type: "update", sessionId: SESSION, update: parseSessionUpdate(raw) };
}

export const text = (t: string) => update({ sessionUpdate: "agent_message_chunk", content: { type: "text", text: t } });
export const thought = (t: string) =>
  update({ sessionUpdate: "agent_thought_chunk", content: { type: "text", text: t } });
export const userChunk = (t: string) =>
  update({ sessionUpdate: "user_message_chunk", content: { type: "text", text: t } });

export function toolCall(fields: Record<string, unknown>): ClientEvent {
  return update({ sessionUpdate: "tool_call", title: fields.name ?? "tool", ...fields });
}

export function toolUpdate(fields: Record<string, unknown>): ClientEvent {
  return update({ sessionUpdate: "tool_call_update", ...fields });
}

export const turnStarted = (turnId = 1): ClientEvent => ({ type: "turn-started", sessionId: SESSION, turnId });
export const turnEnded = (stopReason = "end_turn", finalText?: string, turnId = 1): ClientEvent => ({
  type: "turn-ended",
  sessionId: SESSION,
  turnId,
  stopReason,
  ...(finalText ? { finalText } : {}),
});

/** Applies client events (and local actions) in order, each at time `at` + its index. */
export function run(
  events: readonly (ClientEvent | PaneAction)[],
  state: PaneState = initialPaneState(),
  at = 1_000,
): PaneState {
  let next = state;
  events.forEach((event, index) => {
    const action: PaneAction = "at" in event ? event : { type: "client", event, at: at + index * 100 };
    next = reducePane(next, action);
  });
  return next;
}

export function items(state: PaneState): TranscriptItem[] {
  return state.transcript.toArray();
}

export function kinds(state: PaneState): string[] {
  return items(state).map((item) => item.kind);
}

/** Escape sequences an agent must never get onto the screen (design.md §7). */
export const HOSTILE = {
  osc52: "\u001b]52;c;SGVsbG8=\u0007",
  osc0: "\u001b]0;pwned title\u0007",
  csi2j: "\u001b[2J",
  c1csi: "\u009b2J",
};

/** True when `text` holds no ESC, C1 CSI/OSC/ST or BEL. */
export function isClean(text: string): boolean {
  return !/[\u001b\u0007\u0090-\u009f]/.test(text);
}
