import type { ToolCallContent, ToolCallUpdateFields } from "../protocol/index.js";
import { metaTerminalIds } from "./meta-terminals.js";
import { sanitizeLine, sanitizeText } from "../markdown/sanitize.js";
import { toolOutputOf } from "./tool-output.js";
import { commandOf, summarizeToolInput, toolDisplayName } from "./tool-summary.js";
import type { DeliveryView, ToolDecision, ToolDiff, ToolRow, ToolRowStatus } from "./view-model.js";

/** Output text kept per row: more than any expanded view shows, bounded so a 50 MB log cannot sit in memory twice. */
export const MAX_OUTPUT_CHARS = 64 * 1024;
/** Input shown in the expanded row, at most; and the raw view (Ctrl+R) of a call's fields. */
const MAX_INPUT_CHARS = 8 * 1024;
const MAX_RAW_CHARS = 16 * 1024;
const DELIVER_URI = /^attachment:\/\/deliver\/([0-9a-f]{64})(?:\.([a-z0-9]{1,16}))?$/;

/**
 * ZeroClaw's synthetic "turn cancelled" tool call (protocol.md §6.6): it is a marker, not a tool, and its id
 * `turn-cancelled-<sessionId>` is reused on every cancel, so it must never be merged into a row.
 */
export function isTurnCancelledMarker(fields: Pick<ToolCallUpdateFields, "toolCallId" | "name">): boolean {
  return fields.name === "turn-cancelled" || fields.toolCallId.startsWith("turn-cancelled-");
}

/** Maps a wire status to what the row shows; `completed` is "done" because ZeroClaw sends it for failed tools too. */
export function rowStatus(status: string | undefined): ToolRowStatus {
  switch (status) {
    case undefined:
    case "pending":
      return "pending";
    case "completed":
      return "done";
    case "failed":
      return "failed";
    default:
      return "running";
  }
}

/** True for a status after which the call does not run any more. */
export function isFinished(status: ToolRowStatus): boolean {
  return status === "done" || status === "failed" || status === "rejected" || status === "cancelled";
}

/**
 * Merges an update into the previous fields: fields left out (or undefined) keep their value; `content` and
 * `locations` replace the whole list when present (ACP's rule).
 */
export function mergeToolFields(
  previous: ToolCallUpdateFields | undefined,
  update: ToolCallUpdateFields,
): ToolCallUpdateFields {
  if (!previous) return stripEnvelope(update);
  const merged: Record<string, unknown> = { ...previous };
  for (const [key, value] of Object.entries(update)) {
    if (value !== undefined && key !== "sessionUpdate") merged[key] = value;
  }
  return merged as ToolCallUpdateFields;
}

function stripEnvelope(update: ToolCallUpdateFields): ToolCallUpdateFields {
  const { sessionUpdate: _tag, ...rest } = update as ToolCallUpdateFields & { sessionUpdate?: string };
  return rest;
}

