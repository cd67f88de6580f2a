import { sanitizeLine, sanitizeText } from "../markdown/sanitize.js";
import type { PermissionToolCall, ToolCallContent } from "../protocol/index.js";
import { commandOf, summarizeToolInput, toolDisplayName } from "./tool-summary.js";
import type { ToolDiff } from "./view-model.js";

/** One part of what a permission request shows. Texts are sanitized (newlines kept); diff texts are raw file content. */
export type PermissionBodyPart =
  /** What will run, shown whole (wrapped, scrolled when taller than the room): nothing of it may be hidden. */
  | { readonly type: "command"; readonly text: string }
  | { readonly type: "text"; readonly text: string }
  | { readonly type: "diff"; readonly path: string; readonly oldText: string | null; readonly newText: string }
  /** Said by the pane, not the agent: a content item it does not draw, a missing diff, more files. */
  | { readonly type: "note"; readonly text: string };

/** Diffs an earlier update of the same tool call carried (the pane's tool rows), by `toolCallId`. */
export type ToolDiffLookup = (toolCallId: string) => readonly ToolDiff[];

/** Text content is cut to this many characters before it is sanitized: a modal shows a few screens at most. */
const MAX_TEXT_CHARS = 16 * 1024;

/**
 * The command a request runs, shown whole: `rawInput.command` (Claude, Codex), else for an `execute` call
 * whose content does not name it (Gemini sends only the title) the title itself.
 */
export function shownCommand(toolCall: PermissionToolCall): string | undefined {
  const command = commandOf(toolCall);
  if (command !== undefined) return command;
  const namesIt = (toolCall.content ?? []).some(
    (item) => item.type === "content" && item.content.type === "text" && /^\s*(?:command|cmd):/.test(item.content.text),
  );
  return toolCall.kind === "execute" && !namesIt && toolCall.title ? toolDisplayName(toolCall) : undefined;
}

/**
 * Codex appends its internal decision list to the explanation (`Proposed Amendment: /bin/bash\n-lc\n…
 * Available Decisions: Approved…`); the options already say it, and the command is shown once.
 */
function withoutDecisionList(text: string, toolCall: PermissionToolCall): string {
  const input = toolCall.rawInput;
  const codexShaped =
    !!input &&
    typeof input === "object" &&
    ("proposed_execpolicy_amendment" in input || "available_decisions" in input);
  if (!codexShaped) return text;
  const cut = text.search(/^(?:Proposed Amendment|Available Decisions):/m);
  return cut === -1 ? text : text.slice(0, cut).trimEnd();
}

function placeholder(item: ToolCallContent): string {
  if (item.type === "content")
    return `[${sanitizeLine(item.content.type === "unsupported" ? item.content.kind : item.content.type)}]`;
  if (item.type === "unsupported") return `[unsupported content: ${sanitizeLine(item.kind)}]`;
  return `[${item.type}]`;
}

function stringField(record: Record<string, unknown>, key: string): string | undefined {
  const value = record[key];
  return typeof value === "string" ? value : undefined;
}

/**
 * The diff of an edit the agent sent without one (claude-code-acp's Write/Edit requests carry only rawInput):
 * an earlier update of the same call, else Edit's old/new strings, else Write's content as a new text.
 */
function diffFromElsewhere(
  toolCall: PermissionToolCall,
  toolDiffs: ToolDiffLookup | undefined,
): { part: PermissionBodyPart; note?: string } | undefined {
  const earlier = toolDiffs?.(toolCall.toolCallId)[0];
  if (earlier) return { part: { type: "diff", ...earlier, oldText: earlier.oldText ?? null } };
  const input = toolCall.rawInput;
  if (!input || typeof input !== "object" || Array.isArray(input)) return undefined;
  const record = input as Record<string, unknown>;
  const path = stringField(record, "file_path") ?? stringField(record, "path") ?? stringField(record, "filePath");
  if (path === undefined) return undefined;
  const oldString = stringField(record, "old_string");
  const newString = stringField(record, "new_string");
  if (oldString !== undefined && newString !== undefined)
    return { part: { type: "diff", path: sanitizeLine(path), oldText: oldString, newText: newString } };
  const content = stringField(record, "content");
  if (content !== undefined)
    return {
      part: { type: "diff", path: sanitizeLine(path), oldText: null, newText: content },
      note: "the whole new text: the agent sent no diff against the file as it is",
    };
  return undefined;
}

/**
 * What the agent wants to do: the command whole, the text content (ZeroClaw's `command: …` summary, Claude's
 * description, Codex's reason), the first diff (or one built from the raw input when the agent sent none),
 * and for anything else the input's summary.
 */
export function permissionBody(toolCall: PermissionToolCall, toolDiffs?: ToolDiffLookup): PermissionBodyPart[] {
  const parts: PermissionBodyPart[] = [];
  const command = shownCommand(toolCall);
  if (command !== undefined) parts.push({ type: "command", text: sanitizeText(command).trim() });
  let diffs = 0;
  for (const item of toolCall.content ?? []) {
    if (item.type === "diff") {
      if (diffs++ === 0)
        parts.push({
          type: "diff",
          path: sanitizeLine(item.path),
          oldText: item.oldText ?? null,
          newText: item.newText,
        });
    } else if (item.type === "content" && item.content.type === "text") {
      const text = sanitizeText(withoutDecisionList(item.content.text.slice(0, MAX_TEXT_CHARS), toolCall)).trim();
      if (text !== "" && (command === undefined || text !== sanitizeText(command).trim()))
        parts.push({ type: "text", text });
    } else if (item.type !== "terminal") {
      parts.push({ type: "note", text: placeholder(item) });
    }
  }
  if (diffs > 1) parts.push({ type: "note", text: `… and ${diffs - 1} more ${diffs === 2 ? "file" : "files"}` });
  const looksLikeEdit = toolCall.kind === "edit" || /^(?:Write|Edit)\b/.test(toolCall.title ?? "");
  if (diffs === 0 && command === undefined) {
    const found = diffFromElsewhere(toolCall, toolDiffs);
    if (found) {
      parts.push(found.part);
      if (found.note) parts.push({ type: "note", text: found.note });
    } else if (looksLikeEdit) {
      parts.push({ type: "note", text: "the agent sent no diff for this edit" });
    }
  }
  if (parts.length === 0) {
    const summary = summarizeToolInput(toolCall);
    if (summary) parts.push({ type: "text", text: summary });
  }
  return parts;
}
