import { AppendLog } from "./append-log.js";
import { historyOfTranscript, type HistoryEntry } from "./history/history-entry.js";
import type { ToolRow, TranscriptItem } from "./view-model.js";

/** Tool output kept per row in an export: enough to read, bounded so one huge log does not drown the file. */
const EXPORT_OUTPUT_LINES = 40;

/** How a tool row's status reads in text (ZeroClaw's `completed` is "done": it does not mean success). */
export const STATUS_WORD: Readonly<Record<ToolRow["status"], string>> = {
  pending: "pending",
  running: "running",
  done: "done",
  failed: "failed",
  rejected: "rejected",
  cancelled: "cancelled",
};

function quoteBlock(text: string): string {
  return text
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");
}

function fence(text: string): string {
  // A fence longer than any backtick run inside keeps tool output from closing it early.
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const marker = "`".repeat(longest + 1);
  return `${marker}\n${text}\n${marker}`;
}

function toolMarkdown(row: ToolRow, outputLines: number): string {
  const head = `- **${row.title}**${row.kind ? ` (${row.kind})` : ""}: ${STATUS_WORD[row.status]}${row.summary ? ` · \`${row.summary.replace(/`/g, "'")}\`` : ""}`;
  if (!row.output) return head;
  const lines = row.output.split("\n");
  const shown = lines.slice(0, outputLines).join("\n");
  const more = lines.length > outputLines ? `\n… ${lines.length - outputLines} more lines` : "";
  return `${head}\n\n${fence(shown + more)}`;
}

/**
 * One record as markdown: a prompt quoted under "You", an answer as the agent wrote it, a thought in a
 * `<details>`, a tool row as a list item with its output fenced (cut to `outputLines` lines).
 */
export function recordMarkdown(item: TranscriptItem, outputLines = EXPORT_OUTPUT_LINES): string | undefined {
  switch (item.kind) {
    case "banner":
      return `<!-- ${item.agent} · session ${item.sessionId}${item.cwd ? ` · ${item.cwd}` : ""} -->`;
    case "user":
      return `## You\n\n${quoteBlock(item.text)}${item.attachments.length > 0 ? `\n\nAttached: ${item.attachments.join(", ")}` : ""}`;
    case "agent-text":
      return item.markdown.trim();
    case "thought":
      return `<details><summary>thought</summary>\n\n${item.text}\n\n</details>`;
    case "tool":
      return toolMarkdown(item.row, outputLines);
    case "plan":
      return `**Plan**\n\n${item.entries.map((entry) => `- [${entry.status === "completed" ? "x" : " "}] ${entry.content}`).join("\n")}`;
    case "delivered-file": {
      const { delivery } = item;
      return delivery.state === "saved"
        ? `File delivered: **${delivery.title}** (${delivery.bytes} bytes), saved as \`${delivery.savedPath}\``
        : `File delivery failed: **${delivery.title}**: ${delivery.error ?? "unknown error"}`;
    }
    case "error":
      return `**Error:** ${item.message}`;
    case "turn-cancelled":
      return "_turn cancelled_";
    case "notice":
      return `_${item.message}_`;
    case "permission":
      return `_permission: ${item.title} → ${item.answer}_`;
    case "unsupported":
      return `_unsupported ${item.what}_`;
    case "file-written":
      return `_${item.created ? "created" : "wrote"} \`${item.path}\`${item.oldKnown ? "" : " (rewritten)"}_`;
  }
}

/** History entries as a markdown document under `title` (`/export`, `zc-pane sessions show --markdown`). */
export function historyToMarkdown(entries: readonly HistoryEntry[], title: string): string {
  const parts = [`# ${title}`];
  for (const entry of entries) {
    const text = recordMarkdown(entry.record);
    if (text) parts.push(text);
  }
  return `${parts.join("\n\n")}\n`;
}

/**
 * The transcript as a markdown document (`/export`), through the history's entries: a paragraph printed in
 * pieces while it streamed is exported whole, as the agent wrote it.
 */
export function transcriptToMarkdown(items: readonly TranscriptItem[], title: string): string {
  return historyToMarkdown(historyOfTranscript(AppendLog.from(items)), title);
}
