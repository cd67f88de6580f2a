import { randomUUID } from "node:crypto";
import { field } from "./json.js";
import type { OutboundRequests } from "./outbound.js";
import { errorMessage } from "../common/error-message.js";

/**
 * The `ask_user` tool's structured choice, as ZeroClaw's ACP channel asks it (protocol.md §7.2, §7.3):
 * `elicitation/create` (form mode, `choice-N` consts) when the client advertised elicitation, otherwise
 * `session/request_permission` with one `choice-N` option per choice (the last one `reject_once` when
 * there are two or more). The result is the text the tool returns to the model.
 */

/** The tool's default `timeout_secs` (300 s), not the session timeout. */
export const ASK_USER_TIMEOUT_MS = 300_000;

export interface AskUserResult {
  readonly output: string;
  /** The chosen text, when the user picked one. */
  readonly answer?: string;
}

export async function askUser(
  outbound: OutboundRequests,
  request: { sessionId: string; question: string; choices: readonly string[]; elicitation: boolean },
  signal: AbortSignal,
): Promise<AskUserResult> {
  const choices = request.choices.map((choice) => choice.trim()).filter((choice) => choice !== "");
  let outcome: { answer?: string; error?: string };
  try {
    outcome = request.elicitation
      ? await viaElicitation(outbound, request.sessionId, request.question, choices, signal)
      : await viaPermission(outbound, request.sessionId, request.question, choices, signal);
  } catch (error) {
    if (signal.aborted) throw error;
    outcome = { error: errorMessage(error) };
  }
  if (outcome.answer !== undefined) return { output: outcome.answer, answer: outcome.answer };
  if (outcome.error !== undefined)
    return { output: `Error: Failed to ask question on channel 'acp': ${outcome.error}` };
  return {
    output:
      "Error: Channel 'acp' did not complete the structured choice (user cancelled/declined, or the channel " +
      "has no free-form fallback). Retry ask_user; free-form questions on this channel await ACP elicitation Phase 2.",
  };
}

async function viaPermission(
  outbound: OutboundRequests,
  sessionId: string,
  question: string,
  choices: string[],
  signal: AbortSignal,
): Promise<{ answer?: string; error?: string }> {
  const options = choices.map((choice, index) => ({
    optionId: `choice-${index}`,
    name: choice,
    kind: index === choices.length - 1 && choices.length > 1 ? "reject_once" : "allow_once",
  }));
  const toolCall = { toolCallId: `ask-user-${randomUUID()}`, title: question, kind: "other", status: "pending" };
  const reply = await outbound.request(
    "session/request_permission",
    { sessionId, options, toolCall },
    { timeoutMs: ASK_USER_TIMEOUT_MS, signal },
  );
  if (reply.kind === "timeout") return { error: "ACP request_permission timed out after 300s" };
  if (reply.kind === "error") return { error: `ACP request_permission failed: ${reply.message} (${reply.code})` };
  const outcome = field(reply.result, "outcome");
  const kind = field(outcome, "outcome");
  if (kind === "cancelled") return {};
  if (kind !== "selected") return { error: `ACP returned unexpected outcome: ${typeof kind === "string" ? kind : ""}` };
  const optionId = field(outcome, "optionId");
  const id = typeof optionId === "string" ? optionId : "";
  const answer = choiceText(id, choices);
  return answer === undefined ? { error: `ACP returned unknown optionId: ${id}` } : { answer };
}

async function viaElicitation(
  outbound: OutboundRequests,
  sessionId: string,
  question: string,
  choices: string[],
  signal: AbortSignal,
): Promise<{ answer?: string; error?: string }> {
  const requestedSchema = {
    type: "object",
    properties: {
      choice: {
        type: "string",
        title: "Choice",
        oneOf: choices.map((text, index) => ({ const: `choice-${index}`, title: text })),
      },
    },
    required: ["choice"],
  };
  const reply = await outbound.request(
    "elicitation/create",
    { sessionId, mode: "form", message: question, requestedSchema },
    { timeoutMs: ASK_USER_TIMEOUT_MS, signal },
  );
  if (reply.kind === "timeout") return { error: "ACP elicitation/create timed out after 300s" };
  if (reply.kind === "error") return { error: `ACP elicitation/create failed: ${reply.message} (${reply.code})` };
  const action = field(reply.result, "action");
  if (action === "decline" || action === "cancel") return {};
  if (action !== "accept" || field(reply.result, "content") === undefined) {
    return { error: "malformed elicitation response: expected action accept, decline or cancel with content" };
  }
  const chosen = field(field(reply.result, "content"), "choice");
  if (typeof chosen !== "string") return { error: "elicitation accept missing content.choice string" };
  const answer = choiceText(chosen, choices);
  return answer === undefined ? { error: `elicitation returned unknown choice const: ${chosen}` } : { answer };
}

function choiceText(id: string, choices: readonly string[]): string | undefined {
  const match = /^choice-(\d+)$/.exec(id);
  return match ? choices[Number(match[1])] : undefined;
}
