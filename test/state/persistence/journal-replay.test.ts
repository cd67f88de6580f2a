import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { AcpClient } from "../../../src/client/acp-client.js";
import { parseSessionUpdate } from "../../../src/protocol/index.js";
import { PaneStore } from "../../../src/state/pane-store.js";
import type { JournalEntry } from "../../../src/state/persistence/journal-format.js";
import { readSessionJournal } from "../../../src/state/persistence/journal.js";
import {
  INTERRUPTED_TURN_MESSAGE,
  journalReplaySteps,
  replayJournal,
} from "../../../src/state/persistence/journal-replay.js";
import { SessionRecorder } from "../../../src/state/persistence/session-recorder.js";
import { SessionIndex } from "../../../src/state/persistence/session-index.js";
import type { TranscriptItem } from "../../../src/state/view-model.js";
import { startDemoClient, text } from "../../helpers/demo-agent.js";

const clients: AcpClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.dispose()));
});

function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/**
 * Items without ids, adjacent agent text joined (how the text was cut into items depends on chunk timing), tool
 * rows without their times (the live store and the journal stamp an event a few ms apart; see the next test).
 */
function normalized(items: readonly TranscriptItem[]): unknown[] {
  const out: Record<string, unknown>[] = [];
  for (const item of items) {
    const { id: _id, ...rest } = item;
    if (rest.kind === "tool") {
      const { startedAt: _started, finishedAt: _finished, ...row } = rest.row;
      out.push({ ...rest, row });
      continue;
    }
    const last = out.at(-1);
    if (item.kind === "agent-text" && last?.kind === "agent-text")
      last.markdown = `${String(last.markdown)}${item.markdown}`;
    else out.push({ ...rest });
  }
  return out;
}

