import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { formatAge, tildePath } from "../../src/cli/sessions-command.js";
import { readSessionJournal } from "../../src/state/persistence/journal.js";
import { JournalWriter } from "../../src/state/persistence/journal.js";
import type { SessionEntry } from "../../src/state/persistence/session-entry.js";
import { SessionIndex } from "../../src/state/persistence/session-index.js";
import { CLI } from "../helpers/demo-agent.js";

/** A private HOME with XDG dirs inside it, as a user's machine would have. */
function tempHome() {
  const home = mkdtempSync(join(tmpdir(), "zc-pane-sessions-"));
  const env = { HOME: home, XDG_STATE_HOME: join(home, "state"), XDG_CONFIG_HOME: join(home, "config") };
  return { home, env, stateDir: join(home, "state", "zc-pane") };
}

function zc(args: string[], env: Record<string, string>, cwd?: string) {
  return execa(process.execPath, [CLI, ...args], {
    reject: false,
    stdin: "ignore",
    env,
    timeout: 60_000,
    ...(cwd ? { cwd } : {}),
  });
}

const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

function entry(id: string, overrides: Partial<SessionEntry>): SessionEntry {
  return {
    id,
    agent: "demo",
    transport: { kind: "stdio", command: "node", args: ["bin/zc-pane.js", "demo-agent"] },
    cwd: "/srv/project",
    title: "a title",
    created: ago(10 * 86_400_000),
    lastActivity: ago(10 * 86_400_000),
    ...overrides,
  };
}

describe("zc-pane sessions", () => {
  it("says how to start a session when there is none; --json prints []", async () => {
    const { env } = tempHome();
    const listed = await zc(["sessions"], env);
    expect(listed.exitCode).toBe(0);
    expect(listed.stdout).toBe(
      'No sessions yet. Start one with `zc-pane` (or `zc-pane prompt "…"`); it will be listed here.',
    );
    const json = await zc(["sessions", "--json"], env);
    expect(json.exitCode).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual([]);
  });

  it("lists newest first: short id, age, agent, cwd with ~, title; --json has the full entries", async () => {
    const { home, env, stateDir } = tempHome();
    const index = new SessionIndex(stateDir);
    await index.record(
      entry("0b6f2a0e-5f1d-4c1e-9a57-2f1a3f0c9d11", {
        title: "summarise the last commit",
        cwd: join(home, "src", "app"),
        lastActivity: ago(3 * 60_000 + 5_000),
      }),
    );
    await index.record(
      entry("c0ffee00-1111-4c1e-9a57-2f1a3f0c9d11", {
        agent: "zeroclaw",
        alias: "coder",
        transport: { kind: "gateway", url: "ws://127.0.0.1:42617/acp" },
        title: "review the diff",
        lastActivity: ago(2 * 86_400_000 + 60_000),
      }),
    );
    await index.record(
      entry("77aa0000-2222-4c1e-9a57-2f1a3f0c9d11", { title: "", cwd: home, lastActivity: ago(5 * 3_600_000) }),
    );

    const listed = await zc(["sessions"], env);
    expect(listed.exitCode).toBe(0);
    expect(listed.stderr).toBe("");
    const lines = listed.stdout.split("\n");
    expect(lines[0]).toMatch(/^ID\s+ACTIVE\s+AGENT\s+DIRECTORY\s+TITLE$/);
    expect(lines.slice(1)).toHaveLength(3);
    expect(lines[1]).toMatch(/^0b6f2a0e {2}3m ago\s+demo\s+~\/src\/app\s+summarise the last commit$/);
    expect(lines[2]).toMatch(/^77aa0000 {2}5h ago\s+demo\s+~\s+\(no prompt yet\)$/);
    expect(lines[3]).toMatch(/^c0ffee00 {2}2d ago\s+zeroclaw\s+\/srv\/project\s+review the diff$/);
    // Columns line up.
    expect(new Set(lines.map((line) => line.indexOf(line.split(/\s{2,}/)[3]!))).size).toBe(1);

    const json = await zc(["sessions", "--json"], env);
    const entries = JSON.parse(json.stdout) as SessionEntry[];
    expect(entries.map((session) => session.id)).toEqual([
      "0b6f2a0e-5f1d-4c1e-9a57-2f1a3f0c9d11",
      "77aa0000-2222-4c1e-9a57-2f1a3f0c9d11",
      "c0ffee00-1111-4c1e-9a57-2f1a3f0c9d11",
    ]);
    expect(entries[2]).toEqual(
      expect.objectContaining({
        alias: "coder",
        transport: { kind: "gateway", url: "ws://127.0.0.1:42617/acp" },
        cwd: "/srv/project",
      }),
    );
  });

  it("never prints an escape sequence from the index", async () => {
    const { env, stateDir } = tempHome();
    mkdirSync(stateDir, { recursive: true });
    writeFileSync(
      join(stateDir, "sessions.json"),
      JSON.stringify({
        version: 1,
        sessions: [
          entry("e5c0ffee-0000", {
            agent: "evil\u001b]52;c;aGk=\u0007",
            title: "title \u001b[2J\u009b31m here",
            lastActivity: ago(1000),
          }),
        ],
      }),
    );
    const listed = await zc(["sessions"], env);
    expect(listed.stdout).not.toMatch(/[\u001b\u009b\u0007]/);
    expect(listed.stdout).toContain("just now");
  });

  it("rebuilds a corrupt index from the transcripts, with a warning on stderr", async () => {
    const { env, stateDir } = tempHome();
    const { lastActivity: _unused, ...fields } = entry("abcdef01-0000-4000-8000-000000000000", { title: "" });
    const journal = JournalWriter.open(stateDir, fields);
    journal.appendPrompt("what changed since yesterday?");
    journal.close();
    writeFileSync(join(stateDir, "sessions.json"), '{"version":1,"sess');
    const listed = await zc(["sessions"], env);
    expect(listed.exitCode).toBe(0);
    expect(listed.stderr).toMatch(
      /warning: the session index .* was corrupt .* rebuilt it from the transcripts with 1 session/,
    );
    expect(listed.stdout).toMatch(/abcdef01 .*what changed since yesterday\?/);
  });

  it("exits 2 on a usage error", async () => {
    const { env } = tempHome();
    const result = await zc(["sessions", "--nope"], env);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain("Usage: zc-pane sessions [connection options] [--json]");
  });
});

