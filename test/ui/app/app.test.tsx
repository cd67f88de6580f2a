import { act } from "react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { loadMarkdownRenderer } from "../../../src/markdown/renderer.js";
import { Header } from "../../../src/ui/app/header.js";
import { RESIZE_DEBOUNCE_MS } from "../../../src/ui/app/use-pane-size.js";
import { FAKE_TIMERS, KEYS, renderPane } from "../../helpers/ink.js";
import {
  HOSTILE,
  SESSION,
  text,
  thought,
  toolCall,
  toolUpdate,
  turnEnded,
  turnStarted,
  update,
} from "../../state/fixtures.js";
import { renderApp } from "./harness.js";

beforeAll(async () => {
  await loadMarkdownRenderer();
});

/** Opens a session in the store; the test drives the store, so React's updates happen inside act. */
function openSession(store: ReturnType<typeof renderApp>["store"]) {
  act(() => {
    store.dispatch({
      type: "connection",
      state: "starting-session",
      agentName: "zeroclaw-acp",
      agentTitle: "ZeroClaw",
    });
    store.dispatch({ type: "session-opened", sessionId: SESSION, how: "new", alias: "coder" });
  });
}

describe.each([40, 80])("Header at %i columns", (columns) => {
  it("shows agent, alias, short session id and state on one line", async () => {
    const pane = renderPane(
      <Header
        header={{
          agentName: "zeroclaw-acp",
          agentTitle: "ZeroClaw",
          alias: "coder",
          sessionId: SESSION,
          connection: "ready",
        }}
        width={columns}
      />,
      { columns },
    );
    await pane.settle();
    const lines = pane
      .frame()
      .split("\n")
      .filter((line) => line !== "");
    expect(lines).toHaveLength(1);
    expect(lines[0]!.length).toBeLessThanOrEqual(columns);
    expect(lines[0]).toContain("ZeroClaw · coder · 0b6f0000");
    expect(lines[0]).toMatch(/ready$/);
    pane.unmount();
  });

  it("shows a spinner and the elapsed time only while a turn runs", async () => {
    const pane = renderPane(
      <Header
        header={{ agentName: "demo", connection: "ready" }}
        width={columns}
        turnStartedAt={1_000}
        now={() => 4_500}
      />,
      { columns },
    );
    await pane.settle();
    expect(pane.frame()).toMatch(/[⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏] working 3\.5s/);
    pane.unmount();
  });
});

