import type { ToolCallUpdateFields } from "../protocol/index.js";
import { appendOutput, EMPTY_TERMINAL, withTerminal } from "./terminals.js";
import type { PaneState, TerminalView } from "./view-model.js";

/**
 * Live output of commands the agent runs itself. A client that offers `clientCapabilities._meta.terminal_output`
 * (as zc-pane does) gets, on the command's tool call and its updates (Zed's convention, sent by
 * claude-agent-acp and codex-acp): `_meta.terminal_info {terminal_id}` when it starts, `_meta.terminal_output
 * {terminal_id, data}` for each new piece of output (appended: Codex sends many, Claude one), and
 * `_meta.terminal_exit {terminal_id, exit_code, signal}` at the end; the call's content embeds
 * `{type: "terminal", terminalId}`. They become terminals of the pane state like our own `terminal/*` ones,
 * so the row shows them the same way: the last lines live, a tail in the transcript, all of it expanded.
 */

type MetaRecord = Record<string, unknown>;

function record(value: unknown): MetaRecord | undefined {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as MetaRecord) : undefined;
}

function terminalIdOf(entry: MetaRecord | undefined): string | undefined {
  const id = entry?.terminal_id;
  return typeof id === "string" && id !== "" ? id : undefined;
}

const KEYS = ["terminal_info", "terminal_output", "terminal_exit"] as const;

/** The agent-side terminals a tool call's `_meta` names (usually one). */
export function metaTerminalIds(fields: ToolCallUpdateFields): string[] {
  const meta = record((fields as { _meta?: unknown })._meta);
  const ids = KEYS.flatMap((key) => {
    const id = terminalIdOf(record(meta?.[key]));
    return id === undefined ? [] : [id];
  });
  return [...new Set(ids)];
}

/**
 * Applies one tool call update's terminal `_meta` to the state's terminals. A `_meta` naming one of our own
 * terminals (created through `terminal/create`) is ignored: the agent reports only what it runs itself.
 */
export function reduceMetaTerminals(state: PaneState, update: ToolCallUpdateFields): PaneState {
  const meta = record((update as { _meta?: unknown })._meta);
  if (!meta) return state;
  let next = state;
  const change = (entry: MetaRecord | undefined, apply: (terminal: TerminalView) => TerminalView) => {
    const id = terminalIdOf(entry);
    if (id === undefined) return;
    const current = next.terminals?.[id];
    if (current && !current.reported) return;
    const base = current ?? { ...EMPTY_TERMINAL, reported: true as const };
    const changed = apply(base);
    if (changed !== current) next = withTerminal(next, id, changed);
  };
  change(record(meta.terminal_info), (terminal) => terminal);
  const output = record(meta.terminal_output);
  if (typeof output?.data === "string") change(output, (terminal) => appendOutput(terminal, output.data as string));
  const exit = record(meta.terminal_exit);
  change(exit, (terminal) => ({
    ...terminal,
    exit: {
      exitCode: typeof exit?.exit_code === "number" && Number.isInteger(exit.exit_code) ? exit.exit_code : null,
      signal: typeof exit?.signal === "string" ? exit.signal : null,
    },
  }));
  return next;
}
