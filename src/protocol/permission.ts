import * as z from "zod";
import { knownValueGuard, lenientString } from "./lenient.js";
import { parseWith, type ParseResult } from "./result.js";
import { ToolCallUpdateFieldsSchema } from "./tool-call.js";

/** The four standard option kinds (a closed set in ACP v1). */
export const PERMISSION_OPTION_KINDS = ["allow_once", "allow_always", "reject_once", "reject_always"] as const;
export type StandardPermissionOptionKind = (typeof PERMISSION_OPTION_KINDS)[number];
export const isStandardPermissionOptionKind = knownValueGuard(PERMISSION_OPTION_KINDS);

/**
 * ZeroClaw's fifth kind, offered for `file_edit`/`file_write`: deny the call and give the model the user's
 * text instead (`replacementContent`). It is why `kind` is a plain string here: the SDK rejects it with -32602.
 */
export const REJECT_WITH_EDIT_KIND = "reject_with_edit";

/**
 * One choice the agent offers. Key the UI off `optionId` and `kind`, never `name` (ZeroClaw localizes it).
 * ZeroClaw's `ask_user` fallback reuses `allow_once`/`reject_once` for arbitrary answers (`choice-N` ids), so
 * the kind does not always mean approve or deny.
 */
export const PermissionOptionSchema = z.looseObject({
  optionId: z.string(),
  name: z.string(),
  kind: z.string(),
});
export type PermissionOption = z.infer<typeof PermissionOptionSchema>;

/**
 * The tool call a permission request is about: the `tool_call_update` fields plus ZeroClaw's `proposedEdit`
 * (the proposed new text, pre-filled in the reject-with-edit editor). ZeroClaw's approval ids
 * (`approval-<uuid>`) do not match the `tool_call` that follows (protocol.md §1.5).
 */
export const PermissionToolCallSchema = ToolCallUpdateFieldsSchema.extend({
  proposedEdit: lenientString(),
});
export type PermissionToolCall = z.infer<typeof PermissionToolCallSchema>;

/** `session/request_permission` params (agent → client request). */
export const PermissionRequestSchema = z.looseObject({
  sessionId: z.string(),
  toolCall: PermissionToolCallSchema,
  options: z.array(PermissionOptionSchema),
});
export type PermissionRequest = z.infer<typeof PermissionRequestSchema>;

/** Validates `session/request_permission` params; on failure the peer answers -32602. */
export function parsePermissionRequest(raw: unknown): ParseResult<PermissionRequest> {
  return parseWith(PermissionRequestSchema, raw, "session/request_permission params");
}

/** The user picked `optionId`. `replacementContent` goes only with ZeroClaw's `reject_with_edit` option. */
export const SelectedPermissionOutcomeSchema = z.looseObject({
  outcome: z.literal("selected"),
  optionId: z.string(),
  replacementContent: z.string().optional(),
});
/** No decision: the turn was cancelled or the dialog dismissed. Required for every open request after a cancel. */
export const CancelledPermissionOutcomeSchema = z.looseObject({
  outcome: z.literal("cancelled"),
});
/** The user's decision: `selected` or `cancelled`. */
export const PermissionOutcomeSchema = z.discriminatedUnion("outcome", [
  SelectedPermissionOutcomeSchema,
  CancelledPermissionOutcomeSchema,
]);
export type PermissionOutcome = z.infer<typeof PermissionOutcomeSchema>;

/** The result the client answers a permission request with: `{outcome: ...}`. */
export const PermissionResponseSchema = z.looseObject({
  outcome: PermissionOutcomeSchema,
});
export type PermissionResponse = z.infer<typeof PermissionResponseSchema>;

/** Validates a permission answer (used by the demo agent and fake agents in tests). */
export function parsePermissionResponse(raw: unknown): ParseResult<PermissionResponse> {
  return parseWith(PermissionResponseSchema, raw, "session/request_permission result");
}

/** The answer for a chosen option; pass `replacementContent` only for `reject_with_edit`. */
export function selectedPermission(optionId: string, replacementContent?: string): PermissionResponse {
  return replacementContent === undefined
    ? { outcome: { outcome: "selected", optionId } }
    : { outcome: { outcome: "selected", optionId, replacementContent } };
}

/** The answer for a request that was cancelled or dismissed. */
export function cancelledPermission(): PermissionResponse {
  return { outcome: { outcome: "cancelled" } };
}

/** What an option kind means for the UI (icon, key); `other` for a kind this client does not know. */
export type PermissionIntent = "allow" | "reject" | "reject_with_edit" | "other";

/** Maps an option `kind` to its intent: `allow_*` → allow, `reject_*` → reject, ZeroClaw's edit kind apart. */
export function permissionIntent(kind: string): PermissionIntent {
  if (kind === REJECT_WITH_EDIT_KIND) return "reject_with_edit";
  if (kind === "allow_once" || kind === "allow_always") return "allow";
  if (kind === "reject_once" || kind === "reject_always") return "reject";
  return "other";
}
