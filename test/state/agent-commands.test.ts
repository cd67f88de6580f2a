import { describe, expect, it } from "vitest";
import type { ClientEvent } from "../../src/client/events.js";
import { PaneStore } from "../../src/state/pane-store.js";
import { initialPaneState, reducePane } from "../../src/state/reducer.js";
import type { PaneState } from "../../src/state/view-model.js";
import { items, run, SESSION, text, toolCall, toolUpdate, turnEnded, turnStarted } from "./fixtures.js";

/**
 * The row of a command the agent runs through terminal/create: shown once, whether a tool call embeds its
 * terminal before the command ends, after it ended (claude-agent-acp with a fast command), or never.
 */
const opened = () => reducePane(initialPaneState(), { type: "session-opened", sessionId: SESSION, how: "new", at: 0 });
const created = (terminalId: string): ClientEvent => ({
  type: "terminal-created",
  sessionId: SESSION,
  terminalId,
  command: "sh",
  args: ["-c", `echo ${terminalId}`],
  cwd: "/w",
});
const exited = (terminalId: string, exitCode = 0): ClientEvent => ({
  type: "terminal-exited",
  sessionId: SESSION,
  terminalId,
  exitStatus: { exitCode, signal: null },
});
const embedding = (toolCallId: string, terminalId: string, fields: Record<string, unknown> = {}) =>
  toolUpdate({ toolCallId, status: "in_progress", content: [{ type: "terminal", terminalId }], ...fields });

/** The transcript as `tool:TITLE` and `text:MARKDOWN` entries, the other items by kind. */
function printed(state: PaneState): string[] {
  return items(state).flatMap((item) => {
    if (item.kind === "tool") return [`tool:${item.row.title} ${item.row.status}`];
    if (item.kind === "agent-text") return [`text:${item.markdown}`];
    return item.kind === "banner" ? [] : [item.kind];
  });
}
const liveTitles = (state: PaneState) => state.live.tools.map((record) => `${record.row.title} ${record.row.status}`);

describe("an agent command's row", () => {
  it("goes when a tool call embeds its terminal after the command ended: the tool call's row alone is printed", () => {
    const state = run(
      [
        turnStarted(),
        toolCall({ toolCallId: "call-1", title: "echo t1", kind: "execute", status: "pending" }),
        created("t1"),
        exited("t1"),
        embedding("call-1", "t1"),
        toolUpdate({ toolCallId: "call-1", status: "completed" }),
        turnEnded(),
      ],
      opened(),
    );
    expect(printed(state)).toEqual(["tool:echo t1 done"]);
  });

  it("goes as well when the embedding update is also the call's last", () => {
    const state = run(
      [
        turnStarted(),
        created("t1"),
        exited("t1"),
        embedding("call-1", "t1", { title: "Terminal", status: "completed" }),
        turnEnded(),
      ],
      opened(),
    );
    expect(printed(state)).toEqual(["tool:Terminal done"]);
  });

  it("stays in the live region, ended, while other tool calls go on, and is printed before the agent's next text", () => {
    const held = run(
      [
        turnStarted(),
        created("t1"),
        exited("t1", 2),
        toolCall({ toolCallId: "call-2", title: "read", kind: "read", status: "in_progress" }),
      ],
      opened(),
    );
    expect(printed(held)).toEqual([]);
    expect(liveTitles(held)).toEqual(["agent command in /w failed", "read running"]);

    const moved = run([text("the command failed")], held);
    expect(printed(moved)).toEqual(["tool:agent command in /w failed"]);
    expect(liveTitles(moved)).toEqual(["read running"]);
    expect(printed(run([turnEnded()], moved))).toEqual([
      "tool:agent command in /w failed",
      "text:the command failed",
      "tool:read cancelled",
    ]);
  });

  it("is printed as it ended when the turn ends with no other word, with its output and exit", () => {
    const state = run(
      [
        turnStarted(),
        created("t1"),
        { type: "terminal-output", sessionId: SESSION, terminalId: "t1", chunk: "t1\n", droppedBytes: 0 },
        exited("t1"),
        turnEnded(),
      ],
      opened(),
    );
    expect(printed(state)).toEqual(["tool:agent command in /w done"]);
    expect(items(state).at(-1)).toMatchObject({ kind: "tool", row: { terminalTail: "t1\nexit 0" } });
    expect(state.live.tools).toEqual([]);
  });

  it("is printed at its exit outside a turn: no tool call will come for it", () => {
    expect(printed(run([created("t1"), exited("t1")], opened()))).toEqual(["tool:agent command in /w done"]);
  });

  it("is printed before streamed text the store coalesced", () => {
    const store = new PaneStore({ initial: run([turnStarted(), created("t1"), exited("t1")], opened()) });
    store.handleClientEvent(text("after the command"));
    store.flush();
    expect(printed(store.getState())).toEqual(["tool:agent command in /w done"]);
    expect(store.getState().live.stream?.text).toBe("after the command");
    store.dispose();
  });
});
