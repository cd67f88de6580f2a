import { describe, expect, it } from "vitest";
import {
  cancelledPermission,
  isStandardPermissionOptionKind,
  parsePermissionRequest,
  parsePermissionResponse,
  permissionIntent,
  REJECT_WITH_EDIT_KIND,
  selectedPermission,
} from "../../src/protocol/index.js";

const fileEditRequest = {
  sessionId: "0b6f",
  options: [
    { optionId: "allow-once", name: "Allow once", kind: "allow_once" },
    { optionId: "allow-always", name: "Always allow", kind: "allow_always" },
    { optionId: "reject-with-edit", name: "Reject with edit", kind: "reject_with_edit" },
    { optionId: "reject-once", name: "Reject", kind: "reject_once" },
  ],
  toolCall: {
    toolCallId: "approval-9e",
    title: "Approve file_edit?",
    kind: "edit",
    status: "pending",
    rawInput: { path: "src/foo.rs", oldText: "let x = 1;", newText: "let x = 2;" },
    content: [{ type: "diff", path: "src/foo.rs", oldText: "let x = 1;", newText: "let x = 2;" }],
    proposedEdit: "let x = 2;",
  },
};

describe("session/request_permission", () => {
  it("accepts ZeroClaw's reject_with_edit kind and keeps proposedEdit", () => {
    const parsed = parsePermissionRequest(fileEditRequest);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.toolCall.proposedEdit).toBe("let x = 2;");
    expect(parsed.value.options[2]?.kind).toBe(REJECT_WITH_EDIT_KIND);
    expect(parsed.value.toolCall.content?.[0]).toMatchObject({ type: "diff", path: "src/foo.rs" });
  });

  it("keeps unknown fields on the request and the tool call", () => {
    const parsed = parsePermissionRequest({
      ...fileEditRequest,
      zcExtra: true,
      toolCall: { ...fileEditRequest.toolCall, name: "file_edit", futureField: 1 },
    });
    expect(parsed.ok && parsed.value).toMatchObject({ zcExtra: true, toolCall: { name: "file_edit", futureField: 1 } });
  });

  it("accepts the minimal ask_user tool call (no rawInput, no content)", () => {
    const parsed = parsePermissionRequest({
      sessionId: "s",
      options: [{ optionId: "choice-0", name: "Rebase", kind: "allow_once" }],
      toolCall: { toolCallId: "ask-user-1f", title: "How should I integrate main?", kind: "other", status: "pending" },
    });
    expect(parsed.ok).toBe(true);
  });

  it("fails with a one-line message when a required field is missing", () => {
    const parsed = parsePermissionRequest({
      sessionId: "s",
      options: [{ optionId: "a", kind: "allow_once" }],
      toolCall: {},
    });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.error).toMatch(/^invalid session\/request_permission params: /);
    expect(parsed.error).not.toContain("\n");
    expect(parsed.error).toContain("toolCall.toolCallId");
  });
});

describe("permission answers", () => {
  it("builds the selected, edit and cancelled outcomes", () => {
    expect(selectedPermission("allow-once")).toEqual({ outcome: { outcome: "selected", optionId: "allow-once" } });
    expect(selectedPermission("reject-with-edit", "let x = 99;")).toEqual({
      outcome: { outcome: "selected", optionId: "reject-with-edit", replacementContent: "let x = 99;" },
    });
    expect(cancelledPermission()).toEqual({ outcome: { outcome: "cancelled" } });
  });

  it("round-trips the answers through the response schema", () => {
    for (const answer of [selectedPermission("a"), selectedPermission("e", ""), cancelledPermission()]) {
      expect(parsePermissionResponse(answer)).toEqual({ ok: true, value: answer });
    }
    expect(parsePermissionResponse({ outcome: { outcome: "maybe" } }).ok).toBe(false);
    expect(parsePermissionResponse(null).ok).toBe(false);
  });

  it("maps option kinds to intents", () => {
    expect(permissionIntent("allow_once")).toBe("allow");
    expect(permissionIntent("allow_always")).toBe("allow");
    expect(permissionIntent("reject_once")).toBe("reject");
    expect(permissionIntent("reject_always")).toBe("reject");
    expect(permissionIntent("reject_with_edit")).toBe("reject_with_edit");
    expect(permissionIntent("ask_later")).toBe("other");
    expect(isStandardPermissionOptionKind("reject_with_edit")).toBe(false);
    expect(isStandardPermissionOptionKind("allow_once")).toBe(true);
  });
});
