import { permissionIntent } from "../protocol/index.js";
import type { OpenPermission, PaneState, ToolDecision } from "./view-model.js";

/**
 * ZeroClaw's approval requests name an `approval-<uuid>` call that never exists; the real `tool_call` follows
 * the decision (protocol.md §7.1, also for a denied call). Other agents name the call itself.
 */
const ZEROCLAW_APPROVAL_ID = /^approval-/;

/**
 * What an answer to a permission request means for its tool call: `cancelled` (Esc, a cancelled turn) and
 * the reject kinds (`reject_once`, `reject_always`, ZeroClaw's `reject_with_edit`) mean it will not run.
 */
export function decisionOf(open: OpenPermission, outcome: string, at: number): ToolDecision {
  if (outcome === "cancelled") return { verdict: "cancelled", at };
  const intent = permissionIntent(open.optionKinds?.[outcome] ?? "");
  return { verdict: intent === "reject" || intent === "reject_with_edit" ? "rejected" : "allowed", at };
}

/** Keeps the decision for the call it belongs to, for the rest of the turn. */
export function rememberDecision(state: PaneState, toolCallId: string, decision: ToolDecision): PaneState {
  if (ZEROCLAW_APPROVAL_ID.test(toolCallId)) return { ...state, turn: { ...state.turn, nextCallDecision: decision } };
  return { ...state, turn: { ...state.turn, decisions: { ...state.turn.decisions, [toolCallId]: decision } } };
}

/**
 * The decision about call `toolCallId`, if any; a new call (`isNewCall`, its first `tool_call`) takes a
 * decision that waits for the next call, and keeps it under its own id.
 */
export function takeDecision(
  state: PaneState,
  toolCallId: string,
  isNewCall: boolean,
): { state: PaneState; decision?: ToolDecision } {
  const own = state.turn.decisions?.[toolCallId];
  if (own) return { state, decision: own };
  const waiting = state.turn.nextCallDecision;
  if (!isNewCall || !waiting) return { state };
  const { nextCallDecision: _taken, ...turn } = state.turn;
  return {
    state: { ...state, turn: { ...turn, decisions: { ...turn.decisions, [toolCallId]: waiting } } },
    decision: waiting,
  };
}
