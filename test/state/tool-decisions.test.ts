import { describe, expect, it } from "vitest";
import type { ClientEvent } from "../../src/client/events.js";
import type { PaneAction } from "../../src/state/actions.js";
import type { ToolRow } from "../../src/state/view-model.js";
import { items, run, SESSION, toolCall, toolUpdate, turnEnded, turnStarted } from "./fixtures.js";

/** Issue 12 item 10: a rejected call says "rejected", a cancelled one "cancelled"; a row is timed from its approval. */

const OPTIONS = [
  { optionId: "allow", name: "Allow", kind: "allow_once" },
  { optionId: "reject", name: "Reject", kind: "reject_once" },
  { optionId: "reject-with-edit", name: "Reject with edit", kind: "reject_with_edit" },
];

const at = (event: ClientEvent, time: number): PaneAction => ({ type: "client", event, at: time });

function asked(toolCallId: string, time: number, key = "0"): PaneAction {
  const request = {
    key,
    requestId: key,
    sessionId: SESSION,
    toolCall: { toolCallId },
    options: OPTIONS,
    receivedAt: time,
  };
  return at({ type: "permission-requested", request } as never, time);
}

const answered = (outcome: string, time: number, key = "0") => at({ type: "permission-settled", key, outcome }, time);

function printedRows(actions: PaneAction[]): ToolRow[] {
  return items(run(actions)).flatMap((item) => (item.kind === "tool" ? [item.row] : []));
}

const shell = { toolCallId: "toolu_1", title: "Terminal", kind: "execute", rawInput: { command: "ls" } };

describe("a tool call's permission answer on its row", () => {
  it("times an allowed call from the approval, not from its start: the user's 25 s are not the tool's", () => {
    const rows = printedRows([
      at(turnStarted(), 0),
      at(toolCall({ ...shell, status: "pending" }), 1_000),
      asked("toolu_1", 1_100),
      answered("allow", 26_100),
      at(toolUpdate({ toolCallId: "toolu_1", status: "completed" }), 27_600),
    ]);
    expect(rows).toMatchObject([{ status: "done", startedAt: 26_100, finishedAt: 27_600 }]);
  });

  it("times a call allowed before its tool_call (Codex) from its start, and one seen only finished (Gemini) from the approval", () => {
    const codex = printedRows([
      at(turnStarted(), 0),
      asked("call_c", 500),
      answered("allow", 9_000),
      at(toolCall({ ...shell, toolCallId: "call_c", status: "in_progress" }), 9_200),
      at(toolUpdate({ toolCallId: "call_c", status: "completed" }), 9_500),
    ]);
    expect(codex).toMatchObject([{ startedAt: 9_200, finishedAt: 9_500 }]);
    const gemini = printedRows([
      at(turnStarted(), 0),
      asked("run_shell_1", 500),
      answered("allow", 9_000),
      at(toolUpdate({ ...shell, toolCallId: "run_shell_1", status: "completed" }), 10_400),
    ]);
    expect(gemini).toMatchObject([{ status: "done", startedAt: 9_000, finishedAt: 10_400 }]);
  });

  it("says rejected (not failed) when the agent reports the rejected call failed, with no duration", () => {
    const rows = printedRows([
      at(turnStarted(), 0),
      at(toolCall({ ...shell, status: "pending" }), 1_000),
      asked("toolu_1", 1_100),
      answered("reject", 9_000),
      at(
        toolUpdate({ toolCallId: "toolu_1", status: "failed", rawOutput: "User refused permission to run tool" }),
        9_010,
      ),
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe("rejected");
    expect(rows[0]!.startedAt).toBeUndefined();
    expect(rows[0]!.finishedAt).toBeUndefined();
  });

  it("says cancelled for a call whose request was answered cancelled (Esc), and rejected for one left open at the end", () => {
    const cancelled = printedRows([
      at(turnStarted(), 0),
      at(toolCall({ ...shell, status: "pending" }), 1_000),
      asked("toolu_1", 1_100),
      answered("cancelled", 3_000),
      at(turnEnded("cancelled"), 3_100),
    ]);
    expect(cancelled).toMatchObject([{ status: "cancelled" }]);
    expect(cancelled[0]!.startedAt).toBeUndefined();
    const open = printedRows([
      at(turnStarted(), 0),
      at(toolCall({ ...shell, status: "pending" }), 1_000),
      asked("toolu_1", 1_100),
      answered("reject-with-edit", 3_000),
      at(turnEnded(), 3_100),
    ]);
    expect(open).toMatchObject([{ status: "rejected" }]);
  });

  it("gives ZeroClaw's approval-… decision to the tool_call that follows it: `completed` with Denied by user reads rejected", () => {
    const zeroclaw = (outcome: string) =>
      printedRows([
        at(turnStarted(), 0),
        asked("approval-5c1d", 100),
        answered(outcome, 5_000),
        at(toolCall({ toolCallId: "toolu_01A", name: "shell", kind: "execute", status: "pending" }), 5_010),
        at(toolUpdate({ toolCallId: "toolu_01A", status: "completed", rawOutput: "Denied by user." }), 5_020),
        // A later call of the same turn was not asked about.
        at(toolCall({ toolCallId: "toolu_01B", name: "file_read", kind: "other", status: "pending" }), 6_000),
        at(toolUpdate({ toolCallId: "toolu_01B", status: "completed" }), 6_300),
      ]);
    expect(zeroclaw("reject").map((row) => row.status)).toEqual(["rejected", "done"]);
    expect(zeroclaw("allow")).toMatchObject([
      { status: "done", startedAt: 5_010, finishedAt: 5_020 },
      { status: "done", startedAt: 6_000, finishedAt: 6_300 },
    ]);
  });

  it("forgets the decisions when the turn ends: a later call with a reused id is not rejected", () => {
    const rows = printedRows([
      at(turnStarted(1), 0),
      asked("call_1", 100),
      answered("reject", 200),
      at(turnEnded("end_turn", undefined, 1), 300),
      at(turnStarted(2), 400),
      at(toolCall({ ...shell, toolCallId: "call_1", status: "pending" }), 500),
      at(toolUpdate({ toolCallId: "call_1", status: "completed" }), 800),
    ]);
    expect(rows).toMatchObject([{ status: "done", startedAt: 500, finishedAt: 800 }]);
  });
});
