import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CONNECTION_OPTIONS, connectionOptionsFrom, parseCommandArgs } from "../../src/cli/args.js";
import { checkAgentCommand, connect } from "../../src/cli/connect.js";
import { ClientError } from "../../src/client/errors.js";
import {
  AgentRegistryError,
  buildAgentRegistry,
  findOnPath,
  installHint,
  loadAgentRegistry,
} from "../../src/config/agents.js";
import { ConfigFileError, type ConfigFile } from "../../src/config/config-file.js";
import {
  AgentSelectionError,
  resolveConnection,
  UsageError,
  type StdioConnection,
} from "../../src/config/connection.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "zc-pane-agents-"));
  dirs.push(dir);
  return dir;
}

/** A directory with executable stubs named `names`, for PATH. */
function binDir(...names: string[]): string {
  const dir = tempDir();
  for (const name of names) {
    writeFileSync(join(dir, name), "#!/bin/sh\nexit 0\n");
    chmodSync(join(dir, name), 0o755);
  }
  return dir;
}

/** An environment whose config dir holds `config` (when given) and whose PATH is `path`. */
function context(config?: ConfigFile | string, path = "") {
  const root = tempDir();
  if (config !== undefined) {
    mkdirSync(join(root, "zc-pane"));
    writeFileSync(join(root, "zc-pane", "config.json"), typeof config === "string" ? config : JSON.stringify(config));
  }
  return {
    env: { XDG_CONFIG_HOME: root, PATH: path },
    home: "/home/me",
    configPath: join(root, "zc-pane", "config.json"),
  };
}

function stdio(options: Parameters<typeof resolveConnection>[0], ctx: ReturnType<typeof context>): StdioConnection {
  const connection = resolveConnection(options, ctx);
  if (connection.kind !== "stdio") throw new Error("expected a stdio connection");
  return connection;
}

describe("the built-in registry", () => {
  it("has zeroclaw, demo and the standard ACP agents with their install packages", () => {
    const registry = buildAgentRegistry({}, "/c/config.json", { configFound: false });
    const entries = Object.fromEntries(
      [...registry.agents.values()].map((agent) => [agent.name, [agent.command, agent.args, agent.npmPackage]]),
    );
    expect(entries).toEqual({
      zeroclaw: ["zeroclaw", ["acp"], undefined],
      demo: [process.execPath, [expect.stringMatching(/bin\/zc-pane\.js$/), "demo-agent"], undefined],
      claude: ["claude-agent-acp", [], "@zed-industries/claude-agent-acp"],
      codex: ["codex-acp", [], "@zed-industries/codex-acp"],
      gemini: ["gemini", ["--acp"], "@google/gemini-cli"],
      opencode: ["opencode", ["acp"], "opencode-ai"],
    });
    expect(registry.agents.get("gemini")?.quirks).toEqual({ missingFileReadsAsEmpty: true });
    expect(registry.agents.get("claude")?.quirks).toEqual({});
  });

  it("lets config entries override built-in ones field by field, and add new ones", () => {
    const registry = buildAgentRegistry(
      {
        agents: {
          gemini: { env: { GEMINI_API_KEY: "k" }, quirks: {} },
          claude: { command: "/opt/claude-acp/bin/claude-agent-acp" },
          mine: { command: "my-agent", args: ["serve", "--acp"], cwd: "~/agents" },
        },
      },
      "/c/config.json",
      { home: "/home/me" },
    );
    // The override keeps what it does not mention (command, args, the quirk, the package).
    expect(registry.agents.get("gemini")).toMatchObject({
      command: "gemini",
      args: ["--acp"],
      env: { GEMINI_API_KEY: "k" },
      quirks: { missingFileReadsAsEmpty: true },
      npmPackage: "@google/gemini-cli",
      source: "built-in, overridden by config",
    });
    // Another command: the package hint no longer applies.
    expect(registry.agents.get("claude")).toMatchObject({ command: "/opt/claude-acp/bin/claude-agent-acp", args: [] });
    expect(registry.agents.get("claude")?.npmPackage).toBeUndefined();
    expect(registry.agents.get("mine")).toMatchObject({
      command: "my-agent",
      args: ["serve", "--acp"],
      cwd: "/home/me/agents",
      quirks: {},
      source: "config",
    });
  });

  it("refuses a new agent without a command, and a defaultAgent that names nothing", () => {
    expect(() => buildAgentRegistry({ agents: { mine: { args: ["x"] } } }, "/c/config.json")).toThrow(
      new AgentRegistryError(
        '/c/config.json: agents.mine.command: missing (a new agent needs the program to run; put its arguments in "args")',
      ),
    );
    expect(() => buildAgentRegistry({ defaultAgent: "cluade" }, "/c/config.json")).toThrow(
      /defaultAgent "cluade" is not an agent; known agents are zeroclaw, demo, claude, codex, gemini, opencode/,
    );
  });

  it("loads the config file through the environment; a bad one is a clear error", () => {
    expect(loadAgentRegistry(context({ agents: { mine: { command: "m" } } }).env).agents.has("mine")).toBe(true);
    const bad = context(JSON.stringify({ agents: { claude: { args: [1] } } }));
    expect(() => loadAgentRegistry(bad.env)).toThrow(
      new ConfigFileError(`${bad.configPath}: agents.claude.args[0]: expected a string, got number 1`, bad.configPath),
    );
  });
});

