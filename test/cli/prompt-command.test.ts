import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { CLI } from "../helpers/demo-agent.js";

/** Runs the built `zc-pane prompt` as a user would, with its own state dirs and no terminal. */
function zcPrompt(args: string[], options: { signalWhenStdoutHas?: string } = {}) {
  const home = mkdtempSync(join(tmpdir(), "zc-pane-prompt-"));
  const child = execa(process.execPath, [CLI, "prompt", ...args], {
    reject: false,
    stdin: "ignore",
    env: { XDG_STATE_HOME: join(home, "state"), XDG_CONFIG_HOME: join(home, "config"), HOME: home },
    timeout: 60_000,
  });
  const mark = options.signalWhenStdoutHas;
  if (mark !== undefined) {
    // Ctrl+C once the answer is streaming (a fixed delay raced start-up on a loaded machine).
    let seen = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      if (seen.includes(mark)) return;
      seen += chunk.toString();
      if (seen.includes(mark)) child.kill("SIGINT");
    });
  }
  return child;
}

describe("zc-pane prompt, end to end", () => {
  it("streams the answer to stdout and tool lines to stderr, exit 0", async () => {
    const result = await zcPrompt(["--demo", "--approve", "allow-once", "show me a shell command"]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout.length).toBeGreaterThan(20);
    expect(result.stderr).toMatch(/shell: git status --short/);
    expect(result.stdout).not.toContain("\u001b");
  });

  it("exits 0 when the policy rejects, and the agent hears the rejection", async () => {
    const result = await zcPrompt(["--demo", "--approve", "reject", "shell"]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/You rejected `git status --short`/);
  });

  it("exits 3 when a permission is needed and there is no terminal to ask on", async () => {
    const result = await zcPrompt(["--demo", "shell"]);
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toMatch(/no terminal to ask on/);
  });

  it("with --json prints every message from the agent unchanged, and nothing else", async () => {
    const result = await zcPrompt(["--demo", "--json", "--approve", "allow-once", "shell"]);
    expect(result.exitCode).toBe(0);
    const lines = result.stdout.split("\n").filter(Boolean);
    expect(lines.length).toBeGreaterThan(3);
    const messages = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(messages.every((message) => message.jsonrpc === "2.0")).toBe(true);
    expect(
      messages.some((message) => message.method === "session/request_permission" && message.id === "zc-out-0"),
    ).toBe(true);
    expect(messages.at(-1)).toMatchObject({ result: { stopReason: "end_turn" } });
  });

  it("strips escape sequences the agent sends", async () => {
    const result = await zcPrompt(["--demo", "ansi"]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).not.toMatch(/[\u001b\u009b\u0007]/);
    expect(result.stdout.length).toBeGreaterThan(0);
  });

  it("attaches a file, and refuses one over 10 MiB before sending (exit 1)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "zc-pane-file-"));
    const small = join(dir, "notes.md");
    writeFileSync(small, "# Notes\nThe secret word is kumquat.\n");
    const ok = await zcPrompt(["--demo", "--approve", "allow-once", "--file", small, "summarise the attached file"]);
    expect(ok.exitCode).toBe(0);

    const big = join(dir, "big.bin");
    writeFileSync(big, Buffer.alloc(10 * 1024 * 1024 + 1));
    const refused = await zcPrompt(["--demo", "--file", big, "look"]);
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain("over the 10 MiB limit; nothing was sent");
  });

  it("Ctrl+C cancels the turn and exits 130 after the cancelled result", async () => {
    const result = await zcPrompt(["--demo", "slow"], { signalWhenStdoutHas: "tick 2/300" });
    expect(result.exitCode).toBe(130);
  });

  it("exits 1 with a clear message for an unknown session id", async () => {
    const result = await zcPrompt(["--demo", "--resume", "00000000-0000-4000-8000-000000000000", "hello"]);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain("unknown session 00000000-0000-4000-8000-000000000000");
  });

  it("exits 2 on usage errors", async () => {
    expect((await zcPrompt(["--demo"])).exitCode).toBe(2);
    expect((await zcPrompt(["--demo", "--approve", "maybe", "hi"])).exitCode).toBe(2);
    expect((await zcPrompt(["--no-such-flag", "hi"])).exitCode).toBe(2);
  });

  it("exits 1 with a clear message when the agent command does not exist", async () => {
    const result = await zcPrompt(["--agent-cmd", "zc-pane-no-such-agent --acp", "hi"]);
    expect(result.exitCode).toBe(1);
    expect(result.stderr).toContain("`zc-pane-no-such-agent` was not found on PATH");
  });
});
