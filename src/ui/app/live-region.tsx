import { Box, Text } from "ink";
import { memo, useMemo } from "react";
import { renderMarkdown, renderPlainText } from "../../markdown/renderer.js";
import { formatHiddenLines } from "../../markdown/wrap.js";
import type { PaneState, ToolRecord } from "../../state/view-model.js";
import { focusedTool } from "../../state/reduce-tools.js";
import { withTerminalOutput } from "../../state/terminals.js";
import { rawToolText } from "../../state/tool-rows.js";
import { AgentDied, agentDiedLines } from "./agent-died.js";
import { allocateLines, fitLine } from "./layout.js";
import { Plan, planLines } from "./plan.js";
import { RawToolDetails, ToolDetails, toolDetailsWant, ToolRowLine } from "./tool-row.js";
import { DeliveryLine } from "./delivery-line.js";
import { thoughtDetailsText, thoughtHeadline } from "./thought.js";
import { liveTerminal, TerminalOutput, terminalOutputWant } from "./terminal-output.js";

/**
 * A streaming tail longer than this is shown as plain text (its last part): re-parsing a long code block
 * that has no safe split point yet on every frame would cost more than the frame budget.
 */
const MAX_MARKDOWN_TAIL = 6000;
/** Running tool rows listed one per line before they are summed up. */
const MAX_TOOL_LINES = 6;
const MAX_QUEUE_LINES = 3;

/** Props of {@link LiveRegion}. */
export interface LiveRegionProps {
  readonly state: PaneState;
  readonly width: number;
  /** Lines it may take at most (the dynamic region must stay shorter than the terminal). */
  readonly lines: number;
  /** Animate running rows; off while a permission request waits for the user (nothing moves then). */
  readonly animate?: boolean;
}

/** The streaming answer's tail rendered at `width`, as lines (markdown, or plain text when it is huge). */
function renderTail(text: string, width: number): string[] {
  if (text.length > MAX_MARKDOWN_TAIL) {
    const start = text.indexOf("\n", text.length - MAX_MARKDOWN_TAIL);
    return renderPlainText(text.slice(start === -1 ? text.length - MAX_MARKDOWN_TAIL : start + 1), width).split("\n");
  }
  const rendered = renderMarkdown(text, width);
  return rendered === "" ? [] : rendered.split("\n");
}

/** The last non-empty line of a (possibly long) thought, found without splitting all of it. */
function lastLine(text: string): string {
  const trimmed = text.trimEnd();
  return trimmed.slice(trimmed.lastIndexOf("\n") + 1).trim();
}

/** The expanded row shown in full: the most recently expanded one that is still reachable. */
function expandedRecord(state: PaneState): ToolRecord | undefined {
  for (let i = state.expanded.length - 1; i >= 0; i--) {
    const id = state.expanded[i];
    const record =
      state.live.tools.find((candidate) => candidate.row.toolCallId === id) ??
      state.live.recent.find((candidate) => candidate.row.toolCallId === id);
    if (record) return record;
  }
  return undefined;
}

/**
 * Everything still moving, below the transcript: the thought being streamed (one dim line), the answer's
 * tail after its last safe split point, files being saved, running tool rows, an expanded row's details,
 * the plan, queued prompts and the "agent stopped" panel. Each part gets a share of `lines` and is cut to
 * it ("… N more lines"), so the region never grows past its budget.
 */
