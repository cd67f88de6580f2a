import { stripVTControlCharacters } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { finishedLinesCut } from "../../../src/markdown/line-commit.js";
import { loadMarkdownRenderer } from "../../../src/markdown/renderer.js";
import { visibleWidth } from "../../../src/markdown/wrap.js";
import { PaneStore } from "../../../src/state/pane-store.js";
import { initialPaneState } from "../../../src/state/reducer.js";
import { TranscriptWriter } from "../../../src/ui/transcript/transcript-writer.js";
import { SESSION, text, thought, toolCall, toolUpdate, turnEnded, turnStarted, update } from "../../state/fixtures.js";

beforeAll(async () => {
  await loadMarkdownRenderer();
});

/** A store and a writer whose sink keeps every write, at `columns` with `scrollback` lines kept. */
function writerOn(options: { columns?: number; scrollback?: number; markdownReady?: Promise<void> } = {}) {
  const store = new PaneStore({
    initial: initialPaneState({ agentName: "demo" }),
    flushIntervalMs: 1,
    cutLines: finishedLinesCut,
  });
  const writes: string[] = [];
  const writer = new TranscriptWriter({
    store,
    sink: { insertAbove: (written) => writes.push(written) },
    columns: () => options.columns ?? 40,
    scrollbackLines: options.scrollback ?? 100,
    ...(options.markdownReady ? { markdownReady: options.markdownReady } : {}),
  });
  const plain = () => stripVTControlCharacters(writes.join(""));
  return { store, writer, writes, plain };
}

function turn(store: PaneStore, index: number, answer = `answer **${index}**\n`) {
  store.dispatch({ type: "prompt-submitted", text: `question ${index}`, attachments: [] });
  store.handleClientEvent(turnStarted(index));
  store.handleClientEvent(text(answer));
  store.handleClientEvent(turnEnded("end_turn", undefined, index));
}

