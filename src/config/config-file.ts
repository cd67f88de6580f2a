import { mergeKeymap, type Keymap } from "./keymap.js";
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import type { McpServer } from "../protocol/index.js";
import * as z from "zod";
import { McpConfigFileSchema, McpServersSchema } from "./mcp-servers.js";

/** The config file's name inside zc-pane's config dir (`$XDG_CONFIG_HOME/zc-pane`, design.md §5). */
export const CONFIG_FILE_NAME = "config.json";

/** Names usable with `--agent NAME`: no spaces or shell characters, so they can be typed and printed as-is. */
const AGENT_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * Known behaviours of an agent that the client works around. Strict: a misspelt quirk is an error naming it,
 * not a silently ignored key.
 */
export const AgentQuirksSchema = z.strictObject({
  /** Answer `fs/read_text_file` of a missing file with empty content instead of an error (gemini-cli issue 17588). */
  missingFileReadsAsEmpty: z.boolean().optional(),
});
export type AgentQuirks = z.infer<typeof AgentQuirksSchema>;

/**
 * One `agents` entry. Every field is optional here because an entry may override a built-in one field at a
 * time; an entry that adds a new agent must have `command` (checked when the registry is built).
 */
export const AgentEntrySchema = z.strictObject({
  /** The program: a name looked up on PATH, or a path. Arguments go in `args`, not here. */
  command: z.string().trim().min(1, "must be a non-empty program name or path").optional(),
  args: z.array(z.string()).optional(),
  /** Added to the agent's environment (it inherits zc-pane's). Values may be secrets: they are never logged. */
  env: z.record(z.string(), z.string()).optional(),
  /** The agent's working directory (`~` is expanded); default: the session's directory. */
  cwd: z.string().min(1).optional(),
  quirks: AgentQuirksSchema.optional(),
  /** MCP servers for this agent's sessions, besides the global ones (an entry of the same name wins). */
  mcpServers: McpServersSchema.optional(),
});
export type AgentEntryConfig = z.infer<typeof AgentEntrySchema>;

/** A key binding list, or one binding as a bare string (`"turn.cancel": "escape"`). */
const KeyBindingsSchema = z
  .union([z.string().min(1), z.array(z.string().min(1)).min(1)])
  .transform((value) => (typeof value === "string" ? [value] : value));

/**
 * `config.json`. Strict at every level: a misspelt field (`defaultagent`, `comand`) is reported by name
 * rather than ignored, which would leave the user wondering why the setting has no effect.
 */
export const ConfigFileSchema = z.strictObject({
  /** Agents added to the built-in registry, or overrides of built-in entries (fields merge). */
  agents: z
    .record(z.string().regex(AGENT_NAME, "agent names use letters, digits, `.`, `_` and `-`"), AgentEntrySchema)
    .optional(),
  /** The agent used without `--agent`, `--agent-cmd`, `--demo` or `--gateway`. */
  defaultAgent: z.string().min(1).optional(),
  /** Key rebindings for the pane: action → key specs (`{"turn.cancel": ["escape", "ctrl+g"]}`, see keymap.ts). */
  keys: z.record(z.string(), KeyBindingsSchema).optional(),
  /** MCP servers passed to every agent's sessions: ACP's array or the `.mcp.json` object map (mcp-servers.ts). */
  mcpServers: McpServersSchema.optional(),
  /**
   * Let a gateway (a remote machine) run commands (`terminal/*`) and write files (`fs/write_text_file`) here,
   * as `--trust-gateway` does. Off by default: a gateway only reads files inside the session's directories.
   */
  trustGateway: z.boolean().optional(),
  /**
   * The bytes of delivered files (ZeroClaw's `deliver_file`) one session may save, 256 MiB by default: past
   * it, a delivery is refused with a notice rather than written.
   */
  maxDeliveredBytes: z.number().int().positive().optional(),
  /**
   * What a session's transcript journal keeps on disk, 64 MiB by default: past it, it goes on recording and
   * drops its oldest messages. At least 4 KiB (the journal's header alone takes some hundreds of bytes).
   */
  maxJournalBytes: z.number().int().min(4096).optional(),
  /**
   * How a pane the user is not looking at asks for attention when a turn ends or a request waits: the bell
   * (default), plus an OSC 9 or OSC 777 desktop notification, or `notifyCommand` run with title and body.
   */
  notify: z.enum(["bell", "osc9", "osc777", "command"]).optional(),
  /** The program for `"notify": "command"`, as argv or one word (`["notify-send", "-a", "zc-pane"]`). */
  notifyCommand: z
    .union([z.string().trim().min(1), z.array(z.string()).min(1)])
    .transform((value) => (typeof value === "string" ? [value] : value))
    .optional(),
});
export type ConfigFile = z.infer<typeof ConfigFileSchema>;