describe("picking the agent", () => {
  it("--agent NAME takes the registry entry, with its env, cwd and quirks", () => {
    const ctx = context({
      agents: { mine: { command: "my-agent", args: ["--acp"], env: { MODE: "x" }, cwd: "/srv" } },
    });
    expect(stdio({ agent: "mine" }, ctx)).toMatchObject({
      agentName: "mine",
      command: { command: "my-agent", args: ["--acp"], env: { MODE: "x" }, cwd: "/srv" },
      quirks: {},
    });
    expect(stdio({ agent: "gemini" }, ctx)).toMatchObject({
      agentName: "gemini",
      command: { command: "gemini", args: ["--acp"] },
      quirks: { missingFileReadsAsEmpty: true },
    });
    expect(stdio({ demo: true }, ctx).agentName).toBe("demo");
  });

  it("names the known agents, config ones included, for an unknown name", () => {
    const ctx = context({ agents: { mine: { command: "m" } } });
    expect(() => resolveConnection({ agent: "cluade" }, ctx)).toThrow(UsageError);
    expect(() => resolveConnection({ agent: "cluade" }, ctx)).toThrow(
      /known agents are zeroclaw, demo, claude, codex, gemini, opencode, mine \(add one in .*config\.json, or use --agent-cmd "CMD ARGS"\)/,
    );
  });

  it("defaults to the config's defaultAgent, else zeroclaw when it is on PATH, else explains how to pick", () => {
    expect(stdio({}, context({ defaultAgent: "claude" })).agentName).toBe("claude");
    expect(stdio({}, context(undefined, binDir("zeroclaw"))).command).toEqual({ command: "zeroclaw", args: ["acp"] });
    const ctx = context(undefined, binDir("claude-agent-acp"));
    const error = (() => {
      try {
        resolveConnection({}, ctx);
      } catch (caught) {
        return caught as Error;
      }
      throw new Error("expected an error");
    })();
    expect(error).toBeInstanceOf(AgentSelectionError);
    expect(error.message).toContain("no agent selected, and `zeroclaw` is not on PATH to be the default");
    expect(error.message).toContain("--agent NAME (claude, codex, gemini, opencode)");
    expect(error.message).toContain('--agent-cmd "CMD ARGS"');
    expect(error.message).toContain("--demo");
    expect(error.message).toContain(`set "defaultAgent" in ${ctx.configPath}`);
  });

  it("gives --agent-cmd the quirks of the registry entry whose command line it starts with", () => {
    const ctx = context();
    expect(stdio({ agentCmd: "gemini --acp" }, ctx)).toMatchObject({
      agentName: "gemini",
      command: { command: "gemini", args: ["--acp"] },
      quirks: { missingFileReadsAsEmpty: true },
    });
    expect(stdio({ agentCmd: "/usr/local/bin/gemini --acp" }, ctx).quirks).toEqual({ missingFileReadsAsEmpty: true });
    expect(stdio({ agentCmd: "gemini --acp --debug" }, ctx).quirks).toEqual({ missingFileReadsAsEmpty: true });
    expect(stdio({ agentCmd: "gemini" }, ctx).quirks).toEqual({});
    expect(stdio({ agentCmd: "node agent.js" }, ctx).quirks).toEqual({});
    // An entry that runs an interpreter matches only with its own script.
    const node = context({
      agents: { mine: { command: "node", args: ["/a/agent.js"], quirks: { missingFileReadsAsEmpty: true } } },
    });
    expect(stdio({ agentCmd: "node /a/agent.js --verbose" }, node).quirks).toEqual({ missingFileReadsAsEmpty: true });
    expect(stdio({ agentCmd: "node /b/other.js" }, node).quirks).toEqual({});
    // The program behind `env VAR=value …` is the one that runs.
    expect(stdio({ agentCmd: "env -u X GEMINI_API_KEY=k gemini --acp" }, ctx).quirks).toEqual({
      missingFileReadsAsEmpty: true,
    });
  });

  it("gives --agent-cmd the quirks by the name the agent gives itself in initialize, for any command line", () => {
    // gemini-cli 0.61.0 says agentInfo.name "gemini-cli" (its npm package, unscoped), however it was started.
    const byName = stdio({ agentCmd: "sh ./run-gemini.sh" }, context()).quirksByAgentName ?? {};
    expect(byName["gemini-cli"]).toEqual({ missingFileReadsAsEmpty: true });
    expect(byName["@google/gemini-cli"]).toEqual({ missingFileReadsAsEmpty: true });
    expect(byName["codex-acp"]).toBeUndefined();
  });

  it("carries --auth METHOD_ID to the connection", () => {
    const parsed = parseCommandArgs(["--agent", "codex", "--auth", "openai-api-key", "hi"], CONNECTION_OPTIONS);
    const options = connectionOptionsFrom(parsed.values);
    expect(options).toEqual({ agent: "codex", auth: "openai-api-key" });
    expect(stdio(options, context()).authMethodId).toBe("openai-api-key");
    expect(resolveConnection({ gateway: "ws://127.0.0.1:1/acp", token: "t", auth: "x" }, context())).toMatchObject({
      kind: "gateway",
      authMethodId: "x",
    });
    expect(() => resolveConnection({ agent: "codex", auth: " " }, context())).toThrow(UsageError);
  });
});

