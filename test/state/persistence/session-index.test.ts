import { existsSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { JournalWriter } from "../../../src/state/persistence/journal.js";
import {
  describeConnection,
  journalPath,
  olderSegmentPath,
  mergeEntries,
  sessionTitle,
  shownTitle,
  type SessionEntry,
} from "../../../src/state/persistence/session-entry.js";
import { findSession, SessionIndex, SessionLookupError } from "../../../src/state/persistence/session-index.js";

function tempState(): string {
  return mkdtempSync(join(tmpdir(), "zc-pane-index-"));
}

function entry(id: string, overrides: Partial<SessionEntry> = {}): SessionEntry {
  return {
    id,
    agent: "demo",
    transport: { kind: "stdio", command: "node", args: ["zc-pane.js", "demo-agent"] },
    cwd: "/home/me/proj",
    title: `title of ${id}`,
    created: "2026-01-01T10:00:00.000Z",
    lastActivity: "2026-01-01T10:00:00.000Z",
    ...overrides,
  };
}

describe("session index", () => {
  it("writes atomically with mode 0600 and leaves no temp or lock file behind", async () => {
    const dir = tempState();
    const index = new SessionIndex(dir);
    await index.record(entry("0b6f2a0e-5f1d-4c1e-9a57-2f1a3f0c9d11"));
    expect(statSync(index.path).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir).sort()).toEqual(["sessions.json"]);
    const onDisk = JSON.parse(readFileSync(index.path, "utf8")) as { version: number; sessions: SessionEntry[] };
    expect(onDisk.version).toBe(1);
    expect(onDisk.sessions.map((session) => session.id)).toEqual(["0b6f2a0e-5f1d-4c1e-9a57-2f1a3f0c9d11"]);
  });

  it("two writers at once lose none of each other's entries", async () => {
    const dir = tempState();
    // Two independent instances, as two zc-pane processes would hold; their writes interleave.
    const first = new SessionIndex(dir);
    const second = new SessionIndex(dir);
    const writes: Promise<SessionEntry>[] = [];
    for (let n = 0; n < 25; n++) {
      writes.push(first.record(entry(`aaaa${n}`)));
      writes.push(second.record(entry(`bbbb${n}`)));
    }
    await Promise.all(writes);
    const ids = (await new SessionIndex(dir).list()).map((session) => session.id);
    expect(ids).toHaveLength(50);
    expect(new Set(ids).size).toBe(50);
  });

  it("merges a session recorded twice: latest activity wins, created and title stay", async () => {
    const dir = tempState();
    const index = new SessionIndex(dir);
    await index.record(
      entry("s1", {
        title: "first prompt",
        created: "2026-01-01T10:00:00.000Z",
        lastActivity: "2026-01-01T11:00:00.000Z",
      }),
    );
    // An older process's stale copy must not roll the activity back.
    await index.record(
      entry("s1", {
        title: "",
        cwd: "/elsewhere",
        created: "2026-01-02T10:00:00.000Z",
        lastActivity: "2026-01-01T10:30:00.000Z",
      }),
    );
    let [merged] = await index.list();
    expect(merged).toMatchObject({
      title: "first prompt",
      cwd: "/home/me/proj",
      created: "2026-01-01T10:00:00.000Z",
      lastActivity: "2026-01-01T11:00:00.000Z",
    });
    await index.record(entry("s1", { title: "", alias: "coder", lastActivity: "2026-01-03T09:00:00.000Z" }));
    [merged] = await index.list();
    expect(merged).toMatchObject({
      title: "first prompt",
      alias: "coder",
      lastActivity: "2026-01-03T09:00:00.000Z",
      created: "2026-01-01T10:00:00.000Z",
    });
  });

  it("lists newest activity first", async () => {
    const dir = tempState();
    const index = new SessionIndex(dir);
    await index.record(entry("old", { lastActivity: "2026-01-01T10:00:00.000Z" }));
    await index.record(entry("new", { lastActivity: "2026-03-01T10:00:00.000Z" }));
    await index.record(entry("mid", { lastActivity: "2026-02-01T10:00:00.000Z" }));
    expect((await index.list()).map((session) => session.id)).toEqual(["new", "mid", "old"]);
  });

  it("keeps fields it does not know (a newer zc-pane's) through a merge", async () => {
    const dir = tempState();
    const index = new SessionIndex(dir);
    await index.record({ ...entry("s1"), pinned: true } as SessionEntry);
    await index.record(entry("s1", { lastActivity: "2026-05-01T00:00:00.000Z" }));
    expect((await index.list())[0]).toMatchObject({ pinned: true });
  });

  it("rebuilds a corrupt index from the journal headers, with a warning, and keeps the damaged file", async () => {
    const dir = tempState();
    const index = new SessionIndex(dir);
    await index.record(entry("keep-me"));
    for (const id of ["0b6f2a0e-1111-4c1e-9a57-2f1a3f0c9d11", "77aa0000-2222-4c1e-9a57-2f1a3f0c9d11"]) {
      const { lastActivity: _unused, ...fields } = entry(id, { title: "" });
      const journal = JournalWriter.open(dir, fields);
      journal.appendPrompt(`Prompt of ${id}\nsecond line`);
      journal.close();
    }
    writeFileSync(index.path, '{"version":1,"sessions":[{"id":"keep-me"', "utf8");

    const warnings: string[] = [];
    const listed = await new SessionIndex(dir, { onWarning: (message) => warnings.push(message) }).list();
    expect(listed.map((session) => session.id).sort()).toEqual([
      "0b6f2a0e-1111-4c1e-9a57-2f1a3f0c9d11",
      "77aa0000-2222-4c1e-9a57-2f1a3f0c9d11",
    ]);
    expect(listed.find((session) => session.id.startsWith("0b6f"))?.title).toBe(
      "Prompt of 0b6f2a0e-1111-4c1e-9a57-2f1a3f0c9d11",
    );
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/was corrupt .*rebuilt it from the transcripts with 2 sessions/);
    expect(existsSync(`${index.path}.corrupt`)).toBe(true);
    // The rebuilt index was written back: a second read is clean.
    const again: string[] = [];
    await new SessionIndex(dir, { onWarning: (message) => again.push(message) }).list();
    expect(again).toEqual([]);
  });

  it("keeps the readable entries of a partly corrupt index and adds the journals' sessions", async () => {
    const dir = tempState();
    const { lastActivity: _unused, ...fields } = entry("from-journal");
    JournalWriter.open(dir, fields).close();
    writeFileSync(join(dir, "sessions.json"), JSON.stringify({ version: 1, sessions: [entry("good"), { id: 42 }] }));
    const warnings: string[] = [];
    const ids = (await new SessionIndex(dir, { onWarning: (message) => warnings.push(message) }).list())
      .map((session) => session.id)
      .sort();
    expect(ids).toEqual(["from-journal", "good"]);
    expect(warnings[0]).toMatch(/1 unreadable entry/);
  });

  it("remove() deletes the session's journal (both segments) and its entry, and no rebuild brings it back", async () => {
    const dir = tempState();
    const index = new SessionIndex(dir);
    for (const id of ["gone-1", "kept-2"]) {
      await index.record(entry(id));
      const { lastActivity: _unused, ...fields } = entry(id);
      JournalWriter.open(dir, fields).close();
    }
    const journal = journalPath(dir, "gone-1");
    writeFileSync(olderSegmentPath(journal), "older segment\n");
    expect(await index.remove("gone-1")).toBe(true);
    expect(existsSync(journal)).toBe(false);
    expect(existsSync(olderSegmentPath(journal))).toBe(false);
    expect(existsSync(journalPath(dir, "kept-2"))).toBe(true);
    expect((await index.list()).map((session) => session.id)).toEqual(["kept-2"]);
    // The index lost: rebuilt from the journals left, without the deleted one.
    writeFileSync(index.path, "not json", "utf8");
    const rebuilt = await new SessionIndex(dir, { onWarning: () => undefined }).list();
    expect(rebuilt.map((session) => session.id)).toEqual(["kept-2"]);
    expect(await index.remove("gone-1")).toBe(false);
  });

  it("a record() on a corrupt index rebuilds it first instead of failing", async () => {
    const dir = tempState();
    writeFileSync(join(dir, "sessions.json"), "not json at all");
    const index = new SessionIndex(dir, { onWarning: () => undefined });
    await index.record(entry("s1"));
    expect((await index.list()).map((session) => session.id)).toEqual(["s1"]);
  });
});

