import { Box, Text } from "ink";
import { memo } from "react";
import { expandTabs, formatHiddenLines } from "../../markdown/wrap.js";
import { terminalExitText } from "../../state/terminals.js";
import type { PaneState, TerminalView, ToolRecord } from "../../state/view-model.js";
import { fitLine } from "./layout.js";

/** Output lines a tool row shows of its terminal at most: the newest matter, the rest is in the agent's hands. */
export const TERMINAL_MAX_LINES = 6;

/** The output's lines, trailing blank lines dropped. */
function outputLines(terminal: TerminalView): string[] {
  const text = terminal.text.replace(/\n+$/, "");
  return text === "" ? [] : text.split("\n");
}

/** Lines {@link TerminalOutput} wants: the output tail (with a "… more" note when cut) and the exit line. */
export function terminalOutputWant(terminal: TerminalView): number {
  const lines = outputLines(terminal).length;
  const hidden = lines > TERMINAL_MAX_LINES || terminal.truncated;
  return Math.min(lines, TERMINAL_MAX_LINES) + (hidden ? 1 : 0) + (terminal.exit ? 1 : 0);
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
  const all = outputLines(terminal);
  const room = Math.max(0, maxLines - (exit ? 1 : 0));
  const fits = all.length <= room && !terminal.truncated;
  const shown = fits ? all : all.slice(Math.max(0, all.length - Math.max(0, room - 1)));
  const hidden = all.length - shown.length;
  const note = fits || room === 0 ? undefined : hidden > 0 ? formatHiddenLines(hidden) : "… earlier output dropped";
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