export const LiveRegion = memo(function LiveRegion({ state, width, lines, animate = true }: LiveRegionProps) {
  const { live, queue, agentDied } = state;
  const stream = live.stream;
  const messageTail = stream?.kind === "message" ? stream.text : "";
  const tailLines = useMemo(() => (messageTail ? renderTail(messageTail, width) : []), [messageTail, width]);
  const expanded = expandedRecord(state);
  // Expanded, a command shows all it printed: the agent's reported output, else its terminal's.
  const expandedRow = expanded ? withTerminalOutput(expanded.row, state.terminals) : undefined;
  // Ctrl+R: the agent's JSON of the expanded row instead of its output (the source changes only with the row).
  const rawSource = expanded && state.rawToolId === expanded.row.toolCallId ? expanded.source : undefined;
  const raw = useMemo(() => (rawSource ? rawToolText(rawSource) : undefined), [rawSource]);
  const focused = focusedTool(state);
  const reachable = live.recent.length + live.tools.length;
  const markFocus = reachable > 1 && state.focusedToolId !== undefined;
  const running = live.tools.filter((record) => record !== expanded);
  const focusHint = markFocus && focused && focused !== expanded && !live.tools.includes(focused) ? focused : undefined;
  const thought = stream && stream.kind !== "message" ? stream : undefined;
  const terminal = liveTerminal(state, running);

  const share = allocateLines(lines, [
    {
      key: "died",
      min: agentDied ? Math.min(3, agentDiedLines(agentDied)) : 0,
      want: agentDied ? agentDiedLines(agentDied) : 0,
      rank: 0,
    },
    { key: "queue", min: queue.length > 0 ? 1 : 0, want: Math.min(queue.length, MAX_QUEUE_LINES), rank: 5 },
    { key: "tools", min: Math.min(running.length, 2), want: Math.min(running.length, MAX_TOOL_LINES), rank: 3 },
    { key: "terminal", min: terminal ? 1 : 0, want: terminal ? terminalOutputWant(terminal.terminal) : 0, rank: 3 },
    { key: "stream", min: tailLines.length > 0 ? Math.min(2, tailLines.length) : 0, want: tailLines.length, rank: 2 },
    {
      key: "details",
      min: expandedRow ? Math.min(3, toolDetailsWant(expandedRow, raw)) : 0,
      want: expandedRow ? toolDetailsWant(expandedRow, raw) : 0,
      rank: 1,
    },
    { key: "focus", min: focusHint ? 1 : 0, want: focusHint ? 1 : 0 },
    { key: "plan", min: live.plan ? 1 : 0, want: live.plan ? planLines(live.plan) : 0, rank: 4 },
    { key: "deliveries", min: live.deliveries.length > 0 ? 1 : 0, want: live.deliveries.length, rank: 6 },
    { key: "thought", min: 0, want: thought ? 1 : 0, rank: 7 },
  ]);
  const n = (key: string) => share[key] ?? 0;

  let shownTail: string[] = [];
  if (n("stream") > 0) {
    shownTail =
      tailLines.length <= n("stream")
        ? tailLines
        : [
            formatHiddenLines(tailLines.length - n("stream") + 1),
            ...tailLines.slice(tailLines.length - n("stream") + 1),
          ];
  }
  const toolRoom = n("tools");
  const shownTools = running.length <= toolRoom ? running : running.slice(running.length - Math.max(0, toolRoom - 1));
  const hiddenTools = running.length - shownTools.length;
  const queueRoom = n("queue");
  const shownQueue = queue.length <= queueRoom ? queue : queue.slice(0, Math.max(0, queueRoom - 1));

  return (
    <Box flexDirection="column" width={width}>
      {n("thought") > 0 && thought ? (
        <Text dimColor italic wrap="truncate-end">
          {fitLine(
            thought.kind === "thought"
              ? `✻ thinking… ${thoughtHeadline(lastLine(thought.text))}`
              : `✻ replaying… ${lastLine(thought.text)}`,
            width,
          )}
        </Text>
      ) : null}
      {shownTail.length > 0 ? <Text>{shownTail.join("\n")}</Text> : null}
      {live.deliveries.slice(0, n("deliveries")).map((delivery) => (
        <DeliveryLine key={delivery.toolCallId} delivery={delivery} width={width} />
      ))}
      {hiddenTools > 0 && toolRoom > 0 ? <Text dimColor>{fitLine(`… ${hiddenTools} more running`, width)}</Text> : null}
      {toolRoom > 0
        ? shownTools.map((record) => (
            <ToolRowLine
              key={record.row.toolCallId}
              row={record.row}
              width={width}
              animate={animate}
              focused={markFocus && record === focused}
            />
          ))
        : null}
      {terminal && toolRoom > 0 && n("terminal") > 0 ? (
        <TerminalOutput terminal={terminal.terminal} width={width} maxLines={n("terminal")} />
      ) : null}
      {expanded && n("details") > 0 && expanded.row.kind === "think" ? (
        <Text>
          {thoughtDetailsText(expanded.row.output ?? expanded.row.title, width, n("details"), {
            focused: markFocus && expanded === focused,
          })}
        </Text>
      ) : expanded && expandedRow && n("details") > 0 && raw !== undefined ? (
        <RawToolDetails
          row={expandedRow}
          raw={raw}
          width={width}
          lines={n("details")}
          animate={animate}
          focused={markFocus && expanded === focused}
        />
      ) : expanded && expandedRow && n("details") > 0 ? (
        <ToolDetails
          row={expandedRow}
          width={width}
          lines={n("details")}
          animate={animate}
          focused={markFocus && expanded === focused}
        />
      ) : null}
      {focusHint && n("focus") > 0 ? <ToolRowLine row={focusHint.row} width={width} focused expanded={false} /> : null}
      {live.plan && n("plan") > 0 ? <Plan entries={live.plan} width={width} maxLines={n("plan")} /> : null}
      {shownQueue.map((queued) => (
        <Text key={queued.id} dimColor wrap="truncate-end">
          {fitLine(`${queued.steer ? "⇥ sending now" : "⧗ queued"}: ${queued.text.split("\n", 1)[0] ?? ""}`, width)}
        </Text>
      ))}
      {queue.length > shownQueue.length && queueRoom > 0 ? (
        <Text dimColor>{fitLine(`… ${queue.length - shownQueue.length} more queued`, width)}</Text>
      ) : null}
      {agentDied && n("died") > 0 ? <AgentDied death={agentDied} width={width} maxLines={n("died")} /> : null}
    </Box>
  );
});
