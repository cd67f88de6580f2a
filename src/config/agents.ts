import { accessSync, constants, statSync } from "node:fs";
import { homedir } from "node:os";
import { basename, delimiter, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  configFilePath,
  loadConfigFile,
  type AgentEntryConfig,
  type AgentQuirks,
  type ConfigFile,
} from "./config-file.js";
import type { McpServer } from "../protocol/index.js";
import { programWords } from "../transport/agent-command.js";
import { expandTilde } from "./zeroclaw-config.js";

/** One agent zc-pane can start: a built-in entry, a config file entry, or a built-in one the config overrides. */
export interface AgentDefinition {
  readonly name: string;
  /** The program, looked up on PATH unless it contains a `/`. */
  readonly command: string;
  readonly args: readonly string[];
  /** Added to the inherited environment. May hold secrets: never log or print the values. */
  readonly env?: Readonly<Record<string, string>>;
  /** The agent's working directory; absent means the session's directory. */
  readonly cwd?: string;
  readonly quirks: AgentQuirks;
  /** MCP servers for this agent's sessions (`agents.NAME.mcpServers`), besides the registry's global ones. */
  readonly mcpServers?: readonly McpServer[];
  /** The npm package that provides `command`, for the "not found" message; only while the command is the built-in one. */
  readonly npmPackage?: string;
  /** How to get the command when it is not an npm package (ZeroClaw). */
  readonly installHelp?: string;
  readonly source: "built-in" | "config" | "built-in, overridden by config";
}

/** The agents `--agent NAME` can pick, and the config's default. */
export interface AgentRegistry {
  readonly agents: ReadonlyMap<string, AgentDefinition>;
  /** `defaultAgent` from the config file, already checked to name a known agent. */
  readonly defaultAgent?: string;
  /** The config file's global `mcpServers`, passed to every agent's sessions. */
  readonly mcpServers: readonly McpServer[];
  /** `trustGateway` from the config file: a gateway may run commands and write files (as `--trust-gateway`). */
  readonly trustGateway?: boolean;
  /** The config file that was read (or would have been); named in messages. */
  readonly configPath: string;
  readonly configFound: boolean;
}

/** A config file whose agents cannot form a registry (a new agent without a command, an unknown default). */
export class AgentRegistryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AgentRegistryError";
  }
}

/** Our own executable, to run the built-in demo agent as a separate process (as any agent would be). */
function selfCommand(args: string[]): { command: string; args: string[] } {
  const bin = fileURLToPath(new URL("../bin/zc-pane.js", import.meta.url));
  return { command: process.execPath, args: [bin, ...args] };
}

/**
 * The built-in entries (design.md §2, issue 6). Package names are the ones the ACP adapters are published
 * under; gemini-cli and opencode speak ACP themselves behind a flag or subcommand.
 */
export function builtInAgents(): AgentDefinition[] {
  const demo = selfCommand(["demo-agent"]);
  return [
    {
      name: "zeroclaw",
      command: "zeroclaw",
      args: ["acp"],
      quirks: {},
      installHelp:
        "install ZeroClaw v0.7.5 or newer (https://github.com/zeroclaw-labs/zeroclaw) so that `zeroclaw` is on PATH",
      source: "built-in",
    },
    { name: "demo", command: demo.command, args: demo.args, quirks: {}, source: "built-in" },
    {
      name: "claude",
      command: "claude-agent-acp",
      args: [],
      quirks: {},
      npmPackage: "@zed-industries/claude-agent-acp",
      source: "built-in",
    },
    {
      name: "codex",
      command: "codex-acp",
      args: [],
      quirks: {},
      npmPackage: "@zed-industries/codex-acp",
      source: "built-in",
    },
    {
      name: "gemini",
      command: "gemini",
      args: ["--acp"],
      // gemini-cli creates a file by reading it first and gives up when the read fails (its issue 17588).
      quirks: { missingFileReadsAsEmpty: true },
      npmPackage: "@google/gemini-cli",
      source: "built-in",
    },
    { name: "opencode", command: "opencode", args: ["acp"], quirks: {}, npmPackage: "opencode-ai", source: "built-in" },
  ];
}

/**
 * Merges the config file's `agents` over the built-in ones. An entry with a built-in name overrides it field
 * by field (`env` and `quirks` key by key; `args` as a whole); any other entry adds an agent and needs a
 * `command`. Model choices are deliberately not part of an entry: model ids belong to one agent and are
 * chosen per session, never carried to another agent.
 */
export function buildAgentRegistry(
  config: ConfigFile,
  configPath: string,
  options: { configFound?: boolean; home?: string } = {},
): AgentRegistry {
  const home = options.home ?? homedir();
  const agents = new Map(builtInAgents().map((agent) => [agent.name, agent]));
  for (const [name, entry] of Object.entries(config.agents ?? {})) {
    const base = agents.get(name);
    agents.set(name, base ? overrideAgent(base, entry, home) : newAgent(name, entry, configPath, home));
  }
  if (config.defaultAgent !== undefined && !agents.has(config.defaultAgent)) {
    throw new AgentRegistryError(
      `${configPath}: defaultAgent "${config.defaultAgent}" is not an agent; known agents are ${[...agents.keys()].join(", ")}`,
    );
  }
  return {
    agents,
    ...(config.defaultAgent !== undefined ? { defaultAgent: config.defaultAgent } : {}),
    mcpServers: config.mcpServers ?? [],
    ...(config.trustGateway ? { trustGateway: true } : {}),
    configPath,
    configFound: options.configFound ?? true,
  };
}

