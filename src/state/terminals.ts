import type { ClientEvent } from "../client/events.js";
import { sanitizeLine, sanitizeText } from "../markdown/sanitize.js";
import type { PaneState, TerminalView, ToolRow } from "./view-model.js";

/**
 * Output kept per terminal, from its end. A tool row shows only its last few lines, so a build log of
 * megabytes must not be kept (nor re-sanitized on every chunk) in the view model.
 */
export const TERMINAL_TAIL_CHARS = 8 * 1024;
/** Terminals kept for tool rows; the oldest go first (a long session may run hundreds of commands). */
export const MAX_TERMINALS = 32;

/**
 * Terminal output as lines a row can show: `\r\n` is a newline, and a lone `\r` (a progress bar redrawing
 * its line) keeps only what was written after it, as a terminal would show it. Then sanitized: raw process
 * output may carry any escape sequence.
 */
export function terminalText(raw: string): string {
  const lines = raw.replace(/\r+\n/g, "\n").split("\n");
  return sanitizeText(lines.map((line) => line.slice(line.lastIndexOf("\r") + 1)).join("\n"));
}

/** A terminal before any output. */
export const EMPTY_TERMINAL: TerminalView = { raw: "", text: "", truncated: false, released: false };

/** Sets terminal `id` in the state, forgetting the oldest past {@link MAX_TERMINALS}. */
export function withTerminal(state: PaneState, id: string, terminal: TerminalView): PaneState {
  const terminals = { ...state.terminals, [id]: terminal };
  const ids = Object.keys(terminals);
  // Object keys keep insertion order: the first ones are the oldest terminals.
  for (const old of ids.slice(0, Math.max(0, ids.length - MAX_TERMINALS))) delete terminals[old];
  return { ...state, terminals };
}

/** `terminal` with `chunk` appended, its kept tail cut at a line start past {@link TERMINAL_TAIL_CHARS}. */
export function appendOutput(terminal: TerminalView, chunk: string, truncated = false): TerminalView {
  const joined = terminal.raw + chunk;
  const cut = joined.length > TERMINAL_TAIL_CHARS;
  // Cut at a line start so the first shown line is not half a line.
  let raw = joined;
  if (cut) {
    const start = joined.length - TERMINAL_TAIL_CHARS;
    const newline = joined.indexOf("\n", start);
    raw = joined.slice(newline === -1 ? start : newline + 1);
  }
  return { ...terminal, raw, text: terminalText(raw), truncated: terminal.truncated || cut || truncated };
}

/**
 * Reduces the client's terminal events into {@link PaneState.terminals}: a terminal's output tail, whether
 * it was cut, and how it exited. Release keeps the output (a terminal embedded in a tool call keeps showing
 * it). Returns undefined for any other event. Events of another session are ignored.
 */
export function reduceTerminalEvent(state: PaneState, event: ClientEvent): PaneState | undefined {
  switch (event.type) {
    case "terminal-created":
    case "terminal-output":
    case "terminal-exited":
    case "terminal-released":
      break;
    default:
      return undefined;
  }
  if (state.header.sessionId !== undefined && event.sessionId !== state.header.sessionId) return state;
  const current = state.terminals?.[event.terminalId];
  switch (event.type) {
    case "terminal-created": {
      const command = sanitizeLine([event.command, ...event.args].join(" "));
      return withTerminal(state, event.terminalId, { ...EMPTY_TERMINAL, command });
    }
    case "terminal-output":
      return withTerminal(
        state,
        event.terminalId,
        appendOutput(current ?? EMPTY_TERMINAL, event.chunk, event.truncated),
      );
    case "terminal-exited":
      return withTerminal(state, event.terminalId, {
        ...(current ?? EMPTY_TERMINAL),
        exit: event.exitStatus,
      });
    case "terminal-released":
      return current ? withTerminal(state, event.terminalId, { ...current, released: true }) : state;
  }
}

/** The one-line status of a terminal: `exit 0`, `killed (SIGTERM)`, or undefined while it runs. */
export function terminalExitText(terminal: TerminalView): string | undefined {
  if (!terminal.exit) return undefined;
  if (terminal.exit.signal) return `killed (${sanitizeLine(terminal.exit.signal)})`;
  return `exit ${terminal.exit.exitCode ?? "?"}`;
}

/** Output lines a finished tool row keeps of its terminal in the transcript. */
export const TERMINAL_SNAPSHOT_LINES = 4;

/**
 * A finished tool row with the tail of its terminals' output attached, so the transcript keeps what the
 * live region showed (the terminal's state may be forgotten later). The row itself when it has none.
 */
export function withTerminalSnapshot(row: ToolRow, terminals: PaneState["terminals"]): ToolRow {
  if (!row.terminalIds || !terminals) return row;
  const parts: string[] = [];
  for (const id of row.terminalIds) {
    const terminal = terminals[id];
    if (!terminal) continue;
    const body = terminal.text.replace(/\n+$/, "");
    // Tabs would be laid out by the terminal, past the width the row was cut to.
    const lines = body === "" ? [] : body.replace(/\t/g, "    ").split("\n");
    const hidden = lines.length - TERMINAL_SNAPSHOT_LINES;
    if (hidden > 0 || terminal.truncated)
      parts.push(hidden > 0 ? `… ${hidden} more line${hidden === 1 ? "" : "s"}` : "… earlier output dropped");
    parts.push(...lines.slice(Math.max(0, hidden)));
    const exit = terminalExitText(terminal);
    if (exit) parts.push(exit);
  }
  return parts.length > 0 ? { ...row, terminalTail: parts.join("\n") } : row;
}

/**
 * A row as its details (Ctrl+O) show it, the same for every agent: all a command printed, then how it ended
 * (`exit 0`), as the collapsed row's tail reads. Its terminals' output (ours, or the agent's streamed in
 * `_meta`) is what ran, so it wins over the agent's own report of it (claude-code-acp's `Exited with code
 * 0.Final output:` text); without a terminal, the reported output and exit code.
 */
export function withTerminalOutput(row: ToolRow, terminals: PaneState["terminals"]): ToolRow {
  const fromTerminals = (row.terminalIds ?? []).flatMap((id) => {
    const terminal = terminals?.[id];
    if (!terminal) return [];
    const body = terminal.text.replace(/\n+$/, "");
    const exit = terminalExitText(terminal);
    return body || exit ? [[body, exit].filter(Boolean).join("\n")] : [];
  });
  if (fromTerminals.length > 0) return { ...row, output: fromTerminals.join("\n") };
  if (row.exitCode === undefined) return row;
  const body = (row.output ?? "").replace(/\n+$/, "");
  return { ...row, output: [body, `exit ${row.exitCode}`].filter(Boolean).join("\n") };
}
