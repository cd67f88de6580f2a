import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { CLI } from "../helpers/demo-agent.js";
import { sdkAgentCommandLine } from "../helpers/sdk-agent/start.js";

/**
 * The agent's own title for a session (`session_info_update`) reaches the local index: `zc-pane prompt`
 * against the SDK 2.4.0 agent (its `title TEXT` script), then `zc-pane sessions` as real processes.
 */
const zc = (args: string[], env: Record<string, string>) =>
  execa(process.execPath, [CLI, ...args], { reject: false, stdin: "ignore", env, timeout: 60_000 });

describe("session titles from the agent", () => {
  it("zc-pane sessions shows the title the agent gave the session, not the first prompt", async () => {
    const home = mkdtempSync(join(tmpdir(), "zc-pane-titles-"));
    const env = { HOME: home, XDG_STATE_HOME: join(home, "state"), XDG_CONFIG_HOME: join(home, "config") };
    const ran = await zc(["prompt", "--agent-cmd", sdkAgentCommandLine(), "title Agent named this"], env);
    expect(ran.exitCode).toBe(0);

    const listed = await zc(["sessions"], env);
    expect(listed.exitCode).toBe(0);
    const [header, row, ...rest] = listed.stdout.split("\n");
    expect(header).toMatch(/TITLE$/);
    // The first prompt was "title Agent named this": the agent's title is what shows.
    expect(row).toMatch(/ {2}Agent named this$/);
    expect(row).not.toContain("title Agent");
    expect(rest).toEqual([]);

    const json = JSON.parse((await zc(["sessions", "--json"], env)).stdout) as { title: string }[];
    expect(json.map((session) => session.title)).toEqual(["Agent named this"]);
  }, 60_000);
});
