import { stripVTControlCharacters } from "node:util";
import { describe, expect, it } from "vitest";
import type { ClientEvent } from "../../../src/client/events.js";
import { initialPaneState, reducePane } from "../../../src/state/reducer.js";
import type { PaneState } from "../../../src/state/view-model.js";
import { LiveRegion } from "../../../src/ui/app/live-region.js";
import { recordText } from "../../../src/ui/transcript/record-text.js";
import { renderPane } from "../../helpers/ink.js";
import { SESSION, toolCall, turnStarted } from "../../state/fixtures.js";

const reduce = (state: PaneState, ...events: ClientEvent[]) =>
  events.reduce((next, event) => reducePane(next, { type: "client", event, at: 0 }), state);

function withTerminal(lines: number, exitCode?: number): PaneState {
  let state = reducePane(initialPaneState(), { type: "session-opened", sessionId: SESSION, how: "new", at: 0 });
  state = reduce(
    state,
    turnStarted(),
    toolCall({
      toolCallId: "c1",
      title: "Run tests",
      kind: "execute",
      status: "in_progress",
      content: [{ type: "terminal", terminalId: "t1" }],
    }),
    { type: "terminal-created", sessionId: SESSION, terminalId: "t1", command: "npm", args: ["test"], cwd: "/w" },
    {
      type: "terminal-output",
      sessionId: SESSION,
      terminalId: "t1",
      chunk: Array.from({ length: lines }, (_, i) => `out ${i + 1} ${"y".repeat(80)}`).join("\n") + "\n",
      droppedBytes: 0,
    },
  );
  if (exitCode !== undefined)
    state = reduce(state, {
      type: "terminal-exited",
      sessionId: SESSION,
      terminalId: "t1",
      exitStatus: { exitCode, signal: null },
    });
  return state;
}

describe.each([40, 60])("terminal output under a running tool row at %i columns", (columns) => {
  it("shows the last lines, each cut to the width, with a note of the hidden ones", () => {
    const pane = renderPane(<LiveRegion state={withTerminal(20)} width={columns} lines={12} animate={false} />, {
      columns,
    });
    const frame = pane.frame();
    expect(frame).toContain("Run tests");
    expect(frame).toContain("out 20");
    expect(frame).not.toContain("out 1 ");
    expect(frame).toMatch(/… \d+ more lines?/);
    for (const line of frame.split("\n")) expect(line.length).toBeLessThanOrEqual(columns);
    pane.unmount();
  });

  it("says how much output before the shown lines was not kept", () => {
    const state = reduce(withTerminal(20), {
      type: "terminal-output",
      sessionId: SESSION,
      terminalId: "t1",
      chunk: "gap\nafter 1\nafter 2\n",
      droppedBytes: 3 * 1024 * 1024,
    });
    const pane = renderPane(<LiveRegion state={state} width={columns} lines={12} animate={false} />, { columns });
    const frame = pane.frame();
    expect(frame).toContain("after 2");
    expect(frame).toMatch(/… 3 MiB earlier not kept/);
    expect(frame).not.toContain("out 20");
    pane.unmount();
  });

  it("shows the exit code once the command ended", () => {
    const pane = renderPane(<LiveRegion state={withTerminal(2, 1)} width={columns} lines={12} animate={false} />, {
      columns,
    });
    expect(pane.frame()).toContain("exit 1");
    expect(pane.frame()).toContain("out 2");
    pane.unmount();
  });
});

describe("a finished row with terminal output in the transcript", () => {
  it("shows the kept tail under the row, cut to the width", () => {
    const row = {
      toolCallId: "c1",
      status: "done" as const,
      title: "npm test",
      diffs: [],
      locations: [],
      terminalTail: `ok ${"z".repeat(80)}\nexit 0`,
    };
    const frame = stripVTControlCharacters(recordText({ kind: "tool", id: 1, row }, 40));
    expect(frame).toContain("npm test");
    expect(frame).toContain("exit 0");
    for (const line of frame.split("\n")) expect(line.length).toBeLessThanOrEqual(40);
  });
});
