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

/** Items without ids, adjacent agent text joined: how the text was cut into items depends on chunk timing. */
function normalized(items: readonly TranscriptItem[]): unknown[] {
  const out: Record<string, unknown>[] = [];
  for (const item of items) {
    const { id: _id, ...rest } = item;
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
    const live = new PaneStore({ now: () => 0 });
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
    const replayed = new PaneStore({ now: () => 0 });
    replayJournal(session.sessionId, journal!.entries, replayed);
    replayed.flush();

    const liveItems = live.getState().transcript.toArray();
    expect(liveItems.length).toBeGreaterThan(10);
    expect(normalized(replayed.getState().transcript.toArray())).toEqual(normalized(liveItems));
    expect(liveItems.some((item) => item.kind === "permission")).toBe(true);

    // The recorder also indexed the session, titled by its first prompt.
    const [indexed] = await new SessionIndex(stateDir).list();
    expect(indexed).toMatchObject({ id: session.sessionId, title: "make a plan", agent: "demo", cwd });
  });

  const chunk = (value: string) =>
    parseSessionUpdate({ sessionUpdate: "agent_message_chunk", content: { type: "text", text: value } });
  const at = 1;

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
