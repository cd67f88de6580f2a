import chalk, { type ForegroundColorName } from "chalk";
import { Text } from "ink";
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

const CHECKBOX: Readonly<Record<PlanEntryView["status"], { box: string; color?: ForegroundColorName }>> = {
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
 * The agent's plan as a checklist in styled lines (at most `maxLines`, each at most `width` wide), one entry
 * per line. When lines are short, the entries around the first unfinished one are kept (that is where the
 * work is). The one way a plan reads: the live plan ({@link Plan}) prints these lines, the transcript writes them.
 */
export function planText(entries: readonly PlanEntryView[], width: number, maxLines?: number): string {
  const room = (maxLines ?? entries.length + 1) - 1;
  const done = entries.filter((entry) => entry.status === "completed").length;
  const currentEntry = entries.find((entry) => entry.status !== "completed");
  if (room < 2 && entries.length > room) {
    // One line: the count and the entry being worked on.
    const current = currentEntry ? chalk.dim(fitLine(` ${currentEntry.content}`, Math.max(1, width - 10))) : "";
    return fitLine(`${chalk.bold(`Plan ${done}/${entries.length}`)}${current}`, width);
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
  const lines = [chalk.bold(fitLine(`Plan ${done}/${entries.length}`, width))];
  for (const entry of shown) {
    const style = CHECKBOX[entry.status];
    const line = fitLine(
      `${style.color ? chalk[style.color](style.box) : style.box} ${fitLine(entry.content, Math.max(1, width - 2))}`,
      width,
    );
    lines.push(entry.status === "completed" ? chalk.dim(line) : line);
  }
  if (hidden > 0) lines.push(chalk.dim(fitLine(`… ${hidden} more`, width)));
  return lines.join("\n");
}

/** The live plan: {@link planText}, updated in place while the turn runs. */
export const Plan = memo(function Plan({ entries, width, maxLines }: PlanProps) {
  return <Text>{planText(entries, width, maxLines)}</Text>;
});
