import type { ClientEvent } from "../client/events.js";
import { formatBytes } from "../common/format.js";
import { sanitizeLine, sanitizeText } from "../markdown/sanitize.js";
import { formatHiddenLines, truncateLines } from "../markdown/truncate.js";
import type { PaneState, TerminalView, ToolRow } from "./view-model.js";

/**
 * Output kept per terminal, from its end, in characters of its shown text: a command's whole log up to this
 * (Ctrl+O and the history view show it), its start dropped past it with a "… 1.2 MiB earlier not kept" line.
 */
export const TERMINAL_KEEP_CHARS = 2 * 1024 * 1024;
/**
 * What all kept terminals may hold together. Past it the older terminals keep only their last
 * {@link OLD_TERMINAL_KEEP_CHARS}: the newest command's log is the one being read.
 */
export const TERMINALS_KEEP_TOTAL_CHARS = 16 * 1024 * 1024;
export const OLD_TERMINAL_KEEP_CHARS = 64 * 1024;
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
export const EMPTY_TERMINAL: TerminalView = {
  text: "",
  closedLength: 0,
  openLine: "",
  droppedBytes: 0,
  released: false,
};

/**
 * Sets terminal `id` in the state, forgetting the oldest past {@link MAX_TERMINALS}, and cutting the others
 * to their tail when all of them hold more than {@link TERMINALS_KEEP_TOTAL_CHARS}.
 */
export function withTerminal(state: PaneState, id: string, terminal: TerminalView): PaneState {
  const terminals = { ...state.terminals, [id]: terminal };
  const ids = Object.keys(terminals);
  // Object keys keep insertion order: the first ones are the oldest terminals.
  for (const old of ids.slice(0, Math.max(0, ids.length - MAX_TERMINALS))) delete terminals[old];
  let total = 0;
  for (const kept of Object.values(terminals)) total += kept.text.length;
  for (const other of Object.keys(terminals)) {
    if (total <= TERMINALS_KEEP_TOTAL_CHARS) break;
    const kept = terminals[other]!;
    if (other === id || kept.text.length <= OLD_TERMINAL_KEEP_CHARS) continue;
    const cut = keepTail(kept, OLD_TERMINAL_KEEP_CHARS);
    total -= kept.text.length - cut.text.length;
    terminals[other] = cut;
  }
  return { ...state, terminals };
}

/**
 * `terminal` with `chunk` of raw output appended. Complete lines are resolved and sanitized once, as they
 * end; the open last line is kept raw until its newline (a `\r` may still rewrite it), so a long log costs
 * its new part on each chunk, not all of it. `droppedBytes` counts output that never reached the pane (the
 * client dropped it while the pane fell behind). Past {@link TERMINAL_KEEP_CHARS} the start goes.
 */
export function appendOutput(terminal: TerminalView, chunk: string, droppedBytes = 0): TerminalView {
  // Output went missing before this chunk: what came before the gap goes too, so the kept text is the
  // command's end without a hole in it, from a line start, and "earlier not kept" stays true.
  if (droppedBytes > 0) return appendOutput(afterGap(terminal, chunk, droppedBytes), chunk.slice(lineStart(chunk)));
  const pending = terminal.openLine + chunk;
  const lastNewline = pending.lastIndexOf("\n");
  let closed = terminal.text.slice(0, terminal.closedLength);
  let openLine = pending;
  if (lastNewline !== -1) {
    closed += terminalText(pending.slice(0, lastNewline + 1));
    openLine = pending.slice(lastNewline + 1);
  }
  // Only what follows the open line's last `\r` can still show; a final `\r` may begin a `\r\n`.
  const rewrite = openLine.lastIndexOf("\r", openLine.length - 2);
  if (rewrite !== -1) openLine = openLine.slice(rewrite + 1);
  let dropped = terminal.droppedBytes + droppedBytes;
  if (openLine.length > TERMINAL_KEEP_CHARS) {
    dropped += Buffer.byteLength(openLine.slice(0, openLine.length - TERMINAL_KEEP_CHARS));
    openLine = openLine.slice(openLine.length - TERMINAL_KEEP_CHARS);
  }
  const next = {
    ...terminal,
    text: closed + terminalText(openLine),
    closedLength: closed.length,
    openLine,
    droppedBytes: dropped,
  };
  // Cut with some slack, so a flood copies the kept text once per quarter of it, not on every chunk.
  return next.text.length > TERMINAL_KEEP_CHARS * 1.25 ? keepTail(next, TERMINAL_KEEP_CHARS) : next;
}