describe("the agent's command, before spawning", () => {
  it("is found on PATH, or by path", () => {
    const bin = binDir("codex-acp");
    expect(findOnPath("codex-acp", { PATH: `/nonexistent:${bin}` })).toBe(join(bin, "codex-acp"));
    expect(findOnPath("codex-acp", { PATH: "/nonexistent" })).toBeUndefined();
    expect(findOnPath("./codex-acp", {}, bin)).toBe(join(bin, "codex-acp"));
    expect(findOnPath(process.execPath, {})).toBe(process.execPath);
    // A directory or a file without the execute bit is not a program.
    writeFileSync(join(bin, "notes"), "x");
    expect(findOnPath("notes", { PATH: bin })).toBeUndefined();
  });

  it("when missing, fails naming the npm package to install (or what else to do)", () => {
    const ctx = context();
    const claude = stdio({ agent: "claude" }, ctx);
    expect(() => checkAgentCommand(claude, "/", ctx.env)).toThrow(
      new ClientError(
        "cannot start the agent: `claude-agent-acp` was not found on PATH; install it with `npm install -g @zed-industries/claude-agent-acp`",
        "connection",
      ),
    );
    expect(() => checkAgentCommand(stdio({ agent: "zeroclaw" }, ctx), "/", ctx.env)).toThrow(
      /`zeroclaw` was not found on PATH; install ZeroClaw v0\.7\.5 or newer/,
    );
    expect(() => checkAgentCommand(stdio({ agentCmd: "zc-pane-no-such-agent --acp" }, ctx), "/", ctx.env)).toThrow(
      "`zc-pane-no-such-agent` was not found on PATH; install it, or give the full path to the program",
    );
    const bin = binDir("claude-agent-acp");
    expect(checkAgentCommand(claude, "/", { PATH: bin })).toBe(join(bin, "claude-agent-acp"));
    expect(installHint({ command: "x", source: "config" }, "/c/config.json")).toBe(
      'install it, or fix its "command" in /c/config.json',
    );
  });

  it("connect() checks before spawning", async () => {
    const ctx = context();
    await expect(connect(stdio({ agent: "opencode" }, ctx), { cwd: "/", env: ctx.env })).rejects.toThrow(
      "install it with `npm install -g opencode-ai`",
    );
  });
});
