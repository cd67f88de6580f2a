import type { ClientEvent } from "../client/events.js";
import type { ToolCallUpdateFields } from "../protocol/index.js";
import { withLive } from "./pane-ops.js";
import { printFinished, upsertToolCall } from "./reduce-tools.js";
import { buildToolRow, isFinished, mergeToolFields } from "./tool-rows.js";
import type { PaneState, ToolRecord } from "./view-model.js";

/** The id prefix of the row that shows a terminal no tool call embeds: never a real tool call id. */
const ROW_PREFIX = "zc-pane-terminal:";

/**
 * Every command the agent runs through `terminal/create` is shown, whether or not a tool call embeds it
 * (design.md §7): it gets a row of its own, a normal tool row (`execute`, the command line, its cwd, the
 * live output tail, the exit). When a tool call embeds the terminal (Claude's adapter sends that right after
 * creating it), the tool call's row shows it and the command's own row goes away, so it is never shown twice.
 *
 * A fast command can end before that tool call arrives: printed into the transcript at its exit, it would
 * then show twice (its own row, then the tool call's). So a command that ended during a turn stays in the
 * live region, finished, until the agent moves on (text, a plan, any update but a tool call's; the end of
 * the turn: {@link printHeldCommands}) or a tool call embeds it. Other tool calls do not end the wait: an
 * agent running calls side by side may embed this terminal after another call's update.
 */
export function reduceAgentCommand(state: PaneState, event: ClientEvent, at: number): PaneState {
  if (state.header.sessionId !== undefined && "sessionId" in event && event.sessionId !== state.header.sessionId)
    return state;
  switch (event.type) {
    case "terminal-created": {
      const command = [event.command, ...event.args].join(" ");
      const row: ToolCallUpdateFields = {
        toolCallId: ROW_PREFIX + event.terminalId,
        title: `agent command in ${event.cwd}`,
        kind: "execute",
        status: "in_progress",
        rawInput: { command, cwd: event.cwd },
        content: [{ type: "terminal", terminalId: event.terminalId }],
        locations: [{ path: event.cwd }],
      };
      return upsertToolCall(state, row, true, at);
    }
    case "terminal-exited": {
      const id = ROW_PREFIX + event.terminalId;
      const index = state.live.tools.findIndex((record) => record.row.toolCallId === id);
      if (index < 0) return state;
      const ended: ToolCallUpdateFields = {
        toolCallId: id,
        status: event.exitStatus.exitCode === 0 ? "completed" : "failed",
      };
      // Outside a turn no tool call will come to embed it.
      if (!state.turn.running) return upsertToolCall(state, ended, false, at);
      const previous = state.live.tools[index] as ToolRecord;
      const source = mergeToolFields(previous.source, ended);
      const tools = [...state.live.tools];
      tools[index] = { row: buildToolRow(source, previous.row, at), source };
      return withLive(state, { tools });
    }
    default:
      return state;
  }
}

/** After a tool call update: a terminal the agent's own tool row now embeds loses its stand-alone row. */
export function dropEmbeddedCommandRows(state: PaneState): PaneState {
  const embedded = new Set<string>();
  for (const record of state.live.tools)
    if (!record.row.toolCallId.startsWith(ROW_PREFIX))
      for (const id of record.row.terminalIds ?? []) embedded.add(ROW_PREFIX + id);
  for (const record of state.live.recent) for (const id of record.row.terminalIds ?? []) embedded.add(ROW_PREFIX + id);
  if (embedded.size === 0) return state;
  const tools = state.live.tools.filter((record) => !embedded.has(record.row.toolCallId));
  return tools.length === state.live.tools.length ? state : withLive(state, { tools });
}

/** A command's own row that ended and waits for a tool call that may embed its terminal. */
function isHeld(record: ToolRecord): boolean {
  return record.row.toolCallId.startsWith(ROW_PREFIX) && isFinished(record.row.status);
}

/** The agent moved on: the commands that ended with no tool call embedding them are printed, as they ended. */
export function printHeldCommands(state: PaneState): PaneState {
  const held = state.live.tools.filter(isHeld);
  if (held.length === 0) return state;
  let next = withLive(state, { tools: state.live.tools.filter((record) => !isHeld(record)) });
  for (const record of held) next = printFinished(next, record);
  return next;
}
