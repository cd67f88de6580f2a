import { describe, expect, it } from "vitest";
import type { ClientEvent } from "../../src/client/events.js";
import { readCapture } from "../helpers/captures.js";
import { initialPaneState, reducePane } from "../../src/state/reducer.js";
import type { ToolRow, TranscriptItem } from "../../src/state/view-model.js";
import {
  HOSTILE,
  isClean,
  items,
  kinds,
  run,
  SESSION,
  text,
  thought,
  toolCall,
  toolUpdate,
  turnEnded,
  turnStarted,
  update,
  userChunk,
} from "./fixtures.js";

function allStrings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(allStrings);
  if (value && typeof value === "object") return Object.values(value).flatMap(allStrings);
  return [];
}

function toolItems(state: ReturnType<typeof run>): ToolRow[] {
  return items(state).flatMap((item) => (item.kind === "tool" ? [item.row] : []));
}

describe("tool calls upsert by toolCallId", () => {
  it("merges an update into the running row: fields left out keep their value, content replaces", () => {
    const state = run([
      turnStarted(),
      toolCall({
        toolCallId: "t1",
        name: "shell",
        title: "shell",
        kind: "execute",
        rawInput: { command: "git log -1" },
        status: "pending",
      }),
      toolUpdate({
        toolCallId: "t1",
        status: "in_progress",
        content: [{ type: "content", content: { type: "text", text: "partial" } }],
      }),
    ]);
    expect(state.live.tools).toHaveLength(1);
    const row = state.live.tools[0]!.row;
    expect(row).toMatchObject({
      title: "shell",
      kind: "execute",
      summary: "git log -1",
      status: "running",
      output: "partial",
    });

    const next = run(
      [toolUpdate({ toolCallId: "t1", content: [{ type: "content", content: { type: "text", text: "final" } }] })],
      state,
    );
    expect(next.live.tools[0]!.row).toMatchObject({
      title: "shell",
      summary: "git log -1",
      status: "running",
      output: "final",
    });
  });

  it("prints a finished row collapsed into the transcript once and keeps it for Ctrl+O", () => {
    const state = run([
      turnStarted(),
      toolCall({ toolCallId: "t1", name: "shell", kind: "execute", rawInput: { command: "ls" }, status: "pending" }),
      toolUpdate({ toolCallId: "t1", status: "completed", rawOutput: "a\nb" }),
    ]);
    expect(state.live.tools).toHaveLength(0);
    expect(toolItems(state)).toHaveLength(1);
    expect(toolItems(state)[0]).toMatchObject({
      status: "done",
      summary: "ls",
      output: "a\nb",
      startedAt: 1100,
      finishedAt: 1200,
    });
    expect(state.live.recent.map((record) => record.row.toolCallId)).toEqual(["t1"]);
  });

  it("shows ZeroClaw's `completed` as done (never success) and `failed` as failed", () => {
    const state = run([
      turnStarted(),
      toolCall({ toolCallId: "a", name: "shell", status: "pending" }),
      toolUpdate({ toolCallId: "a", status: "completed", rawOutput: "error: permission denied" }),
      toolCall({ toolCallId: "b", name: "deliver_file", status: "pending" }),
      toolUpdate({
        toolCallId: "b",
        status: "failed",
        content: [{ type: "content", content: { type: "text", text: "could not embed" } }],
      }),
    ]);
    expect(toolItems(state).map((row) => row.status)).toEqual(["done", "failed"]);
  });

  it("keeps the title of a replayed call when its update (from session/load) has none", () => {
    const state = run([
      toolCall({
        toolCallId: "r1",
        name: "shell",
        title: "shell",
        kind: "execute",
        rawInput: { command: "git log -1" },
        status: "completed",
      }),
      toolUpdate({
        toolCallId: "r1",
        status: "completed",
        rawOutput: "commit 1a2b",
        content: [{ type: "content", content: { type: "text", text: "commit 1a2b" } }],
      }),
    ]);
    expect(toolItems(state)).toHaveLength(1);
    expect(toolItems(state)[0]).toMatchObject({ title: "shell", status: "done", summary: "git log -1" });
    expect(toolItems(state)[0]!.startedAt).toBeUndefined();
    // The output arrived after the line was printed: it is in the details Ctrl+O shows.
    expect(state.live.recent[0]!.row).toMatchObject({ title: "shell", kind: "execute", output: "commit 1a2b" });
  });

  it("turns unfinished rows into cancelled ones when the turn ends cancelled", () => {
    const state = run([
      turnStarted(),
      toolCall({ toolCallId: "t1", name: "shell", status: "pending" }),
      toolCall({ toolCallId: "t2", name: "file_read", status: "pending" }),
      toolUpdate({ toolCallId: "t2", status: "completed" }),
      turnEnded("cancelled"),
    ]);
    expect(toolItems(state).map((row) => [row.toolCallId, row.status])).toEqual([
      ["t2", "done"],
      ["t1", "cancelled"],
    ]);
    expect(state.live.tools).toHaveLength(0);
    expect(kinds(state).filter((kind) => kind === "turn-cancelled")).toHaveLength(1);
  });
});

