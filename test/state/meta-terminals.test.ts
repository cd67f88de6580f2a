import { describe, expect, it } from "vitest";
import type { ClientEvent } from "../../src/client/events.js";
import { run, SESSION, toolCall, toolUpdate, turnStarted } from "./fixtures.js";

const created: ClientEvent = {
  type: "terminal-created",
  sessionId: SESSION,
  terminalId: "term-1",
  command: "make",
  args: [],
  cwd: "/tmp",
};
const ours: ClientEvent = {
  type: "terminal-output",
  sessionId: SESSION,
  terminalId: "term-1",
  chunk: "real\n",
  droppedBytes: 0,
};

describe("the agent's own terminals in tool call _meta", () => {
  it("appends each piece, sanitized, and takes the exit; a row named only in _meta shows it too", () => {
    const state = run([
      turnStarted(),
      toolCall({
        toolCallId: "c1",
        title: "npm test",
        kind: "execute",
        _meta: { terminal_info: { terminal_id: "x" } },
      }),
      toolUpdate({
        toolCallId: "c1",
        _meta: { terminal_output: { terminal_id: "x", data: "one\n\u001b]52;c;AAA\u0007two" } },
      }),
      toolUpdate({ toolCallId: "c1", _meta: { terminal_output: { terminal_id: "x", data: " more\n" } } }),
      toolUpdate({ toolCallId: "c1", _meta: { terminal_exit: { terminal_id: "x", exit_code: 1, signal: null } } }),
    ]);
    expect(state.terminals?.x).toMatchObject({ text: "one\ntwo more\n", exit: { exitCode: 1, signal: null } });
    expect(state.live.tools[0]?.row.terminalIds).toEqual(["x"]);
  });

  it("never writes into one of our own terminals", () => {
    const state = run([
      turnStarted(),
      created,
      ours,
      toolCall({ toolCallId: "c1", title: "make", content: [{ type: "terminal", terminalId: "term-1" }] }),
      toolUpdate({ toolCallId: "c1", _meta: { terminal_output: { terminal_id: "term-1", data: "forged\n" } } }),
      toolUpdate({ toolCallId: "c1", _meta: { terminal_exit: { terminal_id: "term-1", exit_code: 0 } } }),
    ]);
    expect(state.terminals?.["term-1"]).toMatchObject({ text: "real\n" });
    expect(state.terminals?.["term-1"]?.exit).toBeUndefined();
  });
});