/** Reads the config file (a missing one is fine) and builds the registry from it. */
export function loadAgentRegistry(env: NodeJS.ProcessEnv = process.env, home: string = homedir()): AgentRegistry {
  const loaded = loadConfigFile(configFilePath(env, home));
  return buildAgentRegistry(loaded.config, loaded.path, { configFound: loaded.found, home });
}

function overrideAgent(base: AgentDefinition, entry: AgentEntryConfig, home: string): AgentDefinition {
  const command = entry.command ?? base.command;
  // The package hint names what provides the built-in command; for another command it would mislead.
  const keepsCommand = command === base.command;
  const env = entry.env || base.env ? { ...base.env, ...entry.env } : undefined;
  const cwd = entry.cwd !== undefined ? expandTilde(entry.cwd, home) : base.cwd;
  return {
    name: base.name,
    command,
    args: entry.args ?? base.args,
    ...(env ? { env } : {}),
    ...(cwd !== undefined ? { cwd } : {}),
    quirks: { ...base.quirks, ...entry.quirks },
    ...(entry.mcpServers ? { mcpServers: entry.mcpServers } : {}),
    ...(keepsCommand && base.npmPackage ? { npmPackage: base.npmPackage } : {}),
    ...(keepsCommand && base.installHelp ? { installHelp: base.installHelp } : {}),
    source: "built-in, overridden by config",
  };
}

function newAgent(name: string, entry: AgentEntryConfig, configPath: string, home: string): AgentDefinition {
  if (entry.command === undefined) {
    throw new AgentRegistryError(
      `${configPath}: agents.${name}.command: missing (a new agent needs the program to run; put its arguments in "args")`,
    );
  }
  return {
    name,
    command: entry.command,
    args: entry.args ?? [],
    ...(entry.env ? { env: entry.env } : {}),
    ...(entry.cwd !== undefined ? { cwd: expandTilde(entry.cwd, home) } : {}),
    quirks: entry.quirks ?? {},
    ...(entry.mcpServers ? { mcpServers: entry.mcpServers } : {}),
    source: "config",
  };
}

/**
 * The quirks that apply to an `--agent-cmd` command line: those of the registry entry it runs
 * (`--agent-cmd "gemini --acp --debug"` is gemini, and needs gemini's workaround as much as `--agent gemini`).
 * The entry's arguments must start the command line too, so `node other.js` is not taken for an entry that
 * runs `node agent.js`.
 */
export function quirksForProgram(
  registry: AgentRegistry,
  command: { readonly command: string; readonly args: readonly string[] },
): AgentQuirks {
  // `env GEMINI_API_KEY=… gemini --acp` runs gemini.
  const [program = command.command, ...args] = programWords(command);
  const name = basename(program);
  for (const agent of registry.agents.values()) {
    if (agent.name === "demo" || basename(agent.command) !== name) continue;
    if (agent.args.every((arg, index) => args[index] === arg)) return agent.quirks;
  }
  return {};
}

/**
 * The quirks of registry entries by the names an agent may give itself in `initialize` (`agentInfo.name`): the
 * entry's name and its npm package's, with and without scope. gemini-cli says `gemini-cli` whatever command
 * line started it (a wrapper script, `sh -c`), so its workaround follows the agent, not the command.
 */
export function quirksByAgentName(registry: AgentRegistry): Readonly<Record<string, AgentQuirks>> {
  const byName: Record<string, AgentQuirks> = {};
  for (const agent of registry.agents.values()) {
    if (!Object.values(agent.quirks).some(Boolean)) continue;
    const names = [
      agent.name,
      ...(agent.npmPackage ? [agent.npmPackage, agent.npmPackage.replace(/^@[^/]+\//, "")] : []),
    ];
    for (const name of names) byName[name] = { ...byName[name], ...agent.quirks };
  }
  return byName;
}

/** What to do about a missing command: the npm install line, ZeroClaw's install note, or a check of the config. */
export function installHint(
  agent: Pick<AgentDefinition, "command" | "npmPackage" | "installHelp" | "source">,
  configPath?: string,
): string {
  if (agent.npmPackage) return `install it with \`npm install -g ${agent.npmPackage}\``;
  if (agent.installHelp) return agent.installHelp;
  if (agent.source !== "built-in" && configPath) return `install it, or fix its "command" in ${configPath}`;
  return "install it, or give the full path to the program";
}

/**
 * Finds a program the way spawning it will: a name with a `/` is a path (relative to `cwd`), anything else
 * is looked up in `env.PATH`. Returns the absolute path of an executable file, or undefined.
 */
export function findOnPath(
  command: string,
  env: NodeJS.ProcessEnv = process.env,
  cwd: string = process.cwd(),
): string | undefined {
  if (command.includes("/") || (process.platform === "win32" && command.includes("\\"))) {
    const path = resolve(cwd, command);
    return isExecutableFile(path) ? path : undefined;
  }
  // POSIX reads an empty PATH entry as the current directory; spawning does, checking does not pretend to.
  const dirs = (env.PATH ?? env.Path ?? "").split(delimiter).filter((dir) => dir !== "");
  const extensions = process.platform === "win32" ? ["", ...(env.PATHEXT ?? ".EXE;.CMD;.BAT;.COM").split(";")] : [""];
  for (const dir of dirs) {
    for (const extension of extensions) {
      const path = join(dir, command + extension);
      if (isExecutableFile(path)) return path;
    }
  }
  return undefined;
}

function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