function capText(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}\n…` : text;
}

/** The row's output text (sanitized, capped) and exit code; raw JSON only for an object of no known shape. */
function outputOf(fields: ToolCallUpdateFields): { text?: string; exitCode?: number } {
  const found = toolOutputOf(fields);
  if (found) {
    const text = found.text === "" ? undefined : sanitizeText(capText(found.text, MAX_OUTPUT_CHARS));
    return {
      ...(text !== undefined ? { text } : {}),
      ...(found.exitCode !== undefined ? { exitCode: found.exitCode } : {}),
    };
  }
  const raw = fields.rawOutput;
  if (raw === undefined || raw === null) return {};
  return { text: sanitizeText(capText(safeJson(raw), MAX_OUTPUT_CHARS)) };
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * The raw view of a call (Ctrl+R on an expanded row): its fields merged as the agent sent them, as JSON
 * (sanitized, capped). The one place the pane shows an agent's JSON, for when the shaped row is not enough.
 */
export function rawToolText(source: ToolCallUpdateFields): string {
  return sanitizeText(capText(safeJson(source), MAX_RAW_CHARS));
}

function diffsOf(content: readonly ToolCallContent[] | null | undefined): ToolDiff[] {
  const diffs: ToolDiff[] = [];
  for (const item of content ?? []) {
    if (item.type === "diff")
      diffs.push({ path: sanitizeLine(item.path), oldText: item.oldText ?? null, newText: item.newText });
  }
  return diffs;
}

function inputTextOf(fields: ToolCallUpdateFields, hasDiff: boolean): string | undefined {
  const input = fields.rawInput;
  if (input === undefined || input === null) return undefined;
  // A command's row is titled with the command: its input (Codex's call, process and turn ids, Claude's timeout)
  // is the agent's bookkeeping, shown only in the raw view.
  if (fields.kind === "execute" && commandOf(fields) !== undefined) return undefined;
  if (typeof input === "string") return sanitizeText(capText(input, MAX_INPUT_CHARS));
  if (hasDiff && typeof input === "object" && !Array.isArray(input)) {
    // The diff shows the texts; repeating them as JSON would only push the diff out of the pane.
    const path = (input as Record<string, unknown>).path;
    return typeof path === "string" ? `path: ${sanitizeLine(path)}` : undefined;
  }
  return sanitizeText(capText(describeInput(input), MAX_INPUT_CHARS));
}

/** `key: value` lines for a flat object (a command, a path), JSON for anything nested. */
function describeInput(input: unknown): string {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return safeJson(input);
  const entries = Object.entries(input as Record<string, unknown>);
  if (entries.some(([, value]) => typeof value === "object" && value !== null)) return safeJson(input);
  return entries.map(([key, value]) => `${key}: ${typeof value === "string" ? value : String(value)}`).join("\n");
}

/**
 * ZeroClaw writes edit tools' input with ACP diff names (`{path, oldText, newText}`, protocol.md §6.3), and its
 * `tool_call_update` replaces `content` with the output text: without this the finished row would lose its diff.
 */
function diffFromInput(input: unknown): ToolDiff[] {
  if (!input || typeof input !== "object" || Array.isArray(input)) return [];
  const { path, oldText, newText } = input as Record<string, unknown>;
  if (typeof path !== "string" || typeof newText !== "string") return [];
  return [{ path: sanitizeLine(path), oldText: typeof oldText === "string" ? oldText : null, newText }];
}

/**
 * Builds the row from merged fields. `previous` supplies the timestamps; `at` is now; `decision` is how its
 * permission request was answered. The row is timed from when it was allowed (the user's decision time is not
 * the tool's), else from when we first heard of it; a call that never ran (rejected, cancelled at its request)
 * says so whatever status the agent reports, and has no duration. A row first seen already finished without a
 * decision (a replayed call) gets no times, since its duration is unknown.
 */
export function buildToolRow(
  fields: ToolCallUpdateFields,
  previous: ToolRow | undefined,
  at: number,
  decision?: ToolDecision,
): ToolRow {
  const wire = rowStatus(fields.status ?? undefined);
  const ran = decision === undefined || decision.verdict === "allowed";
  const status = !ran && isFinished(wire) ? (decision.verdict as ToolRowStatus) : wire;
  const fromContent = diffsOf(fields.content);
  const diffs = fromContent.length > 0 ? fromContent : diffFromInput(fields.rawInput);
  const firstSeen = previous ? previous.startedAt : isFinished(status) ? undefined : at;
  const startedAt = !ran ? undefined : decision ? Math.max(firstSeen ?? decision.at, decision.at) : firstSeen;
  const finishedAt = isFinished(status)
    ? (previous?.finishedAt ?? (startedAt !== undefined ? at : undefined))
    : undefined;
  const summary = summarizeToolInput(fields);
  const inputText = inputTextOf(fields, diffs.length > 0);
  // An update that reports nothing new (`_meta` of the exit alone) keeps the output reported before.
  const reported = outputOf(fields);
  const output = reported.text ?? previous?.output;
  const exitCode = reported.exitCode ?? previous?.exitCode;
  // Embedded terminals (ours, or the agent's own named in `_meta`); a row keeps a terminal it once showed, since
  // later updates replace `_meta` with what is new in them.
  const terminalIds = [
    ...new Set([
      ...(previous?.terminalIds ?? []),
      ...(fields.content ?? []).flatMap((item) => (item.type === "terminal" ? [item.terminalId] : [])),
      ...metaTerminalIds(fields),
    ]),
  ];
  return {
    toolCallId: fields.toolCallId,
    status,
    title: toolDisplayName(fields),
    ...(fields.kind ? { kind: sanitizeLine(fields.kind) } : {}),
    ...(fields.name ? { name: sanitizeLine(fields.name) } : {}),
    ...(summary ? { summary } : {}),
    ...(inputText ? { inputText } : {}),
    ...(output ? { output } : {}),
    ...(exitCode !== undefined ? { exitCode } : {}),
    diffs,
    ...(terminalIds.length > 0 ? { terminalIds } : {}),
    locations: (fields.locations ?? []).map((location) => ({
      path: sanitizeLine(location.path),
      ...(location.line ? { line: location.line } : {}),
    })),
    ...(startedAt !== undefined ? { startedAt } : {}),
    ...(finishedAt !== undefined ? { finishedAt } : {}),
  };
}

/**
 * The row of an unfinished call of a turn that ended cancelled or failed: cancelled, or rejected when the user
 * rejected it and the agent never said it ended.
 */
export function cancelRow(row: ToolRow, at: number, decision?: ToolDecision): ToolRow {
  const status = decision?.verdict === "rejected" ? "rejected" : "cancelled";
  return { ...row, status, finishedAt: row.startedAt !== undefined ? at : undefined };
}

/** The row as printed into the transcript: diffs dropped (only the collapsed line is printed). */
export function transcriptCopy(row: ToolRow): ToolRow {
  return row.diffs.length === 0 ? row : { ...row, diffs: [] };
}

/** Decoded size of standard base64 text, without decoding it. */
export function base64Size(blob: string): number {
  const trimmed = blob.trim();
  const padding = trimmed.endsWith("==") ? 2 : trimmed.endsWith("=") ? 1 : 0;
  return Math.max(0, Math.floor((trimmed.length * 3) / 4) - padding);
}

/**
 * The file a `deliver_file` update carries (protocol.md §6.5): a blob resource whose uri is
 * `attachment://deliver/<sha256>[.ext]`. The title is the update's (the call's own title is "deliver_file").
 */
export function deliveryOf(
  fields: ToolCallUpdateFields,
  title: string,
): { delivery: DeliveryView; blob: string } | undefined {
  for (const item of fields.content ?? []) {
    if (item.type !== "content" || item.content.type !== "resource") continue;
    const resource = item.content.resource;
    const blob = resource.blob;
    if (typeof blob !== "string" || !DELIVER_URI.test(resource.uri)) continue;
    return {
      delivery: {
        toolCallId: fields.toolCallId,
        title,
        uri: sanitizeLine(resource.uri),
        ...(resource.mimeType ? { mimeType: sanitizeLine(resource.mimeType) } : {}),
        bytes: base64Size(blob),
        state: "saving",
      },
      blob,
    };
  }
  return undefined;
}

/** The sha256 and extension a delivery uri names, or undefined for an unusable uri. */
export function parseDeliveryUri(uri: string): { sha256: string; extension?: string } | undefined {
  const match = DELIVER_URI.exec(uri);
  if (!match?.[1]) return undefined;
  return { sha256: match[1], ...(match[2] ? { extension: match[2] } : {}) };
}
