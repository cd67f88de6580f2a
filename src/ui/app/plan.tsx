import { Box, Text } from "ink";
import { memo } from "react";
import type { PlanEntryView } from "../../state/view-model.js";
import { fitLine } from "./layout.js";

/** Props of {@link Plan}. */
export interface PlanProps {
  readonly entries: readonly PlanEntryView[];
  readonly width: number;
  /** Lines it may take (title included); entries beyond are summed up in the last line. */
  readonly maxLines?: number;
}

const CHECKBOX: Readonly<Record<PlanEntryView["status"], { box: string; color?: string }>> = {
  pending: { box: "☐" },
  in_progress: { box: "◐", color: "yellow" },
  completed: { box: "☑", color: "green" },
  other: { box: "·" },
};

/** Lines {@link Plan} takes for `entries` without a cap. */
export function planLines(entries: readonly PlanEntryView[]): number {
  return entries.length + 1;
}

/**
 * The agent's plan as a checklist, one entry per line, updated in place while the turn runs. When lines are
 * short, the entries around the first unfinished one are kept (that is where the work is).
 */
export const Plan = memo(function Plan({ entries, width, maxLines }: PlanProps) {
  const room = (maxLines ?? entries.length + 1) - 1;
  const done = entries.filter((entry) => entry.status === "completed").length;
  const currentEntry = entries.find((entry) => entry.status !== "completed");
  if (room < 2 && entries.length > room) {
    // One line: the count and the entry being worked on.
    return (
      <Text wrap="truncate-end">
        <Text bold>{`Plan ${done}/${entries.length}`}</Text>
        {currentEntry ? <Text dimColor>{fitLine(` ${currentEntry.content}`, Math.max(1, width - 10))}</Text> : null}
      </Text>
    );
  }
  let shown = entries;
  let hidden = 0;
  if (entries.length > room) {
    const available = room - 1;
    const current = Math.max(
      0,
      entries.findIndex((entry) => entry.status !== "completed"),
    );
    const start = Math.min(Math.max(0, current - 1), Math.max(0, entries.length - available));
    shown = entries.slice(start, start + available);
    hidden = entries.length - shown.length;
  }
  return (
    <Box flexDirection="column">
      <Text bold wrap="truncate-end">
        {fitLine(`Plan ${done}/${entries.length}`, width)}
      </Text>
      {shown.map((entry, index) => {
        const style = CHECKBOX[entry.status];
        return (
          <Text key={index} wrap="truncate-end" dimColor={entry.status === "completed"}>
            <Text color={style.color}>{style.box}</Text> {fitLine(entry.content, Math.max(1, width - 2))}
          </Text>
        );
      })}
      {hidden > 0 ? <Text dimColor>{fitLine(`… ${hidden} more`, width)}</Text> : null}
    </Box>
  );
});