describe("ZeroClaw's synthetic turn-cancelled tool_call", () => {
  const marker = () =>
    toolCall({
      toolCallId: `turn-cancelled-${SESSION}`,
      name: "turn-cancelled",
      title: "turn-cancelled",
      kind: "think",
      status: "completed",
      content: [{ type: "content", content: { type: "text", text: "[turn cancelled via client]" } }],
    });

  it("becomes a turn-cancelled marker, not a tool row, and the result adds no second one", () => {
    const state = run([turnStarted(), text("partial answer"), marker(), turnEnded("cancelled")]);
    expect(kinds(state)).toEqual(["agent-text", "turn-cancelled"]);
    expect(state.live.tools).toHaveLength(0);
  });

  it("is recognised by its id prefix alone, and its reused id never merges into an earlier marker", () => {
    const first = run([turnStarted(1), marker(), turnEnded("cancelled", undefined, 1)]);
    const second = run(
      [
        turnStarted(2),
        toolCall({ toolCallId: `turn-cancelled-${SESSION}`, title: "x", status: "completed" }),
        turnEnded("cancelled", undefined, 2),
      ],
      first,
    );
    expect(kinds(second)).toEqual(["turn-cancelled", "turn-cancelled"]);
    expect(second.live.recent).toHaveLength(0);
  });

  it("adds a marker itself for agents that send none", () => {
    expect(kinds(run([turnStarted(), text("hi"), turnEnded("cancelled")]))).toEqual(["agent-text", "turn-cancelled"]);
  });
});

