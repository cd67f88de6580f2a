import type { PendingPermission } from "../../../src/client/permission-queue.js";
import type { PermissionOption, PermissionToolCall } from "../../../src/protocol/index.js";

/** The options ZeroClaw offers for a shell approval (protocol.md §7.1). */
export const SHELL_OPTIONS: PermissionOption[] = [
  { optionId: "allow-once", name: "Allow once", kind: "allow_once" },
  { optionId: "allow-always", name: "Always allow", kind: "allow_always" },
  { optionId: "reject-once", name: "Reject", kind: "reject_once" },
];

/** As ZeroClaw offers them for file_edit / file_write: reject-with-edit before reject-once. */
export const EDIT_OPTIONS: PermissionOption[] = [
  { optionId: "allow-once", name: "Allow once", kind: "allow_once" },
  { optionId: "allow-always", name: "Always allow", kind: "allow_always" },
  { optionId: "reject-with-edit", name: "Reject with edit", kind: "reject_with_edit" },
  { optionId: "reject-once", name: "Reject", kind: "reject_once" },
];

let counter = 0;

/** A pending request shaped as the queue hands it to the UI; ids count up like ZeroClaw's `zc-out-N`. */
export function pending(
  toolCall: Partial<PermissionToolCall>,
  options: PermissionOption[] = SHELL_OPTIONS,
  receivedAt = Date.now(),
): PendingPermission {
  const requestId = `zc-out-${counter++}`;
  return {
    key: requestId,
    requestId,
    sessionId: "0b6f0000-0000-4000-8000-000000000000",
    toolCall: { toolCallId: `approval-${requestId}`, status: "pending", ...toolCall },
    options,
    receivedAt,
  };
}

/** ZeroClaw's shell approval: `{tool}` rawInput, the summary in a text content block. */
export function shellRequest(command = "git push origin main", title = "Approve shell?"): PendingPermission {
  return pending({
    title,
    kind: "execute",
    rawInput: { tool: "shell" },
    content: [{ type: "content", content: { type: "text", text: `command: ${command}` } }],
  });
}

/** ZeroClaw's file_edit approval: diff content, proposedEdit, four options. */
export function editRequest(oldText: string | undefined = "let x = 1;", newText = "let x = 2;"): PendingPermission {
  return pending(
    {
      title: "Approve file_edit?",
      kind: "edit",
      rawInput: { path: "src/foo.rs", oldText, newText },
      content: [{ type: "diff", path: "src/foo.rs", oldText, newText }],
      proposedEdit: newText,
    },
    EDIT_OPTIONS,
  );
}

/** ZeroClaw's ask_user fallback: `choice-N` ids, the last kind `reject_once` (protocol.md §7.2). */
export function askUserRequest(
  question = "How should I integrate main?",
  choices = ["Rebase", "Merge", "Cancel"],
): PendingPermission {
  return pending(
    { title: question, kind: "other" },
    choices.map((name, index) => ({
      optionId: `choice-${index}`,
      name,
      kind: index === choices.length - 1 && choices.length > 1 ? "reject_once" : "allow_once",
    })),
  );
}
