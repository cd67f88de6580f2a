import type { ToolRow, TranscriptItem } from "./view-model.js";

/** Tool output kept per row in an export: enough to read, bounded so one huge log does not drown the file. */
const EXPORT_OUTPUT_LINES = 40;

/** How a tool row's status reads in text (ZeroClaw's `completed` is "done": it does not mean success). */
export const STATUS_WORD: Readonly<Record<ToolRow["status"], string>> = {
  pending: "pending",
  running: "running",
  done: "done",
  failed: "failed",
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

function toolMarkdown(row: ToolRow): string {
  const head = `- **${row.title}**${row.kind ? ` (${row.kind})` : ""}: ${STATUS_WORD[row.status]}${row.summary ? ` · \`${row.summary.replace(/`/g, "'")}\`` : ""}`;
  if (!row.output) return head;
  const lines = row.output.split("\n");
  const shown = lines.slice(0, EXPORT_OUTPUT_LINES).join("\n");
  const more = lines.length > EXPORT_OUTPUT_LINES ? `\n… ${lines.length - EXPORT_OUTPUT_LINES} more lines` : "";
  return `${head}\n\n${fence(shown + more)}`;
}

function itemMarkdown(item: TranscriptItem): string | undefined {
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
      return toolMarkdown(item.row);
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

/**
 * The transcript as a markdown document (`/export`): the user's prompts as quotes under "You", the agent's
 * text as it was written, tool calls as list items with their output fenced.
 */
export function transcriptToMarkdown(items: readonly TranscriptItem[], title: string): string {
  const parts = [`# ${title}`];
  // A paragraph printed in pieces while it streamed (`continues`) is exported whole, as the agent wrote it.
  let paragraphStart = "";
  for (const item of items) {
    if (item.kind === "agent-text" && item.continues) {
      paragraphStart += item.markdown;
      continue;
    }
    const joined =
      paragraphStart !== "" && item.kind === "agent-text"
        ? { ...item, markdown: paragraphStart + item.markdown }
        : item;
    if (paragraphStart !== "" && joined === item) parts.push(paragraphStart.trim());
    paragraphStart = "";
    const text = itemMarkdown(joined);
    if (text) parts.push(text);
  }
  if (paragraphStart !== "") parts.push(paragraphStart.trim());
  return `${parts.join("\n\n")}\n`;
}