/** Where the first whole line of `chunk` starts (0 when it has no line end: one long line is kept). */
function lineStart(chunk: string): number {
  return chunk.indexOf("\n") + 1;
}

/** `terminal` emptied by a gap of `droppedBytes` before `chunk`, all that is gone (and `chunk`'s partial first line) counted. */
function afterGap(terminal: TerminalView, chunk: string, droppedBytes: number): TerminalView {
  const lost = Buffer.byteLength(terminal.text) + droppedBytes + Buffer.byteLength(chunk.slice(0, lineStart(chunk)));
  return { ...terminal, text: "", closedLength: 0, openLine: "", droppedBytes: terminal.droppedBytes + lost };
}

/** `terminal` keeping about the last `chars` of its text, from a line start; what goes is counted in bytes. */
function keepTail(terminal: TerminalView, chars: number): TerminalView {
  const start = terminal.text.length - chars;
  if (start <= 0) return terminal;
  const newline = terminal.text.indexOf("\n", start);
  const cut = Math.min(newline === -1 ? start : newline + 1, terminal.closedLength);
  if (cut <= 0) return terminal;
  return {
    ...terminal,
    text: terminal.text.slice(cut),
    closedLength: terminal.closedLength - cut,
    droppedBytes: terminal.droppedBytes + Buffer.byteLength(terminal.text.slice(0, cut)),
  };
}

/** The line that stands for output not kept: `… 1.2 MiB earlier not kept`. */
export function notKeptLine(terminal: TerminalView): string | undefined {
  return terminal.droppedBytes > 0 ? `… ${formatBytes(terminal.droppedBytes)} earlier not kept` : undefined;
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
        appendOutput(current ?? EMPTY_TERMINAL, event.chunk, event.droppedBytes),
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

/** The note over a terminal's last lines: `… 12 more lines`, and the output before them that is not kept. */
export function hiddenOutputNote(hiddenLines: number, terminal: TerminalView): string | undefined {
  const notKept = notKeptLine(terminal);
  if (hiddenLines > 0) return formatHiddenLines(hiddenLines) + (notKept ? `, ${notKept.slice(2)}` : "");
  return notKept;
}

/** The output without its trailing newlines, found from the end (a kept log can be megabytes). */
export function outputBody(terminal: TerminalView): string {
  const { text } = terminal;
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 10) end--;
  return end === text.length ? text : text.slice(0, end);
}

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
    const { text: kept, hiddenLines } = truncateLines(outputBody(terminal), TERMINAL_SNAPSHOT_LINES, "tail");
    // Tabs would be laid out by the terminal, past the width the row was cut to.
    const lines = kept === "" ? [] : kept.replace(/\t/g, "    ").split("\n");
    const note = hiddenOutputNote(hiddenLines, terminal);
    if (note) parts.push(note);
    parts.push(...lines);
    const exit = terminalExitText(terminal);
    if (exit) parts.push(exit);
  }
  return parts.length > 0 ? { ...row, terminalTail: parts.join("\n") } : row;
}

/**
 * A row as its details (Ctrl+O) show it, the same for every agent: all a command printed (all that is kept,
 * a "… earlier not kept" line before it when its start went), then how it ended (`exit 0`), as the collapsed
 * row's tail reads. Its terminals' output (ours, or the agent's streamed in `_meta`) is what ran, so it wins
 * over the agent's own report of it (claude-code-acp's `Exited with code 0.Final output:` text); without a
 * terminal, the reported output and exit code.
 */
export function withTerminalOutput(row: ToolRow, terminals: PaneState["terminals"]): ToolRow {
  const fromTerminals = (row.terminalIds ?? []).flatMap((id) => {
    const terminal = terminals?.[id];
    if (!terminal) return [];
    const body = outputBody(terminal);
    const exit = terminalExitText(terminal);
    return body || exit ? [[notKeptLine(terminal), body, exit].filter(Boolean).join("\n")] : [];
  });
  if (fromTerminals.length > 0) return { ...row, output: fromTerminals.join("\n") };
  if (row.exitCode === undefined) return row;
  const body = (row.output ?? "").replace(/\n+$/, "");
  return { ...row, output: [body, `exit ${row.exitCode}`].filter(Boolean).join("\n") };
}
