import { describe, expect, it } from "vitest";
import { PermissionQueue } from "../../src/client/permission-queue.js";
import { PermissionRelay } from "../../src/state/permission-relay.js";
import { outcomeOf, permissionView, type PermissionBodyPart } from "../../src/state/permission-view.js";
import { capturedPermissions } from "../helpers/captures.js";

const types = (body: readonly PermissionBodyPart[]) => body.map((part) => part.type);
const COMMAND = "printf 'hello from mock\\n' > mock-out.txt && cat mock-out.txt && uname -s";

describe("the permission view of real agents' requests", () => {
  it("claude-agent-acp: the command once and whole, its description, the cursor on Allow (listed second)", () => {
    const [shell] = capturedPermissions("claude-agent-acp.jsonl");
    const view = permissionView(shell!);
    expect(view.title).toBe("Run this command?");
    expect(view.body).toEqual([
      { type: "command", text: COMMAND },
      { type: "text", text: "Write and print a greeting file" },
    ]);
    expect(view.options.map((option) => option.label)).toEqual(["Always Allow", "Allow", "Reject"]);
    expect(view.initialIndex).toBe(1);
    expect(outcomeOf(shell!, { type: "option", index: view.initialIndex })).toEqual({
      outcome: "selected",
      optionId: "allow",
    });
  });

  it("claude-code-acp: the title's code marks dropped; Write and Edit diffs found without one in the request", () => {
    const [shell, write, edit] = capturedPermissions("claude-code-acp.jsonl");
    expect(permissionView(shell!).body[0]).toEqual({ type: "command", text: COMMAND });
    // The request carries only rawInput: the diff of the earlier update of the same call is used.
    const earlier = {
      path: "/home/user/project/mock-notes.txt",
      oldText: "line one\n",
      newText: "line one\nline two\n",
    };
    const fromUpdate = permissionView(write!, (id) => (id === write!.toolCall.toolCallId ? [earlier] : []));
    expect(fromUpdate.title).toBe("Write /home/user/project/mock-notes.txt");
    expect(fromUpdate.body).toEqual([{ type: "diff", ...earlier }]);
    // Without one, Write's content is the new text, and the view says it was not compared.
    const alone = permissionView(write!);
    expect(types(alone.body)).toEqual(["diff", "note"]);
    expect(alone.body[0]).toMatchObject({ oldText: null, newText: "line one\nline two\n" });
    const editView = permissionView(edit!);
    expect(editView.title).toBe("Edit /home/user/project/mock-notes.txt");
    expect(editView.body).toEqual([
      { type: "diff", path: "/home/user/project/mock-notes.txt", oldText: "line two", newText: "line 2 (edited)" },
    ]);
  });

  it("codex-acp: the script out of /bin/bash -lc, the reason without the decision list, options whole", () => {
    const [shell] = capturedPermissions("codex-acp-cancel.jsonl");
    const view = permissionView(shell!);
    expect(view.body).toEqual([
      { type: "command", text: COMMAND },
      { type: "text", text: "Needs to write mock-out.txt in the workspace" },
    ]);
    expect(view.options[1]?.label).toBe(
      "Yes, and don't ask again for commands that start with `/bin/bash -lc printf 'hello from mock\\n' > mock-out.txt && cat mock-out.txt && uname -s`",
    );
    expect(view.initialIndex).toBe(0);
  });

  it("gemini-cli: the title is the command, shown once in the body; its edits carry their diffs", () => {
    const [shell, write, replace] = capturedPermissions("gemini-cli.jsonl");
    const view = permissionView(shell!);
    expect(view.title).toBe("Run this command?");
    expect(view.body).toEqual([
      { type: "command", text: COMMAND },
      { type: "text", text: "[current working directory /home/user/project] (Write and print a greeting file)" },
    ]);
    expect(view.initialIndex).toBe(1);
    expect(types(permissionView(write!).body)).toEqual(["diff"]);
    expect(permissionView(replace!).title).toBe("mock-notes.txt: line two => line 2 (edited)");
  });
});

describe("the permission relay", () => {
  it("cancels the turn on Esc, and answers cancelled itself only when no turn runs", async () => {
    const [request] = capturedPermissions("codex-acp-cancel.jsonl");
    const queue = new PermissionQueue();
    let turnRunning = true;
    const cancelled: string[] = [];
    const relay = new PermissionRelay({
      cancelTurn: () => {
        cancelled.push("turn");
        if (turnRunning) queue.cancelAll();
        return turnRunning;
      },
    });
    relay.follow(queue);
    const first = queue.add(request!);
    relay.decide(request!.key, { type: "cancel-turn" });
    await expect(first).resolves.toEqual({ outcome: "cancelled" });
    turnRunning = false;
    const second = queue.add(request!);
    relay.decide(request!.key, { type: "cancel-turn" });
    await expect(second).resolves.toEqual({ outcome: "cancelled" });
    expect(cancelled).toEqual(["turn", "turn"]);
  });

  it("hands the modal the same views until the queue changes", () => {
    const [request] = capturedPermissions("gemini-cli.jsonl");
    const queue = new PermissionQueue();
    const relay = new PermissionRelay({ cancelTurn: () => false });
    relay.follow(queue);
    void queue.add(request!);
    const views = relay.getPending();
    expect(relay.getPending()).toBe(views);
    relay.decide(request!.key, { type: "option", index: 1 });
    expect(relay.getPending()).toEqual([]);
  });
});
