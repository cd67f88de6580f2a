import chalk from "chalk";
import { shortId } from "../../common/format.js";
import { renderMarkdown, renderPlainText } from "../../markdown/renderer.js";
import { formatHiddenLines, truncateLines, visibleWidth } from "../../markdown/wrap.js";
import type { TranscriptItem } from "../../state/view-model.js";
import { deliveryText, shortPath } from "../app/delivery-line.js";
import { fileWrittenText } from "../app/file-written.js";
import { fitLine } from "../app/layout.js";
import { planText } from "../app/plan.js";
import { thoughtLineText } from "../app/thought.js";
import { toolRowText } from "../app/tool-row.js";

/** A prompt or an error longer than this is cut in the transcript (the export keeps it whole). */
const MAX_ITEM_LINES = 60;
/** Plan entries a finished plan shows at most (title and "… N more" included). */
const PLAN_LINES = 24;

/** Plain text fitted to `width`, capped to {@link MAX_ITEM_LINES} lines with a "… N more lines" note. */
export function cappedText(text: string, width: number, maxLines = MAX_ITEM_LINES): string {
  const { text: kept, hiddenLines } = truncateLines(text, maxLines);
  const body = renderPlainText(kept, width);
  return hiddenLines > 0 ? `${body}\n${formatHiddenLines(hiddenLines)}` : body;
}

/**
 * One finished transcript record as the text the terminal keeps: ANSI-styled lines at most `width` columns
 * wide, joined by "\n", no trailing newline (blank lines around an item included: a prompt has one above it,
 * a finished answer one below it). Pure string work, never Ink's layout: answers go through the markdown
 * renderer, and rows that also show live (tool rows, plans, diffs, delivered files) through the same line
 * functions their live components print ({@link toolRowText}, {@link planText}, …), so both read the same.
 */
export function recordText(record: TranscriptItem, width: number): string {
  switch (record.kind) {
    case "banner": {
      const how = record.how === "resume" ? "resumed" : record.how === "load" ? "loaded" : "new session";
      const where = record.cwd ? ` · ${shortPath(record.cwd)}` : "";
      return chalk.dim(fitLine(`── ${record.agent} · ${shortId(record.sessionId)} · ${how}${where}`, width));
    }
    case "user":
      return userText(record, width);
    case "agent-text":
      return answerText(record.markdown, width, record.continues === true);
    case "thought":
      return thoughtLineText(record.text, width);
    case "tool": {
      const line = toolRowText(record.row, width);
      const tail = record.row.terminalTail;
      if (!tail) return line;
      return `${line}\n${chalk.dim(
        tail
          .split("\n")
          .map((text) => fitLine(`  ${text}`, width))
          .join("\n"),
      )}`;
    }
    case "plan":
      return planText(record.entries, width, PLAN_LINES);
    case "delivered-file":
      return deliveryText(record.delivery, width);
    case "error":
      return chalk.red(cappedText(`✗ ${record.message}`, width, 12));
    case "turn-cancelled":
      return chalk.yellow("⊘ turn cancelled");
    case "notice": {
      const text = cappedText(`• ${record.message}`, width, 20);
      return record.level === "error"
        ? chalk.red(text)
        : record.level === "warning"
          ? chalk.yellow(text)
          : chalk.dim(text);
    }
    case "permission": {
      // The decision is what must stay: the title is cut to the room the answer leaves.
      const answer = fitLine(record.answer, Math.max(8, width - 12));
      const title = fitLine(record.title, Math.max(4, width - 2 - 3 - visibleWidth(answer)));
      return chalk.dim(fitLine(`⚿ ${title} → ${answer}`, width));
    }
    case "unsupported":
      return chalk.dim(fitLine(`? unsupported ${record.what}`, width));
    case "file-written":
      return fileWrittenText(record, width);
  }
}

/** An answer's markdown (one record, or the joined pieces of one paragraph chain); a blank line after it when it ends. */
export function answerText(markdown: string, width: number, continues: boolean): string {
  const rendered = renderMarkdown(markdown, width);
  return continues ? rendered : `${rendered}\n`;
}

/** `› prompt` in bold after a blank line, capped to {@link MAX_ITEM_LINES}; attachments dim below. */
function userText(record: Extract<TranscriptItem, { kind: "user" }>, width: number): string {
  const marker = chalk.cyan.bold("› ");
  const body = cappedText(record.text, Math.max(4, width - 2))
    .split("\n")
    .map((line, index) => (index === 0 ? marker : "  ") + chalk.bold(line));
  if (record.attachments.length > 0) body.push(chalk.dim(fitLine(`  + ${record.attachments.join(", ")}`, width)));
  return `\n${body.join("\n")}`;
}