describe("lookup by id prefix", () => {
  const entries = [
    entry("0b6f2a0e-5f1d-4c1e-9a57-2f1a3f0c9d11", { lastActivity: "2026-01-02T00:00:00.000Z" }),
    entry("0b6f9999-5f1d-4c1e-9a57-2f1a3f0c9d11", { lastActivity: "2026-01-03T00:00:00.000Z" }),
    entry("c0ffee00-5f1d-4c1e-9a57-2f1a3f0c9d11"),
  ];

  it("finds a unique prefix, an exact id, and ignores case", () => {
    expect(findSession(entries, "c0f")).toMatchObject({
      kind: "found",
      entry: { id: "c0ffee00-5f1d-4c1e-9a57-2f1a3f0c9d11" },
    });
    expect(findSession(entries, "0b6f2a0e")).toMatchObject({
      kind: "found",
      entry: { id: "0b6f2a0e-5f1d-4c1e-9a57-2f1a3f0c9d11" },
    });
    expect(findSession(entries, "0b6f2a0e-5f1d-4c1e-9a57-2f1a3f0c9d11").kind).toBe("found");
    expect(findSession(entries, "C0FFEE")).toMatchObject({ kind: "found" });
  });

  it("an ambiguous prefix lists the candidates, newest first", async () => {
    const lookup = findSession(entries, "0b6f");
    expect(lookup.kind).toBe("ambiguous");
    if (lookup.kind !== "ambiguous") return;
    expect(lookup.candidates.map((candidate) => candidate.id.slice(0, 8))).toEqual(["0b6f9999", "0b6f2a0e"]);
    const error = new SessionLookupError(lookup);
    expect(error.message).toContain('"0b6f" matches 2 sessions; give more of the id:');
    expect(error.message).toContain("0b6f2a0e-5f1d-4c1e-9a57-2f1a3f0c9d11  title of 0b6f2a0e");
  });

  it("an unknown prefix is a clear error that points at `zc-pane sessions`", async () => {
    const dir = tempState();
    const index = new SessionIndex(dir);
    for (const known of entries) await index.record(known);
    await expect(index.require("deadbeef")).rejects.toThrow(
      /no session matching "deadbeef" is known on this machine; `zc-pane sessions` lists/,
    );
    await expect(index.require("")).rejects.toBeInstanceOf(SessionLookupError);
    expect((await index.require("0b6f2")).id).toBe("0b6f2a0e-5f1d-4c1e-9a57-2f1a3f0c9d11");
  });
});

