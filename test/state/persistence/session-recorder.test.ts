import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseSessionUpdate } from "../../../src/protocol/index.js";
import { readSessionJournal } from "../../../src/state/persistence/journal.js";
import { shownTitle } from "../../../src/state/persistence/session-entry.js";
import { SessionIndex } from "../../../src/state/persistence/session-index.js";
import { SessionRecorder } from "../../../src/state/persistence/session-recorder.js";

const SESSION = {
  id: "5e55e55e-0000-4000-8000-000000000001",
  agent: "demo",
  transport: { kind: "stdio" as const, command: "node", args: ["demo-agent"] },
  cwd: "/tmp",
};
const chunk = (text: string) =>
  parseSessionUpdate({ sessionUpdate: "agent_message_chunk", content: { type: "text", text } });

function tempState(): string {
  return mkdtempSync(join(tmpdir(), "zc-pane-recorder-"));
}

describe("session recorder", () => {
  it("titles the session from the first prompt and journals only its own session's events", async () => {
    const stateDir = tempState();
    let clock = Date.parse("2026-03-01T10:00:00.000Z");
    const recorder = await SessionRecorder.open({ stateDir, session: SESSION, now: () => new Date(clock) });
    expect(recorder.session.title).toBe("");
    clock += 60_000;
    recorder.recordPrompt("  \nfix the flaky test\nplease", ["log.txt"]);
    recorder.handleEvent({ type: "update", sessionId: SESSION.id, update: chunk("On it.") });
    recorder.handleEvent({ type: "update", sessionId: "someone-else", update: chunk("not ours") });
    recorder.handleEvent({ type: "turn-ended", sessionId: "someone-else", turnId: 1, stopReason: "end_turn" });
    clock += 60_000;
    recorder.handleEvent({
      type: "turn-ended",
      sessionId: SESSION.id,
      turnId: 1,
      stopReason: "end_turn",
      finalText: "Done.",
    });
    await recorder.close();

    const [entry] = await new SessionIndex(stateDir).list();
    expect(entry).toMatchObject({
      id: SESSION.id,
      title: "fix the flaky test",
      created: "2026-03-01T10:00:00.000Z",
      lastActivity: "2026-03-01T10:02:00.000Z",
    });
    const journal = await readSessionJournal(stateDir, SESSION.id);
    expect(journal?.entries.map((item) => item.t)).toEqual(["prompt", "update", "turn-end"]);
    expect(journal?.entries[0]).toMatchObject({ attachments: ["log.txt"] });
  });

  it("records the agent's session_info_update title (shown over the prompt's; null clears it) and a later updatedAt", async () => {
    const stateDir = tempState();
    const recorder = await SessionRecorder.open({
      stateDir,
      session: SESSION,
      now: () => new Date("2026-03-01T10:00:00.000Z"),
    });
    recorder.recordPrompt("fix the flaky test");
    const info = (fields: Record<string, unknown>) =>
      recorder.handleEvent({
        type: "update",
        sessionId: SESSION.id,
        update: parseSessionUpdate({ sessionUpdate: "session_info_update", ...fields }),
      });
    const stored = async () => {
      await recorder.close();
      const [entry] = await new SessionIndex(stateDir).list();
      return entry!;
    };
    info({ title: "Fix \u001b[31mthe flaky\ntest", updatedAt: "2026-03-01T11:30:00Z" });
    expect(await stored()).toMatchObject({
      title: "fix the flaky test",
      titleFromAgent: "Fix the flaky",
      lastActivity: "2026-03-01T11:30:00.000Z",
    });
    expect(shownTitle(await stored())).toBe("Fix the flaky");
    // An older updatedAt leaves the activity; a title-less update leaves the title.
    info({ updatedAt: "2026-01-01T00:00:00Z" });
    expect(await stored()).toMatchObject({ titleFromAgent: "Fix the flaky", lastActivity: "2026-03-01T11:30:00.000Z" });
    info({ title: null });
    expect(shownTitle(await stored())).toBe("fix the flaky test");
  });

  it("reopening a session (resume) appends to its journal and keeps its title and creation time", async () => {
    const stateDir = tempState();
    const first = await SessionRecorder.open({
      stateDir,
      session: { ...SESSION, title: "the first question" },
      now: () => new Date("2026-03-01T10:00:00.000Z"),
    });
    first.recordPrompt("the first question");
    await first.close();
    const again = await SessionRecorder.open({
      stateDir,
      session: { ...SESSION, title: "a later question" },
      now: () => new Date("2026-03-02T10:00:00.000Z"),
    });
    expect(again.session).toMatchObject({ title: "the first question", created: "2026-03-01T10:00:00.000Z" });
    again.beginRestore("resume");
    again.handleEvent({
      type: "update",
      sessionId: SESSION.id,
      update: parseSessionUpdate({ sessionUpdate: "plan", entries: [] }),
    });
    again.endRestore();
    again.recordPrompt("a later question");
    await again.close();
    const journal = await readSessionJournal(stateDir, SESSION.id);
    expect(journal?.entries.map((item) => item.t)).toEqual(["prompt", "restore", "update", "restored", "prompt"]);
    expect(readFileSync(journal!.path, "utf8").match(/"t":"header"/g)).toHaveLength(1);
    expect((await new SessionIndex(stateDir).list())[0]).toMatchObject({
      title: "the first question",
      lastActivity: "2026-03-02T10:00:00.000Z",
    });
  });

  it("never throws when the state dir is unusable: one warning each, and the session goes on", async () => {
    const notADir = join(tempState(), "file");
    writeFileSync(notADir, "");
    const warnings: string[] = [];
    const recorder = await SessionRecorder.open({
      stateDir: notADir,
      session: SESSION,
      onWarning: (message) => warnings.push(message),
    });
    recorder.recordPrompt("hello");
    recorder.handleEvent({ type: "update", sessionId: SESSION.id, update: chunk("hi") });
    recorder.handleEvent({ type: "turn-ended", sessionId: SESSION.id, turnId: 1, stopReason: "end_turn" });
    await recorder.close();
    expect(recorder.journalPath).toBeUndefined();
    expect(warnings).toHaveLength(2);
    expect(warnings.join("\n")).toMatch(/could not record the session in/);
    expect(warnings.join("\n")).toMatch(/could not open the transcript journal/);
  });
});
