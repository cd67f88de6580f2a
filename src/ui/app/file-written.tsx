import { Box, Text } from "ink";
import { useMemo } from "react";
import type { TranscriptItem } from "../../state/view-model.js";
import { computeLineDiff } from "../diff/line-diff.js";
import { DiffView } from "../diff/diff-view.js";
import { fitLine } from "./layout.js";

/** Diff rows a written file shows in the transcript; the full diff is the agent's business, not scrollback's. */
export const FILE_WRITTEN_DIFF_LINES = 12;

type FileWrittenItem = Extract<TranscriptItem, { kind: "file-written" }>;

/** Lines added and removed, counted over the line diff (which itself is capped for huge files). */
function diffCounts(diff: NonNullable<FileWrittenItem["diff"]>): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const hunk of computeLineDiff(diff.oldText, diff.newText).hunks) {
    for (const line of hunk.lines) {
      if (line.kind === "insert") added++;
      else if (line.kind === "delete") removed++;
    }
  }
  return { added, removed };
}

/** The one-line heading: `wrote src/x.ts +3 −1`, `created src/x.ts +12`, `wrote src/x.ts · rewritten`. */
export function fileWrittenHeading(item: FileWrittenItem, counts: { added: number; removed: number } | undefined): string {
  if (item.created) return `created ${item.path} +${counts?.added ?? item.newLines}`;
  if (!item.oldKnown) return `wrote ${item.path} · rewritten, ${item.newLines} lines`;
  if (!counts) return `wrote ${item.path} · ${item.newLines} lines`;
  return counts.added + counts.removed === 0 ? `wrote ${item.path} · unchanged` : `wrote ${item.path} +${counts.added} −${counts.removed}`;
}

/**
 * A file the agent wrote through the client: a heading with the line counts, then the diff (cut to a few
 * rows). When the old text is unknown the file is only said to be rewritten: a diff against nothing would
 * show every line as added and suggest a new file.
 */
export function FileWrittenView({ item, width }: { readonly item: FileWrittenItem; readonly width: number }) {
  const diff = item.diff;
  const showDiff = diff !== undefined && item.oldKnown;
  const counts = useMemo(() => (showDiff ? diffCounts(diff) : undefined), [diff, showDiff]);
  const heading = fileWrittenHeading(item, counts);
  return (
    <Box flexDirection="column">
      <Text color="green">{fitLine(`✎ ${heading}`, width)}</Text>
      {showDiff && counts && counts.added + counts.removed > 0 ? (
        <Box paddingLeft={2}>
          <DiffView path={item.path} oldText={diff.oldText} newText={diff.newText} width={Math.max(4, width - 2)} maxLines={FILE_WRITTEN_DIFF_LINES} />
        </Box>
      ) : null}
    </Box>
  );
}
