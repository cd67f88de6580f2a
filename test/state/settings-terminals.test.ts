import { describe, expect, it } from "vitest";
import type { ClientEvent } from "../../src/client/events.js";
import { initialPaneState, reducePane } from "../../src/state/reducer.js";
import {
  appendOutput,
  EMPTY_TERMINAL,
  MAX_TERMINALS,
  OLD_TERMINAL_KEEP_CHARS,
  TERMINAL_KEEP_CHARS,
  TERMINALS_KEEP_TOTAL_CHARS,
  terminalExitText,
  terminalText,
  withTerminalOutput,
  withTerminalSnapshot,
} from "../../src/state/terminals.js";
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
const output = (terminalId: string, chunk: string, droppedBytes = 0): ClientEvent => ({
  type: "terminal-output",
  sessionId: SESSION,
  terminalId,
  chunk,
  droppedBytes,
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
      droppedBytes: 0,
    });
    expect(state).toBe(before);
  });

  it("resolves carriage returns the way a terminal shows them", () => {
    expect(terminalText("progress 10%\rprogress 99%\ndone")).toBe("progress 99%\ndone");
  });

  it("reads the same whatever the chunks: lines, CRLF and progress bars split anywhere", () => {
    const raw = "step 1\r\nbar 10%\rbar 99%\r\n\u001b[32mok\u001b[0m\n" + "x".repeat(300) + "\nlast, open";
    const whole = terminalText(raw);
    for (const size of [1, 2, 3, 7, 64]) {
      let terminal = EMPTY_TERMINAL;
      for (let at = 0; at < raw.length; at += size) terminal = appendOutput(terminal, raw.slice(at, at + size));
      expect(terminal.text).toBe(whole);
    }
    expect(whole).toBe(`step 1\nbar 99%\nok\n${"x".repeat(300)}\nlast, open`);
  });

  it("keeps a command's whole output up to the cap, then its end from a line start, counting what went", () => {
    const line = "x".repeat(99) + "\n";
    // 400 KiB: far past the 8 KiB the rows once kept, all of it still there.
    let state = reduce(opened(), created("t1"), output("t1", `first line\n${line.repeat(4096)}`));
    expect(state.terminals!.t1!.text.startsWith("first line\nxxx")).toBe(true);
    expect(state.terminals!.t1!.droppedBytes).toBe(0);
    // Past the cap the start goes, counted in bytes.
    for (let i = 0; i < 8; i++) state = reduce(state, output("t1", line.repeat(4096)));
    state = reduce(state, output("t1", "tail\n"));
    const terminal = state.terminals!.t1!;
    expect(terminal.text.length).toBeLessThanOrEqual(TERMINAL_KEEP_CHARS * 1.25);
    expect(terminal.text.length).toBeGreaterThanOrEqual(TERMINAL_KEEP_CHARS - 100);
    expect(terminal.text.startsWith("x")).toBe(true);
    expect(terminal.text.endsWith("tail\n")).toBe(true);
    const written = "first line\n".length + 9 * 4096 * 100 + "tail\n".length;
    expect(terminal.droppedBytes + terminal.text.length).toBe(written);
  });

  it("after a gap (output the client dropped), keeps only what follows it, from its first whole line", () => {
    const state = reduce(opened(), created("t1"), output("t1", "a\nb\n"), output("t1", "tial\nnext\n", 1000));
    expect(state.terminals!.t1).toMatchObject({ text: "next\n", droppedBytes: 4 + 1000 + 5 });
  });

  it("cuts the older terminals to their tail when all of them hold too much", () => {
    const big = ("y".repeat(99) + "\n").repeat(Math.ceil(TERMINAL_KEEP_CHARS / 100));
    let state = opened();
    const count = Math.ceil(TERMINALS_KEEP_TOTAL_CHARS / TERMINAL_KEEP_CHARS) + 2;
    for (let i = 0; i < count; i++) state = reduce(state, created(`t${i}`), output(`t${i}`, big));
    const kept = Object.values(state.terminals!);
    const total = kept.reduce((sum, terminal) => sum + terminal.text.length, 0);
    expect(total).toBeLessThanOrEqual(TERMINALS_KEEP_TOTAL_CHARS);
    // The newest keeps all of it; the oldest its tail, with what went counted.
    expect(state.terminals![`t${count - 1}`]!.text.length).toBe(big.length);
    expect(state.terminals!.t0!.text.length).toBeLessThanOrEqual(OLD_TERMINAL_KEEP_CHARS);
    expect(state.terminals!.t0!.droppedBytes + state.terminals!.t0!.text.length).toBe(big.length);
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

  it("expanded, shows all of it; past the cap, what was not kept is said first (and under the row)", () => {
    const row = {
      toolCallId: "c1",
      status: "done" as const,
      title: "seq",
      diffs: [],
      locations: [],
      terminalIds: ["t1"],
    };
    const lines = Array.from({ length: 20_000 }, (_, i) => String(i + 1)).join("\n") + "\n";
    const all = reduce(opened(), created("t1"), output("t1", lines), {
      type: "terminal-exited",
      sessionId: SESSION,
      terminalId: "t1",
      exitStatus: { exitCode: 0, signal: null },
    });
    expect(withTerminalOutput(row, all.terminals).output).toBe(`${lines}exit 0`);
    const state = reduce(opened(), created("t1"), output("t1", "", 3 * 1024 * 1024), output("t1", lines), {
      type: "terminal-exited",
      sessionId: SESSION,
      terminalId: "t1",
      exitStatus: { exitCode: 0, signal: null },
    });
    expect(withTerminalOutput(row, state.terminals).output).toBe(`… 3 MiB earlier not kept\n${lines}exit 0`);
    expect(withTerminalSnapshot(row, state.terminals).terminalTail).toBe(
      "… 19996 more lines, 3 MiB earlier not kept\n19997\n19998\n19999\n20000\nexit 0",
    );
  });
});
