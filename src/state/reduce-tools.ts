import type { ToolCallContent, ToolCallUpdateFields } from "../protocol/index.js";
import { appendItems, endSegment, pushRecent, withLive } from "./pane-ops.js";
import { reduceMetaTerminals } from "./meta-terminals.js";
import { withTerminalSnapshot } from "./terminals.js";
import { outputTail } from "./tool-output.js";
import {
  buildToolRow,
  cancelRow,
  deliveryOf,
  isFinished,
  isTurnCancelledMarker,
  mergeToolFields,
  transcriptCopy,
} from "./tool-rows.js";
import { takeDecision } from "./tool-decisions.js";
import type { PaneState, ToolDecision, ToolRecord } from "./view-model.js";

/** A delivered file's base64 can be 13 MB: the row keeps the uri and MIME type, never the bytes. */
function withoutBlobs(fields: ToolCallUpdateFields): ToolCallUpdateFields {
  const content = fields.content;
  if (
    !content?.some(
      (item) => item.type === "content" && item.content.type === "resource" && "blob" in item.content.resource,
    )
  )
    return fields;
  const stripped = content.map((item): ToolCallContent => {
    if (item.type !== "content" || item.content.type !== "resource" || !("blob" in item.content.resource)) return item;
    return { ...item, content: { ...item.content, resource: { ...item.content.resource, blob: "" } } };
  });
  return { ...fields, content: stripped };
}

/**
 * The row as printed: collapsed, with the last lines of its output under it: its terminals', else for a shell
 * call the output its agent reported (Codex's rawOutput, Claude's fenced content).
 */
function withOutputTail(row: ToolRecord["row"], terminals: PaneState["terminals"]): ToolRecord["row"] {
  const printed = withTerminalSnapshot(transcriptCopy(row), terminals);
  if (printed.terminalTail || row.kind !== "execute") return printed;
  const tail = outputTail(row.output, row.exitCode);
  return tail ? { ...printed, terminalTail: tail } : printed;
}

/** Prints a finished row (collapsed) into the transcript and keeps it among the recent rows. */
export function printFinished(state: PaneState, record: ToolRecord): PaneState {
  const printed = appendItems(state, { kind: "tool", row: withOutputTail(record.row, state.terminals) });
  return withLive(printed, { recent: pushRecent(printed.live.recent, record) });
}

/** Adds the file a `deliver_file` update carries to the live deliveries (saved by the controller). */
function noteDelivery(state: PaneState, update: ToolCallUpdateFields, title: string): PaneState {
  if (state.live.deliveries.some((delivery) => delivery.toolCallId === update.toolCallId)) return state;
  const found = deliveryOf(update, title);
  return found ? withLive(state, { deliveries: [...state.live.deliveries, found.delivery] }) : state;
}

/** The synthetic `turn-cancelled` call: one marker per turn, never a row. */
function markTurnCancelled(state: PaneState): PaneState {
  const ended = endSegment(state);
  if (ended.turn.markedCancelled) return ended;
  const marked = appendItems(ended, { kind: "turn-cancelled" });
  return { ...marked, turn: { ...marked.turn, markedCancelled: ended.turn.running } };
}

/**
 * Applies a `tool_call` (`isStart`) or `tool_call_update`: an upsert keyed by `toolCallId` (fields left out
 * keep their value). A call that finishes is printed collapsed into the transcript and kept among the recent
 * rows; a new call ends the text segment before it, since the agent's text continues after the tool.
 */
