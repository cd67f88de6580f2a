import { randomUUID } from "node:crypto";
import { field } from "./json.js";
import type { OutboundReply, OutboundRequests } from "./outbound.js";
import { acpDiffContent, acpRawInput, textContent } from "./updates.js";

/**
 * Tool approval over `session/request_permission`, as ZeroClaw's ACP channel and approval gate do it
 * (protocol.md §7.1): the request comes before the tool's own `tool_call` and carries an unrelated
 * `approval-<uuid>` id; every answer that is not an operator's pick (cancelled, unknown option, error
 * reply, `result: null`, timeout) is a deny attributed to the runtime.
 */

export type ApprovalDecision =
  | { readonly kind: "approve"; readonly always: boolean }
  | { readonly kind: "deny"; readonly byUser: boolean }
  | { readonly kind: "replace"; readonly replacement: string };

type Args = Readonly<Record<string, unknown>>;

/** What the model sees when the operator rejects a call. */
export const DENIED_BY_USER = "Denied by user.";

/** What the model sees when nobody could decide (cancelled, failed or timed-out approval). */
export function runtimeDenied(tool: string): string {
  return (
    `Tool call not executed: '${tool}' requires approval and no operator decision was available, ` +
    "so the runtime denied it by policy. This was not a user's decision."
  );
}

export async function requestApproval(
  outbound: OutboundRequests,
  sessionId: string,
  tool: string,
  args: Args,
  timeoutMs: number,
): Promise<ApprovalDecision> {
  const isEdit = tool === "file_edit" || tool === "file_write";
  const options = [
    { optionId: "allow-once", name: "Allow once", kind: "allow_once" },
    { optionId: "allow-always", name: "Always allow", kind: "allow_always" },
    ...(isEdit ? [{ optionId: "reject-with-edit", name: "Reject with edit", kind: "reject_with_edit" }] : []),
    { optionId: "reject-once", name: "Reject", kind: "reject_once" },
  ];
  const proposed = args["new_string"] ?? args["content"];
  const toolCall = {
    toolCallId: `approval-${randomUUID()}`,
    title: `Approve ${tool}?`,
    kind: isEdit ? "edit" : "execute",
    status: "pending",
    rawInput: isEdit ? acpRawInput(tool, args) : { tool },
    content: isEdit ? acpDiffContent(tool, args) : [textContent(summarizeArgs(args))],
    ...(isEdit && typeof proposed === "string" ? { proposedEdit: proposed } : {}),
  };
  const reply = await outbound.request("session/request_permission", { sessionId, options, toolCall }, { timeoutMs });
  return decisionFrom(reply);
}

function decisionFrom(reply: OutboundReply): ApprovalDecision {
  const runtimeDeny = { kind: "deny", byUser: false } as const;
  if (reply.kind !== "result") return runtimeDeny;
  const outcome = field(reply.result, "outcome");
  const kind = field(outcome, "outcome");
  if (kind !== "selected") return runtimeDeny;
  switch (field(outcome, "optionId")) {
    case "allow-once":
      return { kind: "approve", always: false };
    case "allow-always":
      return { kind: "approve", always: true };
    case "reject-once":
    case "reject-always":
      return { kind: "deny", byUser: true };
    case "reject-with-edit": {
      const replacement = field(outcome, "replacementContent");
      return { kind: "replace", replacement: sanitizeReplacement(typeof replacement === "string" ? replacement : "") };
    }
    default:
      return runtimeDeny;
  }
}

const MAX_REPLACEMENT_BYTES = 64 * 1024;

/** ZeroClaw's `sanitize_tool_replacement`: control characters but `\n \r \t` dropped, cut to 64 KiB. */
export function sanitizeReplacement(text: string): string {
  // Rust's `char::is_control` is the Cc category: C0, DEL and C1.
  let cleaned = text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, "");
  if (Buffer.byteLength(cleaned) <= MAX_REPLACEMENT_BYTES) return cleaned;
  const bytes = Buffer.from(cleaned).subarray(0, MAX_REPLACEMENT_BYTES);
  cleaned = bytes.toString("utf8");
  // A cut inside a multi-byte character decodes to U+FFFD: drop it, as cutting on a char boundary does.
  return cleaned.endsWith("\uFFFD") ? cleaned.slice(0, -1) : cleaned;
}

/**
 * ZeroClaw's `summarize_args`: `key: value` pairs, `path` first, then keys in sorted order; secret-looking
 * keys shown as `[redacted]`; values cut to 80 characters with `…`.
 */
export function summarizeArgs(args: Args): string {
  const keys = Object.keys(args)
    .filter((key) => key !== "path")
    .sort();
  if ("path" in args) keys.unshift("path");
  return keys.map((key) => `${key}: ${looksSecret(key) ? "[redacted]" : summarizeValue(args[key])}`).join(", ");
}

function summarizeValue(value: unknown): string {
  const text = typeof value === "string" ? value : (JSON.stringify(value) ?? "null");
  const chars = Array.from(text);
  return chars.length > 80 ? `${chars.slice(0, 80).join("")}…` : text;
}

function looksSecret(key: string): boolean {
  return /(api[_-]?key|token|secret|password|passwd|private[_-]?key|credential|auth)/i.test(key);
}