/** `notify` and `notifyCommand`, checked together: a command needs its program. */
export function notifySettingsOf(
  config: ConfigFile,
  path: string,
): { method: NonNullable<ConfigFile["notify"]>; command?: string[] } {
  const method = config.notify ?? "bell";
  if (method === "command" && !config.notifyCommand)
    throw new ConfigFileError(`${path}: notifyCommand: missing (needed by "notify": "command")`, path);
  return { method, ...(config.notifyCommand ? { command: config.notifyCommand } : {}) };
}

/**
 * The pane's keys: config.json `keys` merged over the defaults. An action that does not exist is an error that
 * names it (a misspelt action would otherwise leave its key silently unchanged).
 */
export function keymapOf(config: ConfigFile, path: string): Keymap {
  const { keymap, unknown } = mergeKeymap(config.keys ?? {});
  if (unknown.length > 0)
    throw new ConfigFileError(
      `${path}: keys: unknown action${unknown.length > 1 ? "s" : ""} ${unknown.join(", ")} (the actions are listed in src/config/keymap.ts)`,
      path,
    );
  return keymap;
}

/** What was read: `found: false` (and an empty config) when there is no file, which is fine. */
export interface LoadedConfig {
  readonly path: string;
  readonly found: boolean;
  readonly config: ConfigFile;
}

/** A config file that exists but cannot be used; the message names the file, the field and what is wrong. */
export class ConfigFileError extends Error {
  constructor(
    message: string,
    readonly path: string,
    options: { cause?: unknown } = {},
  ) {
    super(message, options);
    this.name = "ConfigFileError";
  }
}

/** `$XDG_CONFIG_HOME/zc-pane/config.json`, with `home` standing in for the home directory (tests pass their own). */
export function configFilePath(env: NodeJS.ProcessEnv = process.env, home: string = homedir()): string {
  return join(env.XDG_CONFIG_HOME || join(home, ".config"), "zc-pane", CONFIG_FILE_NAME);
}

/**
 * Reads and validates the config file. A missing file gives an empty config; unreadable JSON or a field of the
 * wrong shape throws a {@link ConfigFileError} whose message says which field (`agents.gemini.args[1]`).
 */
export function loadConfigFile(path: string = configFilePath()): LoadedConfig {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { path, found: false, config: {} };
    throw new ConfigFileError(
      `cannot read ${path}: ${code === "EACCES" ? "permission denied" : (error as Error).message}`,
      path,
      { cause: error },
    );
  }
  return { path, found: true, config: parseConfigText(text, path) };
}

/** Validates the text of a config file; `path` only labels the messages. */
export function parseConfigText(text: string, path: string): ConfigFile {
  return parseJsonText(ConfigFileSchema, text, path);
}

/**
 * Reads an `--mcp-config FILE` (either shape, or an object with an `mcpServers` key); a missing file, bad
 * JSON or a bad field throws a {@link ConfigFileError} that names the file and the field.
 */
export function loadMcpConfigFile(path: string): McpServer[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === "ENOENT" ? "no such file" : code === "EACCES" ? "permission denied" : (error as Error).message;
    throw new ConfigFileError(`--mcp-config ${path}: ${why}`, path, { cause: error });
  }
  return parseJsonText(McpConfigFileSchema, text, path);
}

function parseJsonText<T>(schema: z.ZodType<T>, text: string, path: string): T {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new ConfigFileError(`${path} is not valid JSON: ${(error as Error).message}`, path, { cause: error });
  }
  // reportInput: the messages quote the offending value ("got number 1"), which is what the user has to find.
  const parsed = schema.safeParse(raw, { reportInput: true });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => describeIssue(issue));
    throw new ConfigFileError(`${path}: ${problems.join("; ")}`, path, { cause: parsed.error });
  }
  return parsed.data;
}

/** `agents.gemini.args[1]: expected a string` — the field first, so the user knows where to look. */
function describeIssue(issue: z.core.$ZodIssue): string {
  const field = formatPath(issue.path);
  if (issue.code === "unrecognized_keys") {
    const keys = issue.keys.map((key) => formatPath([...issue.path, key]));
    return `unknown field${keys.length > 1 ? "s" : ""} ${keys.join(", ")}`;
  }
  if (issue.code === "invalid_type" && issue.input === undefined) return `${field || "the file"}: missing`;
  if (issue.code === "invalid_type")
    return `${field || "the file"}: expected ${article(issue.expected)}, got ${typeName(issue.input)}`;
  if (issue.code === "invalid_key") return `${field}: ${issue.issues.map((inner) => inner.message).join(", ")}`;
  return `${field || "the file"}: ${issue.message}`;
}

/** `["agents", "gemini", "args", 1]` → `agents.gemini.args[1]`; names that are not identifiers are quoted. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else if (typeof part === "string" && /^[A-Za-z_$][\w$-]*$/.test(part)) out += out ? `.${part}` : part;
    else out += `[${JSON.stringify(String(part))}]`;
  }
  return out;
}

function article(expected: string): string {
  // A record is what the user writes as a JSON object (`"env": {"KEY": "value"}`).
  if (expected === "record") return "an object";
  return expected === "object" || expected === "array" ? `an ${expected}` : `a ${expected}`;
}

function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `${typeof value} ${JSON.stringify(value)}`;
}
