// The registry end to end: the built `zc-pane prompt` picks agents from --agent-cmd and from the config file,
// and what an entry says (command, args, env, quirks) reaches the real agent process.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import { CLI } from "../helpers/demo-agent.js";
import { SDK_AGENT } from "../helpers/sdk-agent/start.js";

/** The example agent shipped in @agentclientprotocol/sdk 1.9.0 (acp-standard.md §5.6). */
const EXAMPLE_AGENT = join(import.meta.dirname, "../../node_modules/acp-example-agent/dist/examples/agent.js");

const homes: string[] = [];
afterEach(() => {
  for (const home of homes.splice(0)) rmSync(home, { recursive: true, force: true });
});

function freshHome(config?: unknown): string {
  const home = mkdtempSync(join(tmpdir(), "zc-pane-agents-cli-"));
  homes.push(home);
  mkdirSync(join(home, "project"));
  if (config !== undefined) {
    mkdirSync(join(home, "config", "zc-pane"), { recursive: true });
    writeFileSync(
      join(home, "config", "zc-pane", "config.json"),
      typeof config === "string" ? config : JSON.stringify(config),
    );
  }
  return home;
}

function prompt(home: string, args: string[], env: Record<string, string> = {}) {
  return execa(process.execPath, [CLI, "prompt", "--cwd", join(home, "project"), ...args], {
    reject: false,
    stdin: "ignore",
    env: { HOME: home, XDG_CONFIG_HOME: join(home, "config"), XDG_STATE_HOME: join(home, "state"), ...env },
    timeout: 60_000,
  });
}

/** The `RESULT {json}` lines the scripted agent wrote (printed by `prompt` as answer text). */
function results(stdout: string): Array<Record<string, unknown>> {
  return stdout
    .split("\n")
    .filter((line) => line.startsWith("RESULT "))
    .map((line) => JSON.parse(line.slice("RESULT ".length)) as Record<string, unknown>);
}

describe("agents through zc-pane prompt", () => {
  it("runs the SDK 1.9.0 example agent with --agent-cmd, approving its edit", async () => {
    const result = await prompt(freshHome(), [
      "--agent-cmd",
      `${process.execPath} ${EXAMPLE_AGENT}`,
      "--approve",
      "allow-once",
      "hello",
    ]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain("I'll help you with that.");
    expect(result.stdout).toContain("Perfect!");
    expect(result.stderr).toContain("Modifying critical configuration file");
  }, 30_000);

  it("runs a config file agent by name, and the config's defaultAgent without --agent", async () => {
    const home = freshHome({
      agents: { example: { command: process.execPath, args: [EXAMPLE_AGENT] } },
      defaultAgent: "example",
    });
    const named = await prompt(home, ["--agent", "example", "--approve", "reject", "hello"]);
    expect(named.exitCode).toBe(0);
    expect(named.stdout).toContain("I understand you prefer not to");
    const byDefault = await prompt(home, ["--approve", "reject", "hello"]);
    expect(byDefault.exitCode).toBe(0);
    expect(byDefault.stdout).toContain("I understand you prefer not to");
  }, 40_000);

  it("an override of a built-in keeps its quirks: gemini's empty read of a missing file reaches the agent", async () => {
    const home = freshHome({
      agents: {
        gemini: { command: process.execPath, args: [SDK_AGENT] },
        plain: { command: process.execPath, args: [SDK_AGENT, "--no-models"] },
      },
    });
    const missing = join(home, "project", "new-file.ts");
    const asGemini = await prompt(home, ["--agent", "gemini", `read ${missing}`]);
    expect(asGemini.exitCode).toBe(0);
    expect(results(asGemini.stdout)).toEqual([{ op: "read", ok: true, result: { content: "" } }]);
    // The same agent under an entry without the quirk gets the standard "not found" error.
    const plain = await prompt(home, ["--agent", "plain", `read ${missing}`]);
    expect(results(plain.stdout)).toEqual([expect.objectContaining({ op: "read", ok: false })]);
  });

  it("an entry's env reaches the agent, and its env_var auth method is used from it", async () => {
    const home = freshHome({
      agents: {
        sdk: { command: process.execPath, args: [SDK_AGENT, "--auth"], env: { TEST_AGENT_API_KEY: "sk-from-config" } },
      },
    });
    const result = await prompt(home, ["--agent", "sdk", "whoami"]);
    expect(result.exitCode).toBe(0);
    expect(results(result.stdout)[0]).toMatchObject({ authenticatedWith: "test-api-key" });
  });

  it("--auth picks the method; without a usable one the error lists the methods (exit 1)", async () => {
    const home = freshHome({ agents: { sdk: { command: process.execPath, args: [SDK_AGENT, "--auth"] } } });
    const chosen = await prompt(home, ["--agent", "sdk", "--auth", "browser-login", "whoami"]);
    expect(chosen.exitCode).toBe(0);
    expect(results(chosen.stdout)[0]).toMatchObject({ authenticatedWith: "browser-login" });
    const refused = await prompt(home, ["--agent", "sdk", "whoami"]);
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain("zc-pane-sdk-test-agent requires authentication. Its methods:");
    expect(refused.stderr).toContain("Pick one with --auth METHOD_ID.");
  });

  it("a bad config file is a clear error naming the field (exit 1)", async () => {
    const home = freshHome({ agents: { example: { command: process.execPath, args: [EXAMPLE_AGENT], cwd: 3 } } });
    const result = await prompt(home, ["--agent", "example", "hello"]);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain(
      `${join(home, "config", "zc-pane", "config.json")}: agents.example.cwd: expected a string, got number 3`,
    );
  });

  it("a missing built-in command names its package; no agent at all explains how to pick one", async () => {
    const home = freshHome();
    const empty = join(home, "empty-bin");
    mkdirSync(empty);
    const missing = await prompt(home, ["--agent", "claude", "hello"], { PATH: empty });
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toContain(
      "`claude-agent-acp` was not found on PATH; install it with `npm install -g @zed-industries/claude-agent-acp`",
    );
    const none = await prompt(home, ["hello"], { PATH: empty });
    expect(none.exitCode).toBe(1);
    expect(none.stderr).toContain("no agent selected");
    expect(none.stderr).toContain("--demo");
  });
});
