import { Box, Text } from "ink";
import { memo } from "react";
import { expandTabs, truncateLines } from "../../markdown/wrap.js";
import { hiddenOutputNote, outputBody, terminalExitText } from "../../state/terminals.js";
import type { PaneState, TerminalView, ToolRecord } from "../../state/view-model.js";
import { fitLine } from "./layout.js";

/** Output lines a tool row shows of its terminal at most: the newest matter, the rest is in the agent's hands. */
export const TERMINAL_MAX_LINES = 6;

/**
 * The last `count` output lines (trailing blank lines dropped) and how many come before them, found from the
 * end: a kept log can be megabytes and this runs on every frame.
 */
function lastLines(terminal: TerminalView, count: number): { lines: string[]; hidden: number } {
  const body = outputBody(terminal);
  if (body === "") return { lines: [], hidden: 0 };
  const { text, hiddenLines } = truncateLines(body, count, "tail");
  return { lines: count === 0 ? [] : text.split("\n"), hidden: hiddenLines };
}

/** Lines {@link TerminalOutput} wants: the output tail (with a "… more" note when cut) and the exit line. */
export function terminalOutputWant(terminal: TerminalView): number {
  const { lines, hidden } = lastLines(terminal, TERMINAL_MAX_LINES);
  return lines.length + (hidden > 0 || terminal.droppedBytes > 0 ? 1 : 0) + (terminal.exit ? 1 : 0);
}

/**
 * The terminal of the newest running tool row that embeds one, if any. One at a time: a side pane has no
 * room for two logs, and the newest command is the one being waited for.
 */
export function liveTerminal(
  state: PaneState,
  records: readonly ToolRecord[],
): { readonly toolCallId: string; readonly terminal: TerminalView } | undefined {
  for (let i = records.length - 1; i >= 0; i--) {
    const row = records[i]!.row;
    for (const id of row.terminalIds ?? []) {
      const terminal = state.terminals?.[id];
      if (terminal) return { toolCallId: row.toolCallId, terminal };
    }
  }
  return undefined;
}

/** Props of {@link TerminalOutput}. */
export interface TerminalOutputProps {
  readonly terminal: TerminalView;
  readonly width: number;
  /** Lines it may take, notes included. */
  readonly maxLines: number;
}

/**
 * A terminal's live output under its tool row: the last lines (already sanitized by the reducer), each cut
 * to the width so Ink never wraps a long log line into many, a "… N more lines" note when older output is
 * hidden, and the exit code once the command ended.
 */
export const TerminalOutput = memo(function TerminalOutput({ terminal, width, maxLines }: TerminalOutputProps) {
  if (maxLines <= 0) return null;
  const inner = Math.max(4, width - 2);
  const exit = terminalExitText(terminal);
  const room = Math.max(0, maxLines - (exit ? 1 : 0));
  const whole = lastLines(terminal, room);
  const fits = whole.hidden === 0 && terminal.droppedBytes === 0;
  const { lines: shown, hidden } = fits ? whole : lastLines(terminal, Math.max(0, room - 1));
  const note = fits || room === 0 ? undefined : hiddenOutputNote(hidden, terminal);
  return (
    <Box flexDirection="column" paddingLeft={2}>
      {note ? <Text dimColor>{fitLine(note, inner)}</Text> : null}
      {shown.length > 0 ? <Text>{shown.map((line) => fitLine(expandTabs(line), inner)).join("\n")}</Text> : null}
      {exit ? (
        <Text dimColor color={terminal.exit?.exitCode === 0 ? undefined : "red"}>
          {fitLine(exit, inner)}
        </Text>
      ) : null}
    </Box>
  );
});