describe("journal replay", () => {
  it("rebuilds the transcript the pane showed live, through the same store and reducer", async () => {
    const { client } = await startDemoClient({
      client: {
        permissionPolicy: (request) => ({
          outcome: "selected",
          optionId: request.options.find((option) => option.kind === "allow_once")!.optionId,
        }),
      },
    });
    clients.push(client);
    const stateDir = tempDir("zc-pane-replay-");
    const cwd = tempDir("zc-pane-replay-cwd-");
    const session = await client.newSession({ cwd });
    const recorder = await SessionRecorder.open({
      stateDir,
      session: {
        id: session.sessionId,
        agent: "demo",
        transport: { kind: "stdio", command: "node", args: ["demo-agent"] },
        cwd,
      },
    });
    const live = new PaneStore();
    client.subscribe(live.handleClientEvent);
    client.subscribe(recorder.handleEvent);

    for (const prompt of ["make a plan", "run a shell command", "think first", "an edit please"]) {
      live.dispatch({ type: "prompt-submitted", text: prompt, attachments: [] });
      recorder.recordPrompt(prompt);
      await client.prompt(session.sessionId, text(prompt));
    }
    live.flush();
    await recorder.close();

    const journal = await readSessionJournal(stateDir, session.sessionId);
    expect(journal?.warnings).toEqual([]);
    expect(journal?.entries.filter((entry) => entry.t === "permission").length).toBeGreaterThanOrEqual(2);
    // The replay runs "now", long after the session: rows keep the durations the journal recorded.
    const replayed = new PaneStore({ now: () => Date.now() + 3_600_000 });
    replayJournal(session.sessionId, journal!.entries, replayed);
    replayed.flush();

    const liveItems = live.getState().transcript.toArray();
    expect(liveItems.length).toBeGreaterThan(10);
    const replayedItems = replayed.getState().transcript.toArray();
    expect(normalized(replayedItems)).toEqual(normalized(liveItems));
    const durations = (items: readonly TranscriptItem[]) =>
      items.flatMap((item) =>
        item.kind === "tool" && item.row.startedAt !== undefined && item.row.finishedAt !== undefined
          ? [item.row.finishedAt - item.row.startedAt]
          : [],
      );
    // The demo's shell command runs 150 ms after its approval: the replay does not say 0.0s (it ran an hour later).
    expect(durations(replayedItems).length).toBeGreaterThanOrEqual(2);
    expect(Math.max(...durations(replayedItems))).toBeGreaterThanOrEqual(100);

    expect(liveItems.some((item) => item.kind === "permission")).toBe(true);

    // The recorder also indexed the session, titled by its first prompt.
    const [indexed] = await new SessionIndex(stateDir).list();
    expect(indexed).toMatchObject({ id: session.sessionId, title: "make a plan", agent: "demo", cwd });
  });

  const chunk = (value: string) =>
    parseSessionUpdate({ sessionUpdate: "agent_message_chunk", content: { type: "text", text: value } });
  const at = 1;

  it("replays each event at the time it was recorded: a row is timed from its approval to its end", () => {
    const call = (status: string) =>
      parseSessionUpdate({
        sessionUpdate: status === "pending" ? "tool_call" : "tool_call_update",
        toolCallId: "toolu_1",
        title: "ls",
        kind: "execute",
        status,
      });
    const options = [
      { optionId: "allow", name: "Allow", kind: "allow_once" as const },
      { optionId: "reject", name: "Reject", kind: "reject_once" as const },
    ];
    const entries: JournalEntry[] = [
      { t: "prompt", at: 10_000, text: "list", attachments: [] },
      { t: "update", at: 10_100, update: call("pending") },
      // The user thought for 25 s: the request arrived at 10,200 and was answered at 35,200.
      {
        t: "permission",
        at: 35_200,
        request: { key: "0", requestId: 0, toolCall: { toolCallId: "toolu_1" }, options, receivedAt: 10_200 },
        outcome: "allow",
      },
      { t: "update", at: 37_700, update: call("completed") },
      { t: "turn-end", at: 37_800, stopReason: "end_turn" },
    ];
    const store = new PaneStore({ now: () => 99_000_000 });
    replayJournal("s", entries, store);
    store.flush();
    const rows = store
      .getState()
      .transcript.toArray()
      .flatMap((item) => (item.kind === "tool" ? [item.row] : []));
    expect(rows).toMatchObject([{ status: "done", startedAt: 35_200, finishedAt: 37_700 }]);
  });

  it("closes a turn the journal left open as interrupted, never silently", () => {
    const entries: JournalEntry[] = [
      { t: "prompt", at, text: "one", attachments: [] },
      { t: "update", at, update: chunk("half an ans") },
      { t: "prompt", at, text: "two", attachments: [] },
      { t: "turn-end", at, stopReason: "end_turn" },
      { t: "prompt", at, text: "three", attachments: [] },
    ];
    const events = journalReplaySteps("s", entries).flatMap((step) => (step.kind === "event" ? [step.event] : []));
    expect(events.map((event) => event.type)).toEqual([
      "turn-started",
      "update",
      "turn-failed",
      "turn-started",
      "turn-ended",
      "turn-started",
      "turn-failed",
    ]);
    expect(
      events
        .filter((event) => event.type === "turn-failed")
        .map((event) => (event.type === "turn-failed" ? event.message : "")),
    ).toEqual([INTERRUPTED_TURN_MESSAGE, INTERRUPTED_TURN_MESSAGE]);
  });

  it("skips a load replay of history the journal already holds, keeps one that is all there is", () => {
    const replayOf = (entries: JournalEntry[]) =>
      journalReplaySteps("s", entries).flatMap((step) =>
        step.kind === "event" &&
        step.event.type === "update" &&
        step.event.update.sessionUpdate === "agent_message_chunk" &&
        step.event.update.content.type === "text"
          ? [step.event.update.content.text]
          : [],
      );
    const restored: JournalEntry[] = [
      { t: "restore", at, how: "load" },
      { t: "update", at, update: chunk("replayed") },
      { t: "restored", at },
    ];
    expect(replayOf(restored)).toEqual(["replayed"]);
    expect(
      replayOf([
        { t: "prompt", at, text: "q", attachments: [] },
        { t: "update", at, update: chunk("live") },
        { t: "turn-end", at, stopReason: "end_turn" },
        ...restored,
        { t: "prompt", at, text: "q2", attachments: [] },
        { t: "update", at, update: chunk("after") },
      ]),
    ).toEqual(["live", "after"]);
  });
});
