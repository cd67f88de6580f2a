import { describe, expect, it } from "vitest";
import { PermissionQueue, type PendingPermission } from "../../src/client/permission-queue.js";
import { reconcileFinalText } from "../../src/client/reconcile.js";

describe("reconcileFinalText (ZeroClaw's content vs the streamed text)", () => {
  it("adds nothing when the stream already ends with the final text", () => {
    expect(reconcileFinalText("Let me check.\n\nThe answer is 42.", "The answer is 42.")).toBeUndefined();
    expect(reconcileFinalText("The answer is 42.\n", "The answer is 42.")).toBeUndefined();
  });
  it("adds the final text when it was never streamed or differs", () => {
    expect(reconcileFinalText("", "Done.")).toBe("Done.");
    expect(reconcileFinalText("Working on it…", "Here is the summary.")).toBe("Here is the summary.");
    expect(reconcileFinalText("x", "   ")).toBeUndefined();
  });
});

function request(key: string, sessionId = "s1"): PendingPermission {
  return {
    key,
    requestId: key,
    sessionId,
    toolCall: { toolCallId: `approval-${key}`, title: "Approve shell?" },
    options: [
      { optionId: "allow-once", name: "Allow once", kind: "allow_once" },
      { optionId: "reject-once", name: "Reject", kind: "reject_once" },
    ],
    receivedAt: 0,
  };
}

describe("PermissionQueue", () => {
  it("keeps requests in order and settles each with the chosen outcome", async () => {
    const queue = new PermissionQueue();
    const first = queue.add(request("zc-out-0"));
    const second = queue.add(request("zc-out-1"));
    expect(queue.pending.map((pending) => pending.key)).toEqual(["zc-out-0", "zc-out-1"]);
    expect(queue.answer("zc-out-1", { outcome: "selected", optionId: "reject-once" })).toBe(true);
    await expect(second).resolves.toEqual({ outcome: "selected", optionId: "reject-once" });
    expect(queue.pending.map((pending) => pending.key)).toEqual(["zc-out-0"]);
    expect(queue.answer("zc-out-1", { outcome: "cancelled" })).toBe(false);
    queue.answer("zc-out-0", { outcome: "cancelled" });
    await expect(first).resolves.toEqual({ outcome: "cancelled" });
  });

  it("refuses an option the agent did not offer", () => {
    const queue = new PermissionQueue();
    void queue.add(request("1"));
    expect(() => queue.answer("1", { outcome: "selected", optionId: "allow-always" })).toThrow(/not offered/);
    expect(queue.pending).toHaveLength(1);
  });

  it("cancels the open requests of one session only", async () => {
    const queue = new PermissionQueue();
    const a = queue.add(request("1", "s1"));
    const b = queue.add(request("2", "s2"));
    expect(queue.cancelAll("s1")).toBe(1);
    await expect(a).resolves.toEqual({ outcome: "cancelled" });
    expect(queue.pending.map((pending) => pending.key)).toEqual(["2"]);
    queue.cancelAll();
    await expect(b).resolves.toEqual({ outcome: "cancelled" });
  });

  it("withdraws a request when the agent cancels it, and notifies subscribers on every change", async () => {
    const queue = new PermissionQueue();
    let changes = 0;
    queue.subscribe(() => changes++);
    const controller = new AbortController();
    const pending = queue.add(request("1"), controller.signal);
    controller.abort();
    await expect(pending).rejects.toThrow(/withdrew/);
    expect(queue.pending).toEqual([]);
    expect(changes).toBe(2);
  });
});
