import type { PendingElicitation } from "../client/elicitation-queue.js";
import { sanitizeLine } from "../markdown/sanitize.js";
import { acceptElicitation, cancelElicitation, declineElicitation, type ElicitationResult } from "../protocol/index.js";
import { formFields, initialValues, type FormContent, type FormField, type FormValue } from "./elicitation-form.js";

/**
 * An elicitation as its modal shows it, in our own types: the UI never reads the wire request, and never
 * builds the answer (it hands back an {@link ElicitationDecision}). Agent text in it is sanitized.
 */
export type ElicitationView = {
  /** The queue's key of the request, given back with the decision. */
  readonly key: string;
  /** What the agent asks, on one line. */
  readonly message: string;
} & (
  | {
      readonly kind: "form";
      readonly fields: readonly FormField[];
      /** The schema's defaults where they fit their field. */
      readonly initialValues: Readonly<Record<string, FormValue>>;
    }
  | {
      readonly kind: "url";
      /** The link as sent, on one line: the modal links and opens it only when it is a web link. */
      readonly url: string;
    }
);

/** What the user decided in the modal; the state turns it into the ACP answer. */
export type ElicitationDecision =
  /** A form's content as `submitForm` checked it; none for a URL the user says they opened. */
  | { readonly type: "accept"; readonly content?: FormContent }
  | { readonly type: "decline" }
  /** Esc: no answer to give. */
  | { readonly type: "cancel" };

/** The modal's view of a pending elicitation. */
export function elicitationView(pending: PendingElicitation): ElicitationView {
  const { request } = pending;
  const message = sanitizeLine(request.message);
  if (request.mode === "url") return { key: pending.key, message, kind: "url", url: sanitizeLine(request.url) };
  const fields = formFields(request.requestedSchema);
  return {
    key: pending.key,
    message,
    kind: "form",
    fields,
    initialValues: initialValues(request.requestedSchema, fields),
  };
}

/** The ACP answer for a decision. */
export function elicitationAnswer(decision: ElicitationDecision): ElicitationResult {
  if (decision.type === "decline") return declineElicitation();
  if (decision.type === "cancel") return cancelElicitation();
  return decision.content ? acceptElicitation(decision.content) : { action: "accept" };
}
