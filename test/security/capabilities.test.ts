import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import { CLI } from "../helpers/demo-agent.js";
import { HostileFixture, type HostileAction } from "../helpers/hostile/fixture.js";
import { startHostileGateway } from "../helpers/hostile/hostile-gateway.js";

/**
 * What an agent may do on the user's machine (design.md §7), with a hostile agent over stdio and a hostile
 * gateway (a real `ws` server on 127.0.0.1), through the built `zc-pane prompt` and `doctor --live`. The
 * assertions are on what the peer was offered and answered, on stderr, and on the files left behind.
 * `npm run build` first when running this file alone.
 */
let fixture: HostileFixture | undefined;
afterEach(() => {
  fixture?.remove();
  fixture = undefined;
});

/** Runs `touch MARKER` through terminal/create (no tool call mentions it) and writes a file. */
function sideEffects(f: HostileFixture): HostileAction[] {
  return [
    {
      do: "request",
      method: "terminal/create",
      params: { sessionId: "$SESSION", command: "sh", args: ["-c", `touch ${join(f.root, "ran")}; echo made it`] },
    },
    { do: "request", method: "terminal/wait_for_exit", params: { sessionId: "$SESSION", terminalId: "$TERMINAL" } },
    {
      do: "request",
      method: "fs/write_text_file",
      params: { sessionId: "$SESSION", path: "$CWD/written.txt", content: "x" },
    },
  ];
}

/** What the agent was offered of the two capabilities that act on this machine (fs, terminal). */
function offered(f: HostileFixture): unknown {
  const initialize = f.received().find((message) => message.method === "initialize") as
    { params: { clientCapabilities: { fs?: unknown; terminal?: unknown } } } | undefined;
  const capabilities = initialize?.params.clientCapabilities;
  return capabilities && { fs: capabilities.fs, terminal: capabilities.terminal };
}

function refusedBoth(f: HostileFixture): void {
  const errors = f.answers().map((answer) => (answer.error as { code?: number; message?: string } | undefined) ?? {});
  expect(errors.filter((error) => error.code === -32601).map((error) => error.message)).toEqual([
    expect.stringMatching(/^Method not found: terminal\/create is not offered/),
    expect.stringMatching(/^Method not found: terminal\/wait_for_exit is not offered/),
    expect.stringMatching(/^Method not found: fs\/write_text_file is not offered/),
  ]);
  expect(existsSync(join(f.root, "ran"))).toBe(false);
  expect(existsSync(join(f.project, "written.txt"))).toBe(false);
}

