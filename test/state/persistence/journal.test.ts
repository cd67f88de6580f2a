import { appendFileSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseSessionNotification, parseSessionUpdate, type SessionUpdate } from "../../../src/protocol/index.js";
import { JournalWriter, readJournal, readSessionJournal } from "../../../src/state/persistence/journal.js";
import { journalPath, type SessionFields } from "../../../src/state/persistence/session-entry.js";
import { cpuTime } from "../../helpers/cpu-time.js";

const SESSION: SessionFields = {
  id: "0b6f2a0e-5f1d-4c1e-9a57-2f1a3f0c9d11",
  agent: "demo",
  transport: { kind: "stdio", command: "node", args: ["zc-pane.js", "demo-agent"] },
  cwd: "/home/me/proj",
  title: "",
  created: "2026-01-01T10:00:00.000Z",
};

function tempState(): string {
  return mkdtempSync(join(tmpdir(), "zc-pane-journal-"));
}

const chunk = (text: string): SessionUpdate =>
  parseSessionUpdate({ sessionUpdate: "agent_message_chunk", content: { type: "text", text } });

describe("transcript journal", () => {
  it("round trip: header, prompts, updates and turn ends come back in order", async () => {
    const dir = tempState();
    const journal = JournalWriter.open(dir, SESSION, { now: () => 1000 });
    journal.appendPrompt("hello there", ["notes.md"]);
    journal.appendUpdate(chunk("Hi"));
    journal.appendUpdate(
      parseSessionUpdate({
        sessionUpdate: "tool_call",
        toolCallId: "t1",
        title: "shell",
        kind: "execute",
        status: "pending",
        rawInput: { command: "ls" },
      }),
    );
    journal.appendUpdate(
      parseSessionUpdate({
        sessionUpdate: "plan",
        entries: [{ content: "step", status: "pending", priority: "high", activeForm: "Stepping" }],
      }),
    );
    journal.appendTurnEnd("end_turn", "final words");
    journal.appendTurnFailed("boom");
    journal.close();

    expect(statSync(journal.path).mode & 0o777).toBe(0o600);
    const read = await readSessionJournal(dir, SESSION.id);
    expect(read?.header).toMatchObject({ t: "header", v: 1, id: SESSION.id, agent: "demo", cwd: "/home/me/proj" });
    expect(read?.entries.map((entry) => entry.t)).toEqual([
      "prompt",
      "update",
      "update",
      "update",
      "turn-end",
      "turn-failed",
    ]);
    expect(read?.entries[0]).toEqual({ t: "prompt", at: 1000, text: "hello there", attachments: ["notes.md"] });
    expect(read?.entries[1]).toEqual({ t: "update", at: 1000, update: chunk("Hi") });
    expect(read?.entries[3]).toMatchObject({
      update: { sessionUpdate: "plan", entries: [{ activeForm: "Stepping" }] },
    });
    expect(read?.entries[4]).toEqual({ t: "turn-end", at: 1000, stopReason: "end_turn", finalText: "final words" });
    expect(read).toMatchObject({ skipped: 0, tornTail: false, dropped: false, warnings: [] });
  });

  it("an update the client could not read comes back the same, with its unknown kind", async () => {
    const dir = tempState();
    const unknown = parseSessionUpdate({ sessionUpdate: "telepathy", mood: "calm" });
    const oddContent = parseSessionUpdate({
      sessionUpdate: "agent_message_chunk",
      content: { type: "hologram", data: 1 },
    });
    const journal = JournalWriter.open(dir, SESSION);
    journal.appendUpdate(unknown);
    journal.appendUpdate(oddContent);
    journal.close();
    const read = await readSessionJournal(dir, SESSION.id);
    expect(read?.entries.map((entry) => (entry.t === "update" ? entry.update : undefined))).toEqual([
      unknown,
      oddContent,
    ]);
  });

  it("skips a torn last line with a warning, and a later append starts on a fresh line", async () => {
    const dir = tempState();
    const journal = JournalWriter.open(dir, SESSION);
    journal.appendPrompt("first");
    journal.appendUpdate(chunk("kept"));
    journal.close();
    // The process died in the middle of writing a line.
    appendFileSync(journal.path, '{"t":"update","at":5,"update":{"sessionUpdate":"agent_mes');

    let read = await readJournal(journal.path);
    expect(read?.tornTail).toBe(true);
    expect(read?.skipped).toBe(0);
    expect(read?.entries.map((entry) => entry.t)).toEqual(["prompt", "update"]);
    expect(read?.warnings.join("\n")).toMatch(/last line was cut short/);

    const resumed = JournalWriter.open(dir, SESSION);
    resumed.appendPrompt("second");
    resumed.close();
    read = await readJournal(journal.path);
    // The torn piece is now an unreadable line in the middle; nothing after it is lost, no second header.
    expect(read?.entries.map((entry) => (entry.t === "prompt" ? entry.text : entry.t))).toEqual([
      "first",
      "update",
      "second",
    ]);
    expect(read?.skipped).toBe(1);
    expect(read?.tornTail).toBe(false);
    expect(readFileSync(journal.path, "utf8").match(/"t":"header"/g)).toHaveLength(1);
  });

  it("skips and counts corrupt lines in the middle", async () => {
    const dir = tempState();
    const journal = JournalWriter.open(dir, SESSION);
    journal.appendPrompt("one");
    journal.close();
    appendFileSync(journal.path, 'garbage\n{"t":"update","at":1}\n{"t":"mystery","at":1}\n');
    const more = JournalWriter.open(dir, SESSION);
    more.appendPrompt("two");
    more.close();
    const read = await readJournal(journal.path);
    expect(read?.entries.map((entry) => entry.t)).toEqual(["prompt", "prompt"]);
    expect(read?.skipped).toBe(3);
    expect(read?.warnings.join("\n")).toMatch(/skipped 3 unreadable lines/);
  });

  it("a missing journal reads as undefined; a journal without header still returns its entries", async () => {
    const dir = tempState();
    expect(await readSessionJournal(dir, "no-such-session")).toBeUndefined();
    const path = join(dir, "x.jsonl");
    writeFileSync(path, '{"t":"prompt","at":1,"text":"hi","attachments":[]}\n');
    const read = await readJournal(path);
    expect(read?.header).toBeUndefined();
    expect(read?.entries).toHaveLength(1);
  });

  it("past the cap, rotates segments: keeps recording, keeps the newest, drops the oldest, warns once", async () => {
    const dir = tempState();
    const warnings: string[] = [];
    const journal = JournalWriter.open(dir, SESSION, {
      maxBytes: 4096,
      onWarning: (message) => warnings.push(message),
    });
    for (let n = 0; n < 1000; n++) journal.appendPrompt(`prompt number ${n}`);
    journal.close();
    expect(warnings).toEqual([
      "this session's transcript journal reached its 4 KiB cap: it goes on recording and keeps the newest messages, dropping the oldest",
    ]);
    const older = `${journal.path}.1`;
    expect(statSync(journal.path).size + statSync(older).size).toBeLessThanOrEqual(4096 + 200);
    expect(readdirSync(join(dir, "transcripts")).sort()).toEqual([basename(journal.path), basename(older)].sort());
    const read = await readSessionJournal(dir, SESSION.id);
    const prompts = read!.entries.flatMap((entry) => (entry.t === "prompt" ? [entry.text] : []));
    expect(prompts.at(-1)).toBe("prompt number 999");
    expect(prompts).not.toContain("prompt number 0");
    // What is kept is one unbroken run of the newest prompts, after the marker of what was dropped.
    const first = Number(prompts[0]!.split(" ").at(-1));
    expect(prompts).toEqual(Array.from({ length: 1000 - first }, (_, i) => `prompt number ${first + i}`));
    expect(read?.entries[0]?.t).toBe("rotated");
    expect(read?.dropped).toBe(true);
    expect(read?.header?.id).toBe(SESSION.id);
  });

  it("a journal opened over its cap rotates at its next line, not before", async () => {
    const dir = tempState();
    const first = JournalWriter.open(dir, SESSION, { maxBytes: 100_000 });
    for (let n = 0; n < 100; n++) first.appendPrompt(`earlier ${n} ${"x".repeat(100)}`);
    first.close();
    const warnings: string[] = [];
    const again = JournalWriter.open(dir, SESSION, { maxBytes: 4096, onWarning: (message) => warnings.push(message) });
    expect(warnings).toEqual([]);
    again.appendPrompt("after the reopen");
    again.close();
    expect(warnings).toHaveLength(1);
    const read = await readSessionJournal(dir, SESSION.id);
    expect(read?.entries.at(-1)).toMatchObject({ t: "prompt", text: "after the reopen" });
    expect(read?.dropped).toBe(false);
  });

  it("joins only chunks that nothing distinguishes: same stream, same message, no extra fields", async () => {
    const dir = tempState();
    const journal = JournalWriter.open(dir, SESSION);
    const updates = [
      chunk("a"),
      chunk("b"),
      parseSessionUpdate({ sessionUpdate: "agent_thought_chunk", content: { type: "text", text: "hmm" } }),
      chunk("c"),
      parseSessionUpdate({
        sessionUpdate: "agent_message_chunk",
        messageId: "m2",
        content: { type: "text", text: "d" },
      }),
      parseSessionUpdate({
        sessionUpdate: "agent_message_chunk",
        messageId: "m2",
        content: { type: "text", text: "e" },
      }),
      parseSessionUpdate({
        sessionUpdate: "agent_message_chunk",
        content: { type: "text", text: "f", annotations: { priority: 1 } },
      }),
      chunk("g"),
    ];
    for (const update of updates) journal.appendUpdate(update);
    journal.appendTurnEnd("end_turn");
    journal.close();
    const read = await readJournal(journal.path);
    const summary = read!.entries.map((entry) => {
      if (entry.t !== "update") return entry.t;
      const update = entry.update;
      if (
        (update.sessionUpdate !== "agent_message_chunk" && update.sessionUpdate !== "agent_thought_chunk") ||
        update.content.type !== "text"
      )
        return update.sessionUpdate;
      return `${update.sessionUpdate === "agent_message_chunk" ? "m" : "t"}:${update.content.text}${update.messageId ? `@${update.messageId}` : ""}`;
    });
    expect(summary).toEqual(["m:ab", "t:hmm", "m:c", "m:de@m2", "m:f", "m:g", "turn-end"]);
  });

  it("gives ids that are not plain tokens a safe file name", () => {
    expect(journalPath("/state", "../../etc/passwd")).toBe("/state/transcripts/%2e%2e%2f%2e%2e%2fetc%2fpasswd.jsonl");
    expect(journalPath("/state", "a".repeat(300)).length).toBeLessThan(240);
  });

  it("buffers a burst: 50,000 small updates cost little next to parsing them", async () => {
    const dir = tempState();
    const lines = Array.from({ length: 50_000 }, (_, n) =>
      JSON.stringify({
        sessionId: SESSION.id,
        update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text: `c${n} ` } },
      }),
    );
    // The floor: what the client already does per update (JSON.parse + the lenient parse).
    const { ms: parseMs, value: updates } = cpuTime(() =>
      lines.map((line) => {
        const parsed = parseSessionNotification(JSON.parse(line));
        if (!parsed.ok) throw new Error(parsed.error);
        return parsed.value.update;
      }),
    );

    const journal = JournalWriter.open(dir, SESSION);
    const { ms: journalMs } = cpuTime(() => {
      for (const update of updates) journal.appendUpdate(update);
      journal.appendTurnEnd("end_turn");
    });
    journal.close();

    const read = await readJournal(journal.path);
    // Runs of plain chunks are stored joined: a handful of lines holding every character, in order.
    expect(read!.entries.length).toBeLessThan(200);
    const stored = read!.entries
      .map((entry) =>
        entry.t === "update" &&
        entry.update.sessionUpdate === "agent_message_chunk" &&
        entry.update.content.type === "text"
          ? entry.update.content.text
          : "",
      )
      .join("");
    expect(stored).toBe(Array.from({ length: 50_000 }, (_, n) => `c${n} `).join(""));
    console.info(
      `journal: 50,000 updates appended and written in ${journalMs.toFixed(1)} ms of CPU (${((journalMs / 50_000) * 1000).toFixed(2)} µs each); parsing them: ${parseMs.toFixed(1)} ms; file ${(statSync(journal.path).size / 1024).toFixed(0)} KiB in ${read!.entries.length} lines`,
    );
    // Generous bound, in CPU time (other processes on the machine do not count); the figure is reported above.
    expect(journalMs).toBeLessThan(2_000);
  });
});