describe("transcript writer", () => {
  it("writes each record once, in order, as styled lines ending in a newline", () => {
    const { store, writes, plain } = writerOn();
    store.dispatch({ type: "session-opened", sessionId: SESSION, how: "new" });
    turn(store, 1);
    store.handleClientEvent(turnStarted(2));
    store.handleClientEvent(
      toolCall({ toolCallId: "t", title: "ls", kind: "execute", rawInput: { command: "ls" }, status: "pending" }),
    );
    store.handleClientEvent(toolUpdate({ toolCallId: "t", status: "completed" }));
    store.handleClientEvent(turnEnded("end_turn", undefined, 2));
    const out = plain();
    expect(out).toMatch(/── demo · 0b6f0000 · new session[\s\S]*› question 1\n[\s\S]*answer 1\n[\s\S]*✓ (\$ )?ls/);
    expect(out.split("question 1")).toHaveLength(2);
    for (const write of writes) expect(write.endsWith("\n")).toBe(true);
    expect(writes.join("")).toContain("\u001b[1m1\u001b[");
  });

  it("writes a replay of 5,000 messages as what the scrollback keeps, under '… N earlier messages'", () => {
    const { store, writes, plain } = writerOn({ scrollback: 110 });
    store.batch(() => {
      for (let index = 1; index <= 2500; index++) turn(store, index);
    });
    expect(writes).toHaveLength(1);
    const lines = plain().split("\n");
    lines.pop();
    expect(lines).toHaveLength(110);
    expect(lines[0]).toMatch(/^… 4,9\d\d earlier messages/);
    expect(lines.at(-2)).toBe("answer 2500");
    expect(plain()).not.toContain("question 2400\n");
  });

  it("holds what session/load replays until the restore is over, then writes it at once", () => {
    const { store, writes, plain } = writerOn({ scrollback: 30 });
    store.dispatch({ type: "session-opened", sessionId: SESSION, how: "load" });
    for (let index = 0; index < 100; index++) {
      store.handleClientEvent({
        type: "update",
        sessionId: SESSION,
        update: { sessionUpdate: "user_message_chunk", content: { type: "text", text: `m${index} asks\n` } },
      } as never);
      store.handleClientEvent(text(`m${index} answers\n`));
      store.flush();
    }
    expect(writes).toHaveLength(0);
    store.dispatch({ type: "session-restored" });
    expect(writes).toHaveLength(1);
    expect(plain()).toMatch(/^… \d+ earlier messages/);
    expect(plain()).toContain("m99 answers");
    expect(plain().split("\n").length - 1).toBeLessThanOrEqual(30);
  });

  it("repaints from the records at a narrower width: a streamed paragraph wraps as one, no line too wide", () => {
    const { store, writer } = writerOn({ columns: 60 });
    store.setWidth(60);
    store.handleClientEvent(turnStarted());
    const words = Array.from({ length: 120 }, (_, index) => `word${index}`).join(" ");
    for (let at = 0; at < words.length; at += 37) {
      store.handleClientEvent(text(words.slice(at, at + 37)));
      store.flush();
    }
    store.handleClientEvent(text("\n\nthe end\n"));
    store.handleClientEvent(turnEnded());
    const pieces = store
      .getState()
      .transcript.toArray()
      .filter((record) => record.kind === "agent-text" && record.continues === true);
    expect(pieces.length).toBeGreaterThan(1);
    const repainted = stripVTControlCharacters(writer.repaint(25));
    const lines = repainted.split("\n");
    for (const line of lines) expect(visibleWidth(line)).toBeLessThanOrEqual(25);
    // Joined back: at 25 columns every line but the paragraph's last is filled past half the width.
    const paragraph = lines.slice(
      0,
      lines.findIndex((line) => line === ""),
    );
    expect(paragraph.join(" ")).toBe(words);
    for (const line of paragraph.slice(0, -1)) expect(line.length).toBeGreaterThan(12);
  });

  it("waits for the markdown renderer before writing, so no answer is printed plain", async () => {
    let ready!: () => void;
    const markdownReady = new Promise<void>((resolve) => (ready = resolve));
    const { store, writes, plain } = writerOn({ markdownReady });
    turn(store, 1);
    expect(writes).toHaveLength(0);
    ready();
    await markdownReady;
    await Promise.resolve();
    expect(plain()).toContain("answer 1");
  });

  it("leaves what /clear cleared out of a repaint", () => {
    const { store, writer } = writerOn();
    turn(store, 1);
    writer.cleared();
    turn(store, 2);
    const repainted = stripVTControlCharacters(writer.repaint(30));
    expect(repainted).not.toContain("question 1");
    expect(repainted).toContain("question 2");
  });

  describe("text before and after a tool call, a plan or a thought is two paragraphs (issue 12 item 11)", () => {
    const plan = update({
      sessionUpdate: "plan",
      entries: [{ content: "Write notes", status: "pending", priority: "medium" }],
    });
    const between = {
      "a plan": [plan],
      "a thought": [thought("Let me think.")],
      "a tool call": [
        toolCall({ toolCallId: "t", title: "ls", kind: "execute", status: "pending" }),
        toolUpdate({ toolCallId: "t", status: "completed" }),
      ],
      // Gemini: no `tool_call`, the call's first word is its finished update.
      "a call known only by its update": [
        toolUpdate({ toolCallId: "g", title: "ls", kind: "execute", status: "completed" }),
      ],
    };
    for (const [what, events] of Object.entries(between)) {
      it(`with ${what} between them`, () => {
        const { store, plain } = writerOn();
        store.handleClientEvent(turnStarted(1));
        store.handleClientEvent(text("Here's my plan."));
        for (const event of events) store.handleClientEvent(event);
        store.handleClientEvent(text("Plan recorded."));
        store.handleClientEvent(turnEnded("end_turn", undefined, 1));
        const out = plain();
        expect(out).not.toContain("plan.Plan");
        expect(out).toMatch(/Here's my plan\.\n\n/);
        expect(out).toMatch(/\nPlan recorded\.\n/);
      });
    }
  });
});