describe.each([40, 80])("App at %i columns", (columns) => {
  it("lays out header, input and footer; the footer's hints change while a turn runs", async () => {
    const { store, pane } = renderApp({ columns });
    openSession(store);
    await pane.settle();
    let frame = pane.frame();
    expect(frame).toContain("ZeroClaw · coder");
    expect(frame).toContain("ctrl+c quit · ctrl+d close");
    act(() => {
      store.handleClientEvent(turnStarted());
    });
    await pane.settle();
    frame = pane.frame();
    expect(frame).toContain("esc cancel");
    expect(frame).not.toContain("ctrl+d close");
    act(() => {
      store.handleClientEvent(
        toolCall({ toolCallId: "t", name: "shell", kind: "execute", rawInput: { command: "ls" }, status: "pending" }),
      );
    });
    await pane.settle();
    expect(pane.frame()).toContain("esc cancel · ctrl+o expand");
    act(() => {
      store.handleClientEvent(turnEnded());
    });
    await pane.settle();
    expect(pane.frame()).toContain("ctrl+c quit · ctrl+d close");
    pane.unmount();
  });

  it("prints finished items into the transcript and streams the tail below", async () => {
    const { store, pane } = renderApp({ columns });
    openSession(store);
    act(() => {
      store.dispatch({ type: "prompt-submitted", text: "summarise", attachments: ["notes.md"] });
      store.handleClientEvent(turnStarted());
      store.handleClientEvent(thought("Let me think"));
      store.handleClientEvent(text("# Summary\n\nThe first paragraph is done.\n\nThe second one is still stre"));
    });
    await pane.settle();
    const frame = pane.frame();
    expect(frame).toContain("› summarise");
    expect(frame).toContain("+ notes.md");
    expect(frame).toContain("✻ Let me think");
    expect(frame).toContain("The first paragraph is done.");
    expect(frame).toContain("The second one is still stre");
    for (const line of frame.split("\n")) expect(line.length).toBeLessThanOrEqual(columns);
    pane.unmount();
  });

  it("shows an unsupported update as one dim line", async () => {
    const { store, pane } = renderApp({ columns });
    openSession(store);
    act(() => {
      store.handleClientEvent(update({ sessionUpdate: "hologram_update", beams: 3 }));
    });
    await pane.settle();
    const lines = pane
      .frame()
      .split("\n")
      .filter((line) => line.includes("unsupported"));
    expect(lines).toEqual(['? unsupported update "hologram_update"']);
    expect(pane.rawFrame()).toMatch(/\u001b\[2m\? unsupported/);
    pane.unmount();
  });

  it("never lets OSC 52, OSC 0, CSI 2J or C1 CSI from the agent reach the terminal", async () => {
    const { store, pane } = renderApp({ columns });
    openSession(store);
    const hostile = `${HOSTILE.osc52}A${HOSTILE.osc0}B${HOSTILE.csi2j}C${HOSTILE.c1csi}D`;
    act(() => {
      store.handleClientEvent(turnStarted());
      store.handleClientEvent(text(`text ${hostile}\n\nmore\n\n`));
      store.handleClientEvent(
        toolCall({
          toolCallId: "t",
          name: "shell",
          title: `title ${hostile}`,
          kind: "execute",
          rawInput: { command: `cmd ${hostile}` },
          status: "pending",
        }),
      );
      store.handleClientEvent(toolUpdate({ toolCallId: "t", status: "completed", rawOutput: `out ${hostile}` }));
      store.handleClientEvent(
        update({
          sessionUpdate: "plan",
          entries: [{ content: `plan ${hostile}`, status: "pending", priority: "high" }],
        }),
      );
      store.handleClientEvent(text(`tail ${hostile}`));
    });
    await pane.settle();
    await pane.press(KEYS.ctrlO);
    const written = pane.stdout.frames.join("");
    expect(written).not.toContain("]52;");
    expect(written).not.toContain("]0;");
    expect(written).not.toContain("\u001b[2J");
    expect(written).not.toContain("\u009b");
    expect(written).not.toContain("\u0007");
    const frame = pane.frame();
    expect(frame).toContain("text ABCD");
    expect(frame).toContain("tail ABCD");
    expect(frame).toContain("title ABCD");
    expect(frame).toContain("out ABCD");
    pane.unmount();
  });

  it("keeps the dynamic region shorter than the terminal while a huge answer and output stream", async () => {
    const rows = 20;
    const { store, pane } = renderApp({ columns, rows });
    openSession(store);
    act(() => {
      store.handleClientEvent(turnStarted());
      store.handleClientEvent(text(`\`\`\`\n${Array.from({ length: 200 }, (_, i) => `code line ${i}`).join("\n")}\n`));
      store.handleClientEvent(toolCall({ toolCallId: "t", name: "shell", status: "pending" }));
      store.handleClientEvent(
        toolUpdate({
          toolCallId: "t",
          status: "in_progress",
          rawOutput: Array.from({ length: 500 }, (_, i) => `out ${i}`).join("\n"),
        }),
      );
    });
    await pane.settle();
    await pane.press(KEYS.ctrlO);
    // In debug mode a frame is the static output plus the dynamic part: the latter is after the banner.
    const frame = pane.frame();
    const dynamic = frame.slice(frame.indexOf("◆"));
    expect(dynamic.split("\n").length).toBeLessThanOrEqual(rows - 1);
    expect(dynamic).toMatch(/… \d+ more lines/);
    pane.unmount();
  });
});

describe("App resize", () => {
  beforeEach(() => {
    vi.useFakeTimers(FAKE_TIMERS);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("re-lays out at once when the pane narrows, and after the resize debounce when it widens", async () => {
    const { store, pane } = renderApp({ columns: 80 });
    openSession(store);
    act(() => {
      store.handleClientEvent(turnStarted());
      store.handleClientEvent(
        toolCall({
          toolCallId: "t",
          name: "shell",
          kind: "execute",
          rawInput: { command: "a command long enough to need the whole width of a wide pane" },
          status: "pending",
        }),
      );
    });
    await pane.settle();
    const resizeTo = async (columns: number) => {
      (pane.stdout as unknown as { columns: number }).columns = columns;
      act(() => {
        pane.stdout.emit("resize");
      });
      await pane.settle();
    };
    const widest = () =>
      Math.max(
        ...pane
          .frame()
          .slice(pane.frame().indexOf("◆"))
          .split("\n")
          .map((line) => line.length),
      );
    await resizeTo(40);
    expect(widest()).toBeLessThanOrEqual(40);
    expect(pane.frame()).toContain("$ a command long");
    await resizeTo(80);
    expect(widest()).toBeLessThanOrEqual(40);
    await pane.advance(RESIZE_DEBOUNCE_MS);
    expect(widest()).toBeGreaterThan(40);
    pane.unmount();
  });
});

describe("App keys", () => {
  it("Esc cancels the running turn", async () => {
    const { store, actions, pane } = renderApp();
    openSession(store);
    act(() => {
      store.handleClientEvent(turnStarted());
      actions.turnRunning = true;
    });
    await pane.settle();
    await pane.press(KEYS.escape);
    expect(actions.calls).toContain("cancel");
    pane.unmount();
  });

  it("Ctrl+C cancels a turn, clears the input when idle, and quits when pressed twice within 2 s", async () => {
    const { store, actions, pane } = renderApp();
    openSession(store);
    await pane.settle();
    for (const key of "draft") await pane.press(key);
    expect(pane.frame()).toContain("draft");
    await pane.press(KEYS.ctrlC);
    expect(pane.frame()).not.toContain("draft");
    expect(pane.frame()).toContain("ctrl+c again to quit");
    expect(actions.calls).not.toContain("quit");
    await pane.press(KEYS.ctrlC);
    expect(actions.calls).toContain("quit");
    pane.unmount();
  });

  it("Enter and Ctrl+T read together (a busy machine) send the prompt and open the history view", async () => {
    const { store, actions, pane } = renderApp({ columns: 60 });
    openSession(store);
    await pane.settle();
    for (const key of "hi") await pane.press(key);
    await pane.press(`${KEYS.enter}\u0014`);
    expect(actions.submitted).toEqual(["hi"]);
    expect(pane.frame()).toContain("History ·");
    pane.unmount();
  });

  it("Ctrl+D closes only with an empty input", async () => {
    const { store, actions, pane } = renderApp();
    openSession(store);
    await pane.settle();
    await pane.press("x");
    await pane.press(KEYS.ctrlD);
    expect(actions.calls).not.toContain("closeAndQuit");
    await pane.press(KEYS.backspace);
    await pane.press(KEYS.ctrlD);
    expect(actions.calls).toContain("closeAndQuit");
    pane.unmount();
  });

  it("Ctrl+X asks y/n before stopping", async () => {
    const { store, actions, pane } = renderApp();
    openSession(store);
    await pane.settle();
    await pane.press(KEYS.ctrlX);
    expect(pane.frame()).toContain("Stop after this turn and quit? (y/n)");
    await pane.press("n");
    expect(actions.calls).not.toContain("stopAndQuit");
    expect(pane.frame()).not.toContain("(y/n)");
    await pane.press(KEYS.ctrlX);
    await pane.press("y");
    expect(actions.calls).toContain("stopAndQuit");
    pane.unmount();
  });

  it("Enter submits the prompt; Ctrl+O expands the latest row; Alt+Up moves the focus", async () => {
    const { store, actions, pane } = renderApp({ columns: 60 });
    openSession(store);
    act(() => {
      store.handleClientEvent(turnStarted());
      store.handleClientEvent(
        toolCall({ toolCallId: "a", name: "first", rawInput: { command: "one" }, status: "pending" }),
      );
      store.handleClientEvent(toolUpdate({ toolCallId: "a", status: "completed", rawOutput: "output of one" }));
      store.handleClientEvent(
        toolCall({ toolCallId: "b", name: "second", rawInput: { command: "two" }, status: "pending" }),
      );
    });
    await pane.settle();
    await pane.press(KEYS.ctrlO);
    expect(pane.frame()).toContain("▾ second");
    await pane.press(KEYS.ctrlO);
    await pane.press(KEYS.altUp);
    await pane.press(KEYS.ctrlO);
    expect(pane.frame()).toContain("▾ first");
    expect(pane.frame()).toContain("output of one");
    for (const key of "hi") await pane.press(key);
    await pane.press(KEYS.enter);
    expect(actions.submitted).toEqual(["hi"]);
    pane.unmount();
  });

  it("o opens the location of the focused row, and of the tool entry under the history view's cursor", async () => {
    const opened: unknown[] = [];
    const { store, pane } = renderApp({ columns: 60, openLocation: (location) => opened.push(location) });
    openSession(store);
    act(() => {
      store.handleClientEvent(turnStarted());
      store.handleClientEvent(
        toolCall({
          toolCallId: "a",
          title: "Read config",
          kind: "read",
          status: "completed",
          locations: [{ path: "/tmp/config.json", line: 12 }],
        }),
      );
      store.handleClientEvent(
        toolCall({ toolCallId: "b", title: "Edit main", kind: "edit", locations: [{ path: "/tmp/main.ts" }] }),
      );
    });
    await pane.settle();
    await pane.press("o");
    expect(opened).toEqual([]); // no row focused: a letter for the prompt
    await pane.press(KEYS.backspace);
    await pane.press(KEYS.altUp); // from the latest row to the one before
    await pane.press("o");
    await pane.press(KEYS.altDown);
    await pane.press("o");
    expect(opened).toEqual([{ path: "/tmp/config.json", line: 12 }, { path: "/tmp/main.ts" }]);
    opened.length = 0;
    act(() => {
      store.handleClientEvent(turnEnded("end_turn"));
    });
    await pane.settle();

    await pane.press("\u0014"); // Ctrl+T
    expect(pane.frame()).toContain("History · turn");
    await pane.press("{"); // tool entries from the end: "Edit main", then "Read config"
    await pane.press("{");
    await pane.press("o");
    expect(opened).toEqual([{ path: "/tmp/config.json", line: 12 }]);
    pane.unmount();
  });

  it("tells the agent's death once, shows its stderr, and restarts on r", async () => {
    const { store, actions, pane } = renderApp({ columns: 60 });
    openSession(store);
    act(() => {
      store.dispatch({
        type: "agent-died",
        death: {
          message: "the agent exited with code 3",
          exitCode: 3,
          signal: null,
          stderrTail: "thread main panicked\nat src/lib.rs:1",
        },
      });
    });
    await pane.settle();
    const frame = pane.frame();
    // Told once, by the transcript's line; the panel adds the stderr tail, the footer the way out.
    expect(frame.match(/exited with code 3/g)).toHaveLength(1);
    expect(frame).toContain("at src/lib.rs:1");
    expect(frame).toContain("r restart and resume");
    await pane.press("r");
    expect(actions.calls).toContain("restart");
    pane.unmount();
  });

  it("opens the permission modal over the live region and makes the input inactive", async () => {
    vi.useFakeTimers(FAKE_TIMERS);
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const { store, actions, pane } = renderApp({ columns: 60 });
    openSession(store);
    act(() => {
      store.handleClientEvent(turnStarted());
      actions.setPending([
        {
          key: "zc-out-0",
          requestId: "zc-out-0",
          sessionId: SESSION,
          toolCall: {
            toolCallId: "approval-1",
            title: "Approve shell?",
            content: [{ type: "content", content: { type: "text", text: "command: git push" } }],
          },
          options: [
            { optionId: "allow-once", name: "Allow once", kind: "allow_once" },
            { optionId: "reject-once", name: "Reject", kind: "reject_once" },
          ],
          receivedAt: Date.now(),
        },
      ]);
    });
    await pane.settle();
    expect(pane.frame()).toContain("Approve shell?");
    expect(pane.frame()).toContain("answer the request above");
    // The agent waits for the user: no spinner, so nothing redraws while the decision is pending.
    expect(pane.frame()).toContain("waiting for you");
    const framesBefore = pane.stdout.frames.length;
    await pane.advance(5_000);
    expect(pane.stdout.frames.length).toBe(framesBefore);
    await pane.press("y");
    expect(actions.calls.some((call) => call.startsWith("answer zc-out-0") && call.includes("allow-once"))).toBe(true);
    expect(actions.submitted).toEqual([]);
    pane.unmount();
  });
});