describe("streamed text", () => {
  it("moves the head before the split point into the transcript and keeps only the tail live", () => {
    const head = "First paragraph.\n\n";
    const state = reducePane(initialPaneState(), {
      type: "stream-append",
      stream: "message",
      text: `${head}Second par`,
      splitPoint: head.length,
      at: 1,
    });
    expect(items(state)).toEqual([{ kind: "agent-text", id: 1, markdown: head }]);
    expect(state.live.stream).toEqual({ kind: "message", text: "Second par", offset: head.length });
    // Split points are segment indexes: the next cut is relative to where the tail starts.
    const next = reducePane(state, {
      type: "stream-append",
      stream: "message",
      text: "agraph.\n\nThird",
      splitPoint: head.length + "Second paragraph.\n\n".length,
      at: 2,
    });
    expect(items(next).map((item) => (item.kind === "agent-text" ? item.markdown : ""))).toEqual([
      head,
      "Second paragraph.\n\n",
    ]);
    expect(next.live.stream?.text).toBe("Third");
  });

  it("prints the tail when the turn ends, with the final text the stream did not show", () => {
    const state = run([turnStarted(), text("streamed"), turnEnded("end_turn", "Final answer")]);
    expect(items(state).map((item) => (item.kind === "agent-text" ? item.markdown : item.kind))).toEqual([
      "streamed",
      "Final answer",
    ]);
    expect(state.live.stream).toBeUndefined();
    expect(state.turn.running).toBe(false);
  });

  it("ends the text segment at a tool call, so text and rows keep their order", () => {
    const state = run([
      turnStarted(),
      text("Let me look."),
      toolCall({ toolCallId: "t", name: "shell", status: "pending" }),
      toolUpdate({ toolCallId: "t", status: "completed" }),
      text("Done."),
    ]);
    expect(kinds(state)).toEqual(["agent-text", "tool"]);
    expect(state.live.stream?.text).toBe("Done.");
  });

  it("collapses a thought to one item and prints it before the answer", () => {
    const state = run([
      turnStarted(),
      thought("Let me check"),
      thought(" git log…\nthen answer"),
      text("Answer"),
      turnEnded(),
    ]);
    expect(items(state)[0]).toMatchObject({ kind: "thought", text: "Let me check git log…\nthen answer" });
    expect(kinds(state)).toEqual(["thought", "agent-text"]);
  });

  it("keeps a finished thought among the recent rows (ACP's think kind), so Ctrl+O expands it", () => {
    const state = run([turnStarted(), thought("**Planning**\n\nRun a command."), text("Starting.")]);
    expect(state.live.recent.map((record) => record.row)).toMatchObject([
      { kind: "think", status: "done", output: "**Planning**\n\nRun a command." },
    ]);
    const toggled = reducePane(state, { type: "tool-toggle", at: 0 });
    expect(toggled.expanded).toEqual([state.live.recent[0]!.row.toolCallId]);
  });

  it("strips the replay timestamp from replayed user text", () => {
    const state = run([
      userChunk("[2026-08-20 14:03:11 UTC] summarise the last commit"),
      text("The last commit …"),
      { type: "session-restored", at: 5 },
    ]);
    expect(items(state)[0]).toMatchObject({ kind: "user", text: "summarise the last commit", replayed: true });
    expect(items(state)[1]).toMatchObject({ kind: "agent-text", markdown: "The last commit …" });
  });
});

describe("untrusted agent strings", () => {
  const hostile = `${HOSTILE.osc52}ok${HOSTILE.osc0}${HOSTILE.csi2j}${HOSTILE.c1csi}`;

  it("are sanitized in text, titles, summaries, output, plans and notices", () => {
    const state = run([
      turnStarted(),
      text(`answer ${hostile}`),
      toolCall({
        toolCallId: "t",
        name: "shell",
        title: `sh ${hostile}`,
        kind: "execute",
        rawInput: { command: `rm ${hostile}` },
        status: "pending",
      }),
      toolUpdate({ toolCallId: "t", status: "completed", rawOutput: `out ${hostile}` }),
      update({ sessionUpdate: "plan", entries: [{ content: `step ${hostile}`, status: "pending", priority: "high" }] }),
      update({ sessionUpdate: "notice", severity: "warning", title: `careful ${hostile}` }),
      turnEnded("end_turn", `final ${hostile}`),
    ]);
    const strings = allStrings(items(state));
    expect(strings.length).toBeGreaterThan(5);
    expect(strings.filter((value) => !isClean(value))).toEqual([]);
    const row = toolItems(state)[0]!;
    expect(row.title).toBe("sh ok");
    expect(row.summary).toBe("rm ok");
    expect(row.output).toBe("out ok");
  });
});

