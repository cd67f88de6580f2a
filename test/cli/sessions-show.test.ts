import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { CLI } from "../helpers/demo-agent.js";

function zc(args: string[], env: Record<string, string>) {
  const { CI: _ci, CONTINUOUS_INTEGRATION: _cont, ...inherited } = process.env;
  const clean = Object.fromEntries(Object.entries(inherited).filter(([key]) => !key.startsWith("CI_")));
  return execa(process.execPath, [CLI, ...args], {
    reject: false,
    stdin: "ignore",
    env: { ...clean, ...env },
    extendEnv: false,
    timeout: 60_000,
  });
}

describe("zc-pane sessions show", () => {
  it("prints a saved session by id prefix as text, markdown or JSON; an unknown id says how to list them", async () => {
    const home = mkdtempSync(join(tmpdir(), "zc-pane-show-"));
    const env = { HOME: home, XDG_STATE_HOME: join(home, "state"), XDG_CONFIG_HOME: join(home, "config") };
    const prompted = await zc(["prompt", "--demo", "think"], env);
    expect(prompted.exitCode).toBe(0);
    const listed = await zc(["sessions", "--json"], env);
    const [session] = JSON.parse(listed.stdout) as { id: string }[];
    expect(session).toBeDefined();
    const prefix = session!.id.slice(0, 6);

    const text = await zc(["sessions", "show", prefix], env);
    expect(text.exitCode).toBe(0);
    expect(text.stdout).toContain("› think");
    // Thoughts in full (the pane's transcript shows their first line only), and no escape codes when piped.
    expect(text.stdout).toMatch(/✻ .*\n✻ /);
    expect(text.stdout).toContain("Done thinking.");
    expect(text.stdout).not.toContain("\u001b");

    const markdown = await zc(["sessions", "show", prefix, "--markdown"], env);
    expect(markdown.stdout).toContain("## You\n\n> think");
    expect(markdown.stdout).toContain("<details><summary>thought</summary>");

    const json = await zc(["sessions", "show", prefix, "--json"], env);
    const parsed = JSON.parse(json.stdout) as { session: { id: string }; entries: { kind: string }[] };
    expect(parsed.session.id).toBe(session!.id);
    expect(parsed.entries.map((entry) => entry.kind)).toEqual(
      expect.arrayContaining(["user", "thought", "agent-text"]),
    );

    const unknown = await zc(["sessions", "show", "ffffffff"], env);
    expect(unknown.exitCode).toBe(1);
    expect(unknown.stderr).toContain("`zc-pane sessions`");
  });
});
