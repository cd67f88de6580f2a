import type { ToolCallUpdateFields } from "../protocol/index.js";

/**
 * What a tool call printed, from whichever shape its agent used, so that every row shows output the same
 * way (the last lines while it runs and once printed, all of it expanded). The shapes seen on the wire:
 * - `content` text, often one fenced block (claude-agent-acp: "```console\nhello\n```");
 * - `rawOutput` as a string (ZeroClaw, Claude), as an array of text blocks (claude-code-acp), or as an object
 *   with `formatted_output` / `aggregated_output` / `stdout` + `stderr` and `exit_code` (Codex);
 * - `_meta.terminal_exit.exit_code` (Claude and Codex, since the client offers `_meta.terminal_output`).
 * Terminals embedded as `{type: "terminal"}` content are shown from the terminal itself: ours (terminals.ts)
 * and the agent's, whose output arrives in pieces in `_meta.terminal_output` (meta-terminals.ts).
 */
export interface ToolOutput {
  /** The output text, unsanitized (the row builder sanitizes and caps it). */
  readonly text: string;
  readonly exitCode?: number;
}

/** One fenced block and nothing else: its body (the fence is markup, not output). */
export function unfence(text: string): string {
  const match = /^\s*(`{3,}|~{3,})[^\n]*\n([^]*?)\n?\1\s*$/.exec(text);
  return match ? (match[2] ?? "") : text;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

const str = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);
const int = (value: unknown): number | undefined =>
  typeof value === "number" && Number.isInteger(value) ? value : undefined;

/** Codex's command result object (or any object with the same fields). */
function fromResultObject(raw: Record<string, unknown>): ToolOutput | undefined {
  const joined = [str(raw.stdout), str(raw.stderr)].filter((part) => part !== undefined && part !== "").join("\n");
  const text = str(raw.formatted_output) ?? str(raw.aggregated_output) ?? (joined === "" ? undefined : joined);
  const exitCode = int(raw.exit_code) ?? int(raw.exitCode);
  if (text === undefined && exitCode === undefined) return undefined;
  return { text: text ?? "", ...(exitCode !== undefined ? { exitCode } : {}) };
}

function fromRawOutput(raw: unknown): ToolOutput | undefined {
  if (typeof raw === "string") return raw === "" ? undefined : { text: unfence(raw) };
  if (Array.isArray(raw)) {
    const texts = raw.flatMap((item) => {
      const text = str(record(item)?.text);
      return text === undefined ? [] : [text];
    });
    return texts.length > 0 ? { text: unfence(texts.join("\n")) } : undefined;
  }
  const object = record(raw);
  return object ? fromResultObject(object) : undefined;
}

function fromContent(fields: ToolCallUpdateFields): ToolOutput | undefined {
  const parts: string[] = [];
  for (const item of fields.content ?? []) {
    if (item.type !== "content") continue;
    const block = item.content;
    if (block.type === "text") parts.push(unfence(block.text));
    else if (block.type === "resource" && typeof block.resource.text === "string") parts.push(block.resource.text);
  }
  return parts.length > 0 ? { text: parts.join("\n") } : undefined;
}

/** The exit code of the agent's own terminal; its output is a stream of pieces, kept by the terminal. */
function metaExitCode(fields: ToolCallUpdateFields): number | undefined {
  const meta = record((fields as { _meta?: unknown })._meta);
  return int(record(meta?.terminal_exit)?.exit_code);
}

/**
 * The output of merged tool fields. `content` text is what the agent meant to show; a shell call's content
 * is only its description while it is pending (Claude), so a result in `rawOutput` wins once one
 * exists. Undefined when the call reported nothing.
 */
export function toolOutputOf(fields: ToolCallUpdateFields): ToolOutput | undefined {
  const raw = fields.rawOutput === undefined || fields.rawOutput === null ? undefined : fromRawOutput(fields.rawOutput);
  const content = fromContent(fields);
  const text = raw?.text || content?.text;
  const exitCode = raw?.exitCode ?? metaExitCode(fields);
  if (text === undefined && exitCode === undefined) return undefined;
  return { text: text ?? "", ...(exitCode !== undefined ? { exitCode } : {}) };
}

/** Reported output lines a finished row keeps under it in the transcript (as a terminal's). */
export const OUTPUT_TAIL_LINES = 4;

/** The last lines of `output` and its exit code, as printed under a finished row; undefined when empty. */
export function outputTail(output: string | undefined, exitCode: number | undefined): string | undefined {
  const body = (output ?? "").replace(/\n+$/, "");
  const lines = body === "" ? [] : body.replace(/\t/g, "    ").split("\n");
  const hidden = lines.length - OUTPUT_TAIL_LINES;
  const parts = [
    ...(hidden > 0 ? [`… ${hidden} more line${hidden === 1 ? "" : "s"}`] : []),
    ...lines.slice(Math.max(0, hidden)),
    ...(exitCode !== undefined ? [`exit ${exitCode}`] : []),
  ];
  return parts.length > 0 ? parts.join("\n") : undefined;
}