export function upsertToolCall(
  state: PaneState,
  update: ToolCallUpdateFields,
  isStart: boolean,
  at: number,
): PaneState {
  if (isTurnCancelledMarker(update)) return isStart ? markTurnCancelled(state) : state;
  const id = update.toolCallId;
  const liveIndex = state.live.tools.findIndex((record) => record.row.toolCallId === id);
  // An update for a row already printed (a replayed call's output arrives after its `tool_call`): the
  // details change, the printed line cannot. A second `tool_call` with a known id is a new call.
  const recentIndex =
    isStart || liveIndex >= 0 ? -1 : state.live.recent.findIndex((record) => record.row.toolCallId === id);
  const isNewRow = liveIndex < 0 && recentIndex < 0;
  // Text before a call and text after it are two paragraphs, also for agents whose first word about a call
  // is its update (Gemini sends no `tool_call`).
  const taken = takeDecision(isStart || isNewRow ? endSegment(state) : state, id, isStart && isNewRow);
  const decision = taken.decision;
  // The agent's own terminal first: a finishing update's exit is then in the tail the transcript keeps.
  let next = reduceMetaTerminals(taken.state, update);
  if (liveIndex >= 0) {
    const previous = next.live.tools[liveIndex] as ToolRecord;
    const source = withoutBlobs(mergeToolFields(previous.source, update));
    const record: ToolRecord = { row: buildToolRow(source, previous.row, at, decision), source };
    const tools = [...next.live.tools];
    if (isFinished(record.row.status)) {
      tools.splice(liveIndex, 1);
      next = printFinished(withLive(next, { tools }), record);
    } else {
      tools[liveIndex] = record;
      next = withLive(next, { tools });
    }
    return noteDelivery(next, update, record.row.title);
  }
  if (recentIndex >= 0) {
    const previous = next.live.recent[recentIndex] as ToolRecord;
    const source = withoutBlobs(mergeToolFields(previous.source, update));
    const recent = [...next.live.recent];
    const row = buildToolRow(source, previous.row, at, decision);
    recent[recentIndex] = { row, source };
    return noteDelivery(withLive(next, { recent }), update, row.title);
  }
  const source = withoutBlobs(mergeToolFields(undefined, update));
  const record: ToolRecord = { row: buildToolRow(source, undefined, at, decision), source };
  next = isFinished(record.row.status)
    ? printFinished(next, record)
    : withLive(next, { tools: [...next.live.tools, record] });
  return noteDelivery(next, update, record.row.title);
}

/**
 * A permission request about a running row was answered: the row is timed from now when allowed, and shows
 * no running time when it will not run.
 */
export function applyDecision(state: PaneState, toolCallId: string, decision: ToolDecision, at: number): PaneState {
  const index = state.live.tools.findIndex((record) => record.row.toolCallId === toolCallId);
  if (index < 0) return state;
  const record = state.live.tools[index] as ToolRecord;
  const tools = [...state.live.tools];
  tools[index] = { ...record, row: buildToolRow(record.source, record.row, at, decision) };
  return withLive(state, { tools });
}

/** At the end of a turn, calls still open will not run any more: they are printed as cancelled. */
export function finishOpenTools(state: PaneState, at: number): PaneState {
  let next = withLive(state, { tools: [] });
  for (const record of state.live.tools) {
    const decision = state.turn.decisions?.[record.row.toolCallId];
    next = printFinished(next, { ...record, row: cancelRow(record.row, at, decision) });
  }
  return next;
}

/** Rows Ctrl+O and Alt+Up/Down can reach, oldest first: the recent finished ones, then the running ones. */
export function focusableTools(state: PaneState): readonly ToolRecord[] {
  return state.live.recent.length === 0 ? state.live.tools : [...state.live.recent, ...state.live.tools];
}

/** The row Ctrl+O acts on: the focused one while it is reachable, else the latest. */
export function focusedTool(state: PaneState): ToolRecord | undefined {
  const rows = focusableTools(state);
  if (state.focusedToolId !== undefined) {
    const focused = rows.find((record) => record.row.toolCallId === state.focusedToolId);
    if (focused) return focused;
  }
  return rows.at(-1);
}

/** Ctrl+O: expands or collapses the focused row. At most one finished row is expanded (a details panel). */
export function toggleFocusedTool(state: PaneState): PaneState {
  const target = focusedTool(state);
  if (!target) return state;
  const id = target.row.toolCallId;
  if (state.expanded.includes(id)) {
    // Collapsed, it opens again as its output, not raw.
    const expanded = state.expanded.filter((other) => other !== id);
    return { ...state, expanded, ...(state.rawToolId === id ? { rawToolId: undefined } : {}) };
  }
  const finishedIds = new Set(state.live.recent.map((record) => record.row.toolCallId));
  const kept = finishedIds.has(id) ? state.expanded.filter((other) => !finishedIds.has(other)) : state.expanded;
  return { ...state, expanded: [...kept, id] };
}

/** Ctrl+R: shows the focused row raw (expanding it when collapsed), or its output again. */
export function toggleRawTool(state: PaneState): PaneState {
  const target = focusedTool(state);
  if (!target) return state;
  const id = target.row.toolCallId;
  if (state.rawToolId === id) return { ...state, rawToolId: undefined };
  const expanded = state.expanded.includes(id) ? state : toggleFocusedTool(state);
  return { ...expanded, rawToolId: id };
}

/** Alt+Up / Alt+Down: moves the focus among the reachable rows. */
export function moveToolFocus(state: PaneState, direction: -1 | 1): PaneState {
  const rows = focusableTools(state);
  if (rows.length === 0) return state;
  const current = focusedTool(state);
  const index = current ? rows.indexOf(current) : rows.length - 1;
  const next = rows[Math.min(rows.length - 1, Math.max(0, index + direction))] as ToolRecord;
  return { ...state, focusedToolId: next.row.toolCallId };
}