describe("other updates", () => {
  it("shows an unknown update kind as one unsupported item, never a crash", () => {
    const state = run([update({ sessionUpdate: "future_thing", payload: 1 })]);
    expect(items(state)).toEqual([{ kind: "unsupported", id: 1, what: 'update "future_thing"' }]);
  });

  it("keeps the plan live while a turn runs and prints its last version at the end", () => {
    const plan = (status: string) =>
      update({ sessionUpdate: "plan", entries: [{ content: "Step", status, priority: "high" }] });
    const running = run([turnStarted(), plan("pending"), plan("in_progress")]);
    expect(running.live.plan).toEqual([{ content: "Step", status: "in_progress", priority: "high" }]);
    expect(kinds(running)).toEqual([]);
    const ended = run([plan("completed"), turnEnded()], running);
    expect(items(ended)).toEqual([
      { kind: "plan", id: 1, entries: [{ content: "Step", status: "completed", priority: "high" }] },
    ]);
    expect(ended.live.plan).toBeUndefined();
  });

  it("ends the streamed text at a plan update: the text after it is the next paragraph, live and printed", () => {
    const plan = update({ sessionUpdate: "plan", entries: [{ content: "a", status: "pending", priority: "low" }] });
    const mid = run([turnStarted(), text("Here's my plan."), plan]);
    expect(mid.live.stream).toBeUndefined();
    const state = run([turnStarted(), text("Here's my plan."), plan, text("Plan recorded."), turnEnded()]);
    expect(items(state).flatMap((item) => (item.kind === "agent-text" ? [item.markdown] : []))).toEqual([
      "Here's my plan.",
      "Plan recorded.",
    ]);
  });

  // The captures' agents leave their plan unfinished (1/3, "Run a shell command" in progress) and end the turn.
  const capturedPlan = readCapture("codex-acp.jsonl")
    .map((line) => (line.msg.params as { update?: { sessionUpdate?: string } } | undefined)?.update)
    .find((value) => value?.sessionUpdate === "plan") as Record<string, unknown>;
  const turnEnds: [string, ClientEvent][] = [
    ["end_turn", turnEnded()],
    ["cancelled", turnEnded("cancelled")],
    ["failed", { type: "turn-failed", sessionId: SESSION, turnId: 1, message: "agent error" }],
  ];
  for (const [how, end] of turnEnds) {
    it(`prints a captured, unfinished plan once when the turn ends (${how}) and keeps nothing of it live`, () => {
      const ended = run([turnStarted(), update(capturedPlan), text("All done."), end]);
      const plans = items(ended).filter((item) => item.kind === "plan");
      expect(plans).toHaveLength(1);
      expect(plans[0]).toMatchObject({
        entries: [{ status: "completed" }, { status: "in_progress" }, { status: "pending" }],
      });
      expect(ended.live.plan).toBeUndefined();
      // A plan the agent sends after the turn ended is printed at once, not left live.
      const late = run([update(capturedPlan)], ended);
      expect(kinds(late).filter((kind) => kind === "plan")).toHaveLength(2);
      expect(late.live.plan).toBeUndefined();
    });
  }

  it("prints a plan that arrives outside a turn (ZeroClaw re-sends it on resume) at once", () => {
    const state = run([
      update({ sessionUpdate: "plan", entries: [{ content: "Resume me", status: "in_progress", priority: "high" }] }),
    ]);
    expect(kinds(state)).toEqual(["plan"]);
  });

  it("records the agent's slash commands", () => {
    const state = run([
      update({
        sessionUpdate: "available_commands_update",
        availableCommands: [{ name: "web", description: "search the web", input: { hint: "query" } }],
      }),
    ]);
    expect(state.commands).toEqual([{ name: "web", description: "search the web", hint: "query" }]);
  });

  it("notes a permission answer with the option's name, after the text streamed before it", () => {
    const request = {
      key: "zc-out-0",
      requestId: "zc-out-0",
      sessionId: SESSION,
      toolCall: { toolCallId: "approval-1", title: "Approve shell?" },
      options: [{ optionId: "allow-once", name: "Allow once", kind: "allow_once" }],
      receivedAt: 0,
    };
    const state = run([
      turnStarted(),
      text("I need to run a command."),
      { type: "permission-requested", request } as never,
      { type: "permission-settled", key: "zc-out-0", outcome: "allow-once" },
    ]);
    expect(items(state).map((item: TranscriptItem) => item.kind)).toEqual(["agent-text", "permission"]);
    expect(items(state)[1]).toMatchObject({ title: "Approve shell?", answer: "Allow once" });
    expect(state.permissions).toEqual({});
  });
});

