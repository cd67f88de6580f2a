import chalk from "chalk";
import { renderToString } from "ink";
import { renderMarkdown } from "../../markdown/renderer.js";
import type { TranscriptItem } from "../../state/view-model.js";
import { fitLine } from "../app/layout.js";
import { PaneWidthContext } from "../app/pane-width.js";
import { cappedText, TranscriptItemView } from "../app/transcript-item.js";

/**
 * One finished transcript record as the text the terminal keeps: ANSI-styled lines at most `width` columns
 * wide, joined by "\n", no trailing newline (blank lines around an item included: a prompt has one above it,
 * a finished answer one below it).
 *
 * Prompts and answers, the bulk of any session, are rendered straight from their text: the answer's markdown
 * through our markdown renderer, never through Ink's per-cell layout (a 2 MB answer is 35,000 rows). Every
 * other kind is a line or a few (tool rows, thoughts, plans, diffs, notices), and is rendered from the same
 * component the live region uses ({@link TranscriptItemView}, through Ink's `renderToString`): the look of a
 * finished tool row, a plan or a diff has one source.
 */
export function recordText(record: TranscriptItem, width: number): string {
  switch (record.kind) {
    case "user":
      return userText(record, width);
    case "agent-text":
      return answerText(record.markdown, width, record.continues === true);
    default:
      return renderToString(
        <PaneWidthContext.Provider value={width}>
          <TranscriptItemView item={record} />
        </PaneWidthContext.Provider>,
        { columns: width },
      );
  }
}

/** An answer's markdown (one record, or the joined pieces of one paragraph chain); a blank line after it when it ends. */
export function answerText(markdown: string, width: number, continues: boolean): string {
  const rendered = renderMarkdown(markdown, width);
  return continues ? rendered : `${rendered}\n`;
}

/** `› prompt` in bold after a blank line, capped like the component did; attachments dim below. */
function userText(record: Extract<TranscriptItem, { kind: "user" }>, width: number): string {
  const marker = chalk.cyan.bold("› ");
  const body = cappedText(record.text, Math.max(4, width - 2))
    .split("\n")
    .map((line, index) => (index === 0 ? marker : "  ") + chalk.bold(line));
  if (record.attachments.length > 0) body.push(chalk.dim(fitLine(`  + ${record.attachments.join(", ")}`, width)));
  return `\n${body.join("\n")}`;
}