describe("zc-pane prompt records its session", () => {
  it("in the index, titled by the prompt, and its updates in the journal", async () => {
    const { env, home, stateDir } = tempHome();
    const cwd = join(home, "work");
    mkdirSync(cwd);
    const prompt = await zc(["prompt", "--demo", "think it over\nsecond line"], env, cwd);
    expect(prompt.exitCode).toBe(0);
    expect(prompt.stderr).not.toContain("warning");

    const json = await zc(["sessions", "--json"], env);
    const [session, ...others] = JSON.parse(json.stdout) as SessionEntry[];
    expect(others).toEqual([]);
    expect(session).toMatchObject({
      agent: "demo",
      title: "think it over",
      cwd,
      transport: { kind: "stdio", command: process.execPath },
    });
    expect(session!.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await zc(["sessions"], env)).stdout).toContain(`${session!.id.slice(0, 8)}  just now`);

    const journal = await readSessionJournal(stateDir, session!.id);
    expect(journal?.warnings).toEqual([]);
    expect(journal?.header).toMatchObject({ id: session!.id, title: "think it over" });
    const kinds = journal!.entries.map((entry) => (entry.t === "update" ? entry.update.sessionUpdate : entry.t));
    expect(kinds[0]).toBe("prompt");
    expect(kinds).toContain("agent_thought_chunk");
    expect(kinds).toContain("agent_message_chunk");
    expect(kinds.at(-1)).toBe("turn-end");
  });

  it("two prompts running at once both end up in the index", async () => {
    const { env } = tempHome();
    const [first, second] = await Promise.all([
      zc(["prompt", "--demo", "think one"], env),
      zc(["prompt", "--demo", "think two"], env),
    ]);
    expect([first.exitCode, second.exitCode]).toEqual([0, 0]);
    const titles = (JSON.parse((await zc(["sessions", "--json"], env)).stdout) as SessionEntry[])
      .map((session) => session.title)
      .sort();
    expect(titles).toEqual(["think one", "think two"]);
  });

  it("a resumed session keeps its title and gets newer activity", async () => {
    const { env } = tempHome();
    expect((await zc(["prompt", "--demo", "think first"], env)).exitCode).toBe(0);
    const [before] = JSON.parse((await zc(["sessions", "--json"], env)).stdout) as SessionEntry[];
    const resumed = await zc(["prompt", "--demo", "--resume", before!.id, "think again"], env);
    expect(resumed.exitCode).toBe(0);
    const after = JSON.parse((await zc(["sessions", "--json"], env)).stdout) as SessionEntry[];
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: before!.id, title: "think first", created: before!.created });
    expect(Date.parse(after[0]!.lastActivity)).toBeGreaterThan(Date.parse(before!.lastActivity));
  });
});

describe("formatting helpers", () => {
  it("ages", () => {
    expect(formatAge(2_000)).toBe("just now");
    expect(formatAge(42_000)).toBe("42s ago");
    expect(formatAge(3 * 60_000)).toBe("3m ago");
    expect(formatAge(5 * 3_600_000)).toBe("5h ago");
    expect(formatAge(2 * 86_400_000)).toBe("2d ago");
    expect(formatAge(200 * 86_400_000)).toBe("6mo ago");
    expect(formatAge(800 * 86_400_000)).toBe("2y ago");
    expect(formatAge(-5_000)).toBe("just now");
  });

  it("home as ~, only at a path boundary", () => {
    expect(tildePath("/home/me/proj", "/home/me")).toBe("~/proj");
    expect(tildePath("/home/me", "/home/me")).toBe("~");
    expect(tildePath("/home/meg/proj", "/home/me")).toBe("/home/meg/proj");
  });
});