describe("local actions", () => {
  it("queues prompts and gives them back to the input after a cancel", () => {
    let state = run([
      { type: "prompt-queued", text: "first", attachments: [], at: 1 },
      { type: "prompt-queued", text: "second", attachments: ["a.ts"], at: 2 },
    ]);
    expect(state.queue.map((queued) => queued.text)).toEqual(["first", "second"]);
    state = reducePane(state, { type: "queue-to-draft", at: 3 });
    expect(state.queue).toEqual([]);
    expect(state.draftRestore?.text).toBe("first\n\nsecond");
  });

  it("expands the latest row by default, moves the focus with Alt+Up and keeps one finished row expanded", () => {
    let state = run([
      turnStarted(),
      toolCall({ toolCallId: "a", name: "one", status: "pending" }),
      toolUpdate({ toolCallId: "a", status: "completed" }),
      toolCall({ toolCallId: "b", name: "two", status: "pending" }),
    ]);
    state = reducePane(state, { type: "tool-toggle", at: 1 });
    expect(state.expanded).toEqual(["b"]);
    state = reducePane(state, { type: "tool-focus", direction: -1, at: 2 });
    expect(state.focusedToolId).toBe("a");
    state = reducePane(state, { type: "tool-toggle", at: 3 });
    expect(state.expanded).toEqual(["b", "a"]);
    state = reducePane(state, { type: "tool-toggle", at: 4 });
    expect(state.expanded).toEqual(["b"]);
  });

  it("Ctrl+R shows the focused row raw (expanding it) and its output again; collapsed, it reopens as output", () => {
    let state = run([
      turnStarted(),
      toolCall({ toolCallId: "a", name: "one", status: "pending", rawInput: { command: "ls" } }),
      toolUpdate({ toolCallId: "a", status: "completed", rawOutput: { stdout: "x\n", exit_code: 0 } }),
    ]);
    state = reducePane(state, { type: "tool-raw", at: 1 });
    expect(state.expanded).toEqual(["a"]);
    expect(state.rawToolId).toBe("a");
    state = reducePane(state, { type: "tool-raw", at: 2 });
    expect(state.expanded).toEqual(["a"]);
    expect(state.rawToolId).toBeUndefined();
    state = reducePane(state, { type: "tool-raw", at: 3 });
    state = reducePane(state, { type: "tool-toggle", at: 4 });
    expect(state.expanded).toEqual([]);
    expect(state.rawToolId).toBeUndefined();
  });

  it("on agent death ends the turn, keeps the queue and records exit code, signal and stderr", () => {
    const state = run([
      turnStarted(),
      toolCall({ toolCallId: "t", name: "shell", status: "pending" }),
      { type: "prompt-queued", text: "later", attachments: [], at: 5 },
      {
        type: "agent-died",
        death: { message: "the agent exited with code 3", exitCode: 3, signal: null, stderrTail: "panic!" },
        at: 6,
      },
    ]);
    expect(state.turn.running).toBe(false);
    expect(toolItems(state)[0]!.status).toBe("cancelled");
    expect(state.agentDied).toMatchObject({ exitCode: 3, stderrTail: "panic!" });
    expect(state.queue).toHaveLength(1);
    expect(state.header.connection).toBe("disconnected");
  });

  it("tells a death once, and a restart's own failure again", () => {
    const died = {
      type: "agent-died" as const,
      death: { message: "the agent exited with code 3", exitCode: 3 },
      at: 6,
    };
    // The failed restore of the lost connection reports the same death a second time: one line stays.
    let state = run([turnStarted(), died, { ...died, death: { message: "session/load failed: closed" }, at: 7 }]);
    expect(kinds(state).filter((kind) => kind === "error")).toHaveLength(1);
    expect(state.agentDied?.message).toBe("the agent exited with code 3");
    // `r`: the panel goes and the pane takes keys while the agent starts again; a failure then is told.
    state = reducePane(state, { type: "connection", state: "restarting", at: 8 });
    expect(state.agentDied).toBeUndefined();
    state = reducePane(state, { ...died, death: { message: "cannot start the agent" }, at: 9 });
    expect(kinds(state).filter((kind) => kind === "error")).toHaveLength(2);
  });
});
