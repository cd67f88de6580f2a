import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import type { SessionEntry } from "../../src/state/persistence/session-entry.js";
import { SessionIndex } from "../../src/state/persistence/session-index.js";
import { CLI } from "../helpers/demo-agent.js";
import { sdkAgentCommandLine } from "../helpers/sdk-agent/start.js";

/** `zc-pane sessions` as a real process; with connection options, the SDK 2.4.0 agent's session/list (--store). */
function setup() {
  const home = mkdtempSync(join(tmpdir(), "zc-pane-agent-sessions-"));
  const env = { HOME: home, XDG_STATE_HOME: join(home, "state"), XDG_CONFIG_HOME: join(home, "config") };
  const store = join(home, "agent-store.json");
  writeFileSync(
    store,
    JSON.stringify([
      { sessionId: "aaaa1111-agent-only", cwd: "/srv/api", title: "Fix the login", updatedAt: "2026-11-30T10:00:00Z" },
      { sessionId: "bbbb2222-both", cwd: "/srv/web", title: "Agent title", updatedAt: "2026-12-01T10:00:00Z" },
    ]),
  );
  return { home, env, store };
}

const zc = (args: string[], env: Record<string, string>) =>
  execa(process.execPath, [CLI, ...args], { reject: false, stdin: "ignore", env, timeout: 60_000 });

describe("zc-pane sessions with the agent's own list", () => {
  it("merges session/list with the local index; without connection options it stays local", async () => {
    const { env, store, home } = setup();
    const local: SessionEntry = {
      id: "bbbb2222-both",
      agent: "sdk",
      transport: { kind: "stdio", command: "node", args: [] },
      cwd: "/srv/web",
      title: "",
      created: "2026-11-01T10:00:00Z",
      lastActivity: "2026-11-02T10:00:00Z",
    };
    await new SessionIndex(join(home, "state", "zc-pane")).record(local);

    const alone = await zc(["sessions", "--json"], env);
    expect(alone.exitCode).toBe(0);
    expect((JSON.parse(alone.stdout) as { id: string }[]).map((session) => session.id)).toEqual(["bbbb2222-both"]);

    const merged = await zc(["sessions", "--agent-cmd", sdkAgentCommandLine(["--store", store]), "--json"], env);
    expect(merged.stderr).toBe("");
    expect(merged.exitCode).toBe(0);
    expect(JSON.parse(merged.stdout)).toEqual([
      expect.objectContaining({
        id: "bbbb2222-both",
        where: "both",
        title: "Agent title",
        lastActivity: "2026-12-01T10:00:00Z",
      }),
      {
        id: "aaaa1111-agent-only",
        agent: "SDK test agent",
        cwd: "/srv/api",
        title: "Fix the login",
        lastActivity: "2026-11-30T10:00:00Z",
        where: "agent",
      },
    ]);

    const table = await zc(["sessions", "--agent-cmd", sdkAgentCommandLine(["--store", store])], env);
    expect(table.exitCode).toBe(0);
    expect(table.stdout).toMatch(/^aaaa1111\S*\s+\S+ ago\s+SDK test agent \(agent\)\s+\/srv\/api\s+Fix the login$/m);
  });

  it("says so when the agent cannot list its sessions", async () => {
    const { env } = setup();
    const result = await zc(["sessions", "--agent-cmd", sdkAgentCommandLine()], env);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain("cannot list its sessions (no sessionCapabilities.list)");
  });
});
