import type { ToolCallContent, ToolCallUpdateFields } from "../protocol/index.js";
import { sanitizeLine } from "../markdown/sanitize.js";

/** The fields a one-line summary looks at; a merged tool row or a permission request's `toolCall`. */
export type ToolCallLike = Partial<
  Pick<ToolCallUpdateFields, "title" | "name" | "kind" | "rawInput" | "content" | "locations">
>;

function firstString(record: Record<string, unknown>, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const value = record[key];
    if (typeof value === "string" && value.trim().length > 0) return value;
    if (Array.isArray(value) && value.every((part) => typeof part === "string") && value.length > 0)
      return key === "command" || key === "cmd" ? scriptOf(value as string[]) : value.join(" ");
  }
  return undefined;
}

function contentText(content: readonly ToolCallContent[] | null | undefined): string | undefined {
  for (const item of content ?? []) {
    if (item.type === "diff") return item.path;
    if (item.type === "content" && item.content.type === "text") {
      // ZeroClaw's approval summary is `k: v, …` with the interesting value first (protocol.md §7.1).
      const text = item.content.text.trim();
      const match = /^(?:command|cmd|path|file|url|query): (.*)$/s.exec(text);
      return match ? match[1] : text;
    }
  }
  return undefined;
}

/**
 * A one-line summary of what a tool call does: the shell command, the file path, the URL. Drawn from
 * `rawInput` (standard agents and ZeroClaw's live calls), then the diff path or text content (ZeroClaw's
 * permission requests carry only `{tool}` in rawInput), then `locations`. Sanitized and unwrapped.
 */
export function summarizeToolInput(call: ToolCallLike): string | undefined {
  let summary: string | undefined;
  const input = call.rawInput;
  if (typeof input === "string") summary = input;
  else if (input && typeof input === "object" && !Array.isArray(input)) {
    summary = firstString(input as Record<string, unknown>, [
      "command",
      "cmd",
      "path",
      "file_path",
      "filePath",
      "url",
      "pattern",
      "query",
      "description",
    ]);
  }
  summary ??= contentText(call.content);
  summary ??= call.locations?.[0]?.path;
  return summary === undefined ? undefined : sanitizeLine(summary).trim();
}

/**
 * The name to show for a tool call: its title, else the tool name, else its kind. Titles are markdown for some
 * agents (claude-code-acp: `` `printf …` ``, `` Edit `/path` ``): the code marks are dropped, the text kept.
 */
export function toolDisplayName(call: ToolCallLike): string {
  const name = sanitizeLine(call.title ?? call.name ?? call.kind ?? "tool").trim();
  return name.replace(/`([^`]+)`/g, "$1") || "tool";
}

/** A shell invocation `sh -c SCRIPT` (Codex: `["/bin/bash", "-lc", "…"]`) runs SCRIPT: the shell is noise. */
function scriptOf(argv: readonly string[]): string {
  const [shell, flag, script, ...rest] = argv;
  if (
    shell &&
    flag &&
    script !== undefined &&
    rest.length === 0 &&
    /(?:^|\/)(?:ba|z|da|k)?sh$/.test(shell) &&
    /^-l?c$/.test(flag)
  )
    return script;
  return argv.join(" ");
}

/** The command a tool call runs, from `rawInput.command` (a string, or an argv array); unsanitized. */
export function commandOf(call: ToolCallLike): string | undefined {
  const input = call.rawInput;
  if (!input || typeof input !== "object" || Array.isArray(input)) return undefined;
  const value = (input as Record<string, unknown>).command ?? (input as Record<string, unknown>).cmd;
  if (typeof value === "string") return value.trim() === "" ? undefined : value;
  if (Array.isArray(value) && value.length > 0 && value.every((part) => typeof part === "string"))
    return scriptOf(value as string[]);
  return undefined;
}
