/**
 * The demo's stand-in for ZeroClaw's `[agents.<alias>]` and `[risk_profiles]` config.
 *
 * Both agents use the supervised level (every tool asks unless auto-approved or always-allowed in the
 * session, protocol.md §7.1). `coder` keeps ZeroClaw's default `auto_approve` list, so `ask_user` and
 * `deliver_file` ask for approval as they do on a stock install; `demo` (the `default_agent`) also
 * auto-approves those two, so the tour asks only for the shell command and the file edit.
 */

/** ZeroClaw's default `auto_approve` list (protocol.md §7.1). */
const ZEROCLAW_AUTO_APPROVE = [
  "file_read",
  "memory_recall",
  "web_search_tool",
  "web_fetch",
  "calculator",
  "glob_search",
  "content_search",
  "image_info",
  "weather",
  "tool_search",
  "browser",
  "browser_open",
];

export interface DemoAgent {
  readonly alias: string;
  /** Tools that never prompt for approval. */
  readonly autoApprove: ReadonlySet<string>;
}

export const DEMO_AGENTS: ReadonlyMap<string, DemoAgent> = new Map([
  ["demo", { alias: "demo", autoApprove: new Set([...ZEROCLAW_AUTO_APPROVE, "ask_user", "deliver_file"]) }],
  ["coder", { alias: "coder", autoApprove: new Set(ZEROCLAW_AUTO_APPROVE) }],
]);

/** `[acp].default_agent`: used when `session/new` names no agent, and as the restore fallback. */
export const DEFAULT_AGENT_ALIAS = "demo";

/** Reported as `_meta.zeroclaw.defaultModel` in `initialize`. */
export const DEFAULT_MODEL = "demo-model";

/** The tool-name → ACP `kind` table of ZeroClaw's `map_tool_kind` (protocol.md §6.8). */
const KIND_BY_TOOL: Readonly<Record<string, "execute" | "edit" | "delete">> = Object.fromEntries([
  ...[
    "ask_user",
    "calculator",
    "claude_code",
    "claude_code_runner",
    "codex_cli",
    "composio",
    "delegate",
    "escalate_to_human",
    "execute_pipeline",
    "gemini_cli",
    "jira",
    "llm_task",
    "opencode_cli",
    "schedule",
    "security_ops",
    "shell",
    "sop_advance",
    "sop_approve",
    "sop_execute",
    "vi_verify",
    "cron_run",
    "sessions_send",
  ].map((name) => [name, "execute"] as const),
  ...[
    "backup",
    "browser_open",
    "canvas",
    "cloud_ops",
    "file_edit",
    "file_write",
    "memory_export",
    "memory_store",
    "report_template",
    "cron_add",
    "poll",
    "reaction",
  ].map((name) => [name, "edit"] as const),
  ...["memory_forget", "memory_purge", "cron_remove"].map((name) => [name, "delete"] as const),
]);

export type ToolKind = "execute" | "edit" | "delete" | "other";

export function toolKind(name: string): ToolKind {
  return Object.hasOwn(KIND_BY_TOOL, name) ? KIND_BY_TOOL[name]! : "other";
}
