import { describe, expect, it } from "vitest";
import type { ClientEvent } from "../../src/client/events.js";
import { initialPaneState, reducePane } from "../../src/state/reducer.js";
import { MAX_TERMINALS, TERMINAL_TAIL_CHARS, terminalExitText, terminalText } from "../../src/state/terminals.js";
import type { PaneState } from "../../src/state/view-model.js";
import { SESSION, toolCall, turnStarted } from "./fixtures.js";

const reduce = (state: PaneState, ...events: ClientEvent[]) =>
  events.reduce((next, event) => reducePane(next, { type: "client", event, at: 0 }), state);
const opened = () => reducePane(initialPaneState(), { type: "session-opened", sessionId: SESSION, how: "new", at: 0 });
const created = (terminalId: string): ClientEvent => ({
  type: "terminal-created",
  sessionId: SESSION,
  terminalId,
  command: "npm",
  args: ["test"],
  cwd: "/w",
});
const output = (terminalId: string, chunk: string, truncated = false): ClientEvent => ({
  type: "terminal-output",
  sessionId: SESSION,
  terminalId,
  chunk,
  truncated,
});

describe("terminal output in the state", () => {
  it("appends output, sanitizes it and notes the exit", () => {
    const state = reduce(
      opened(),
      created("t1"),
      output("t1", "line 1\r\n\u001b[31mred\u001b[0m"),
      output("t1", " still\n"),
      {
        type: "terminal-exited",
        sessionId: SESSION,
        terminalId: "t1",
        exitStatus: { exitCode: 2, signal: null },
      },
    );
    const terminal = state.terminals?.t1;
    expect(terminal?.command).toBe("npm test");
    expect(terminal?.text).toBe("line 1\nred still\n");
    expect(terminalExitText(terminal!)).toBe("exit 2");
  });

  it("keeps output after release and ignores other sessions", () => {
    let state = reduce(opened(), created("t1"), output("t1", "ok\n"), {
      type: "terminal-released",
      sessionId: SESSION,
      terminalId: "t1",
    });
    expect(state.terminals?.t1).toMatchObject({ text: "ok\n", released: true });
    const before = state;
    state = reduce(state, {
      type: "terminal-output",
      sessionId: "other",
      terminalId: "t1",
      chunk: "x",
      truncated: false,
    });
    expect(state).toBe(before);
  });

  it("resolves carriage returns the way a terminal shows them", () => {
    expect(terminalText("progress 10%\rprogress 99%\ndone")).toBe("progress 99%\ndone");
  });

  it("keeps only a tail of a flood, from a line start, and marks it cut", () => {
    const line = "x".repeat(99) + "\n";
    const state = reduce(opened(), created("t1"), output("t1", line.repeat(500)));
    const terminal = state.terminals!.t1!;
    expect(terminal.raw.length).toBeLessThanOrEqual(TERMINAL_TAIL_CHARS);
    expect(terminal.raw.startsWith("x")).toBe(true);
    expect(terminal.truncated).toBe(true);
  });

  it("forgets the oldest terminals past the cap", () => {
    let state = opened();
    for (let i = 0; i <= MAX_TERMINALS; i++) state = reduce(state, created(`t${i}`));
    expect(Object.keys(state.terminals!)).toHaveLength(MAX_TERMINALS);
    expect(state.terminals!.t0).toBeUndefined();
  });

  it("links a tool row to the terminals in its content", () => {
    const state = reduce(
      opened(),
      turnStarted(),
      toolCall({
        toolCallId: "c1",
        title: "npm test",
        kind: "execute",
        status: "in_progress",
        content: [{ type: "terminal", terminalId: "t1" }],
      }),
    );
    expect(state.live.tools[0]?.row.terminalIds).toEqual(["t1"]);
  });
});

describe("terminal output kept with the finished row", () => {
  it("prints the last lines and the exit under the row in the transcript", () => {
    let state = reduce(
      opened(),
      turnStarted(),
      toolCall({
        toolCallId: "c1",
        title: "npm test",
        kind: "execute",
        status: "in_progress",
        content: [{ type: "terminal", terminalId: "t1" }],
      }),
      created("t1"),
      output("t1", "1\n2\n3\n4\n5\tx\n"),
      { type: "terminal-exited", sessionId: SESSION, terminalId: "t1", exitStatus: { exitCode: 0, signal: null } },
    );
    state = reduce(state, {
      type: "update",
      sessionId: SESSION,
      update: { sessionUpdate: "tool_call_update", toolCallId: "c1", status: "completed" },
    } as ClientEvent);
    const printed = state.transcript.toArray().find((item) => item.kind === "tool");
    expect(printed && printed.kind === "tool" ? printed.row.terminalTail : undefined).toBe(
      "… 1 more line\n2\n3\n4\n5    x\nexit 0",
    );
  });
});
