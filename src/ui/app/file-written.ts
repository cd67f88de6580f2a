import chalk from "chalk";
import type { TranscriptItem } from "../../state/view-model.js";
import { computeLineDiff } from "../diff/line-diff.js";
import { diffViewLines } from "../diff/diff-view.js";
import { fitLine } from "./layout.js";

/** Diff rows a written file shows in the transcript; the full diff is the agent's business, not scrollback's. */
export const FILE_WRITTEN_DIFF_LINES = 12;

type FileWrittenItem = Extract<TranscriptItem, { kind: "file-written" }>;

/** The one line shown when there is no diff to show: `wrote src/x.ts · rewritten, 12 lines`, or unchanged. */
export function fileWrittenHeading(item: FileWrittenItem, changed: boolean | undefined): string {
  if (item.created) return `created ${item.path} +${item.newLines}`;
  if (!item.oldKnown) return `wrote ${item.path} · rewritten, ${item.newLines} lines`;
  if (changed === false) return `wrote ${item.path} · unchanged`;
  return `wrote ${item.path} · ${item.newLines} lines`;
}

/**
 * A file the agent wrote through the client, as styled lines: the diff with `✎ wrote PATH +3 −1` (or
 * `✎ PATH new file +12`) as its first line, cut to a few rows. When the old text is unknown the file is only
 * said to be rewritten: a diff against nothing would show every line as added and suggest a new file. Texts
 * too large to keep get the heading alone.
 */
export function fileWrittenText(item: FileWrittenItem, width: number): string {
  const diff = item.diff;
  if (diff !== undefined && item.oldKnown) {
    const computed = computeLineDiff(diff.oldText, diff.newText);
    if (computed.added + computed.removed > 0) {
      const props = { path: item.path, oldText: diff.oldText, newText: diff.newText, width };
      const label = item.created ? "✎ " : "✎ wrote ";
      return diffViewLines({ ...props, maxLines: FILE_WRITTEN_DIFF_LINES, label }, computed).join("\n");
    }
    return chalk.green(fitLine(`✎ ${fileWrittenHeading(item, false)}`, width));
  }
  return chalk.green(fitLine(`✎ ${fileWrittenHeading(item, undefined)}`, width));
}