describe("session entry helpers", () => {
  it("titles come from the first non-blank line, sanitized and cut to 80 characters", () => {
    expect(sessionTitle("\n\n  summarise \t the last commit  \nand more")).toBe("summarise the last commit");
    expect(sessionTitle("\u001b]0;pwned\u0007look \u001b[31mhere")).toBe("look here");
    const long = sessionTitle("x".repeat(200));
    expect(Array.from(long)).toHaveLength(80);
    expect(long.endsWith("…")).toBe(true);
    expect(Array.from(sessionTitle("😀".repeat(100))).every((char) => char === "😀" || char === "…")).toBe(true);
  });

  it("records a gateway URL without its token and a stdio agent with its command", () => {
    expect(
      describeConnection({ kind: "gateway", url: "ws://127.0.0.1:42617/acp?agent=coder&token=zc_secret" }),
    ).toEqual({
      agent: "zeroclaw",
      transport: { kind: "gateway", url: "ws://127.0.0.1:42617/acp?agent=coder" },
    });
    expect(
      describeConnection({
        kind: "stdio",
        agentName: "demo",
        command: { command: "node", args: ["zc-pane.js", "demo-agent"] },
      }),
    ).toEqual({
      agent: "demo",
      transport: { kind: "stdio", command: "node", args: ["zc-pane.js", "demo-agent"] },
    });
  });

  it("merging takes the agent's title from the record being written, keeps it otherwise, and shows it first", () => {
    const older = entry("s", { titleFromAgent: "Old name" });
    const renamed = mergeEntries(older, entry("s", { titleFromAgent: "New name" }));
    expect(renamed.titleFromAgent).toBe("New name");
    expect(mergeEntries(renamed, entry("s", { title: "" })).titleFromAgent).toBe("New name");
    expect(shownTitle(renamed)).toBe("New name");
    expect(shownTitle(mergeEntries(renamed, entry("s", { titleFromAgent: "" })))).toBe("title of s");
  });

  it("merging keeps the earliest creation and the latest activity", () => {
    const merged = mergeEntries(
      entry("s", { created: "2026-01-05T00:00:00.000Z" }),
      entry("s", { created: "2026-01-01T00:00:00.000Z", lastActivity: "2026-02-01T00:00:00.000Z" }),
    );
    expect(merged.created).toBe("2026-01-01T00:00:00.000Z");
    expect(merged.lastActivity).toBe("2026-02-01T00:00:00.000Z");
  });
});
