import type { PermissionRequests } from "../state/permission-relay.js";
import type { PaneStore } from "../state/pane-store.js";
import { ControlProtocolError, NO_LONGER_WAITING, type AnswerRequest, type WaitingRequest } from "./protocol.js";

/** `pending`: the requests waiting in this pane, oldest first, with what the modal shows of them. */
export function waitingRequests(permissions: PermissionRequests): WaitingRequest[] {
  return permissions.getRequests().map(({ key, receivedAt, sessionId, toolCall, options }) => ({
    key,
    receivedAt,
    sessionId,
    toolCall,
    options,
  }));
}

/**
 * `answer`: decides a request from outside the pane (`zc-pane answer`, the prefix+J popup). The pane's modal
 * closes as it would for a key press, and the transcript notes that the answer came from outside. A request
 * that is no longer open, or an option the agent did not offer, is refused with a message.
 */
export function answerFromOutside(request: AnswerRequest, permissions: PermissionRequests, store: PaneStore): void {
  const open = permissions
    .getRequests()
    .find((pending) => pending.key === request.key && pending.receivedAt === request.receivedAt);
  if (!open) throw new ControlProtocolError(NO_LONGER_WAITING);
  const { outcome } = request;
  if (outcome.outcome === "selected" && !open.options.some((option) => option.optionId === outcome.optionId))
    throw new ControlProtocolError(`option ${JSON.stringify(outcome.optionId)} was not offered for that request`);
  // Marked before answering: the answer settles the request synchronously, and its transcript note reads
  // the mark.
  store.dispatch({ type: "permission-answered-outside", key: open.key });
  permissions.answer(open.key, outcome);
}
