import type { ClientEvent } from "../client/events.js";
import type { ToolCallUpdateFields } from "../protocol/index.js";
import { withLive } from "./pane-ops.js";
import { upsertToolCall } from "./reduce-tools.js";
import type { PaneState } from "./view-model.js";

/** The id prefix of the row that shows a terminal no tool call embeds: never a real tool call id. */
const ROW_PREFIX = "zc-pane-terminal:";

/**
 * Every command the agent runs through `terminal/create` is shown, whether or not a tool call embeds it
 * (design.md §7): it gets a row of its own, a normal tool row (`execute`, the command line, its cwd, the
 * live output tail, the exit) that is printed into the transcript when the command ends. When a tool call
 * embeds the terminal (Claude's adapter sends that right after creating it), the tool call's row shows it
 * and the command's own row goes away, so it is never shown twice.
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
      if (!state.live.tools.some((record) => record.row.toolCallId === id)) return state;
      const { exitCode } = event.exitStatus;
      return upsertToolCall(state, { toolCallId: id, status: exitCode === 0 ? "completed" : "failed" }, false, at);
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