describe("a gateway", () => {
  it("is offered reads only; its terminal/create and fs/write_text_file are refused with an error and a line to the user", async () => {
    const f = (fixture = new HostileFixture());
    const script = sideEffects(f);
    f.writeScript({ prompt: script });
    const gateway = await startHostileGateway({ script: f.script, log: f.log });
    try {
      const result = await f.prompt(["--gateway", gateway.url, "--approve", "allow-once", "go"]);
      expect(result.exitCode, result.stderr).toBe(0);
      expect(offered(f)).toEqual({ fs: { readTextFile: true, writeTextFile: false }, terminal: false });
      refusedBoth(f);
      expect(result.stderr).toMatch(
        /refused: the agent tried to run `sh -c touch .*ran; echo made it` \(a gateway may not run commands or write files here; start zc-pane with --trust-gateway/,
      );
      expect(result.stderr).toMatch(/refused: the agent tried to write .*written\.txt/);
    } finally {
      await gateway.close();
    }
  });

  it("with --trust-gateway runs the command, and prompt shows it start and end", async () => {
    const f = (fixture = new HostileFixture());
    f.writeScript({ prompt: sideEffects(f) });
    const gateway = await startHostileGateway({ script: f.script, log: f.log });
    try {
      const result = await f.prompt(["--gateway", gateway.url, "--trust-gateway", "--approve", "allow-once", "go"]);
      expect(result.exitCode, result.stderr).toBe(0);
      expect(offered(f)).toEqual({ fs: { readTextFile: true, writeTextFile: true }, terminal: true });
      expect(existsSync(join(f.root, "ran"))).toBe(true);
      expect(readFileSync(join(f.project, "written.txt"), "utf8")).toBe("x");
      const lines = result.stderr.split("\n");
      expect(lines).toContainEqual(
        expect.stringMatching(/^\$ sh -c touch .*ran; echo made it {2}\(agent command in .*project\)$/),
      );
      expect(lines).toContainEqual(expect.stringMatching(/^\$ sh -c touch .*ran; echo made it {2}→ exit 0$/));
      expect(lines).toContainEqual(expect.stringMatching(/^created .*project\/written\.txt$/));
    } finally {
      await gateway.close();
    }
  });
});

describe("an agent over stdio", () => {
  it("runs commands no tool call mentions, each one shown by prompt when it starts and ends, without the bridge token in its env", async () => {
    const f = (fixture = new HostileFixture());
    const { writeFileSync } = await import("node:fs");
    const envFile = join(f.root, "env.txt");
    writeFileSync(
      f.script,
      JSON.stringify({
        prompt: [
          {
            do: "request",
            method: "terminal/create",
            params: { sessionId: "$SESSION", command: "sh", args: ["-c", `env > ${envFile}; exit 3`] },
          },
          {
            do: "request",
            method: "terminal/wait_for_exit",
            params: { sessionId: "$SESSION", terminalId: "$TERMINAL" },
          },
          {
            do: "request",
            method: "fs/write_text_file",
            params: { sessionId: "$SESSION", path: "$CWD/w.txt", content: "y" },
          },
        ],
      }),
    );
    const result = await f.prompt(["--agent-cmd", f.agentCommand, "--approve", "allow-once", "go"], {
      ZEROCLAW_ACP_BRIDGE_TOKEN: "bridge-secret-4711",
      KEEP_ME: "visible",
    });
    expect(result.exitCode, result.stderr).toBe(0);
    const env = readFileSync(envFile, "utf8");
    expect(env).not.toContain("bridge-secret-4711");
    expect(env).toContain("KEEP_ME=visible");
    const lines = result.stderr.split("\n");
    expect(lines).toContainEqual(
      expect.stringMatching(/^\$ sh -c env > .*env\.txt; exit 3 {2}\(agent command in .*project\)$/),
    );
    expect(lines).toContainEqual(expect.stringMatching(/^\$ sh -c env > .*env\.txt; exit 3 {2}→ exit 3$/));
    expect(lines).toContainEqual(expect.stringMatching(/^created .*project\/w\.txt$/));
  });

  it("under --approve reject is offered no commands and no writes, and one tried anyway is refused", async () => {
    const f = (fixture = new HostileFixture());
    f.writeScript({ prompt: sideEffects(f) });
    const result = await f.prompt(["--agent-cmd", f.agentCommand, "--approve", "reject", "go"]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(offered(f)).toEqual({ fs: { readTextFile: true, writeTextFile: false }, terminal: false });
    refusedBoth(f);
    expect(result.stderr).toMatch(
      /refused: the agent tried to run `sh -c touch .*\(--approve reject refuses commands and file writes\)/,
    );
  });

  it("under doctor --live runs nothing", async () => {
    const f = (fixture = new HostileFixture());
    f.writeScript({ prompt: sideEffects(f) });
    const result = await execa(process.execPath, [CLI, "doctor", "--agent-cmd", f.agentCommand, "--live"], {
      cwd: f.project,
      reject: false,
      stdin: "ignore",
      extendEnv: false,
      env: f.env(),
      timeout: 60_000,
    });
    expect(
      f.received().some((message) => message.method === "session/prompt"),
      result.stdout + result.stderr,
    ).toBe(true);
    expect(offered(f)).toEqual({ fs: { readTextFile: true, writeTextFile: false }, terminal: false });
    refusedBoth(f);
  });
});
