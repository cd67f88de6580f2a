import { homedir } from "node:os";
import { agentProgramName, parseAgentCommand, type AgentCommand } from "../transport/agent-command.js";
import { redactToken } from "../transport/websocket-messages.js";
import type { McpServer } from "../protocol/index.js";
import {
  findOnPath,
  loadAgentRegistry,
  quirksByAgentName,
  quirksForProgram,
  type AgentDefinition,
  type AgentRegistry,
} from "./agents.js";
import { loadMcpConfigFile, type AgentQuirks } from "./config-file.js";
import { mergeMcpServers } from "./mcp-servers.js";
import { BRIDGE_TOKEN_ENV, discoverGatewayToken, gatewayUrl, withAgentAlias, type GatewayToken } from "./gateway.js";
import {
  expandTilde,
  readZeroClawConfig,
  resolveZeroClawConfigDir,
  ZeroClawConfigError,
  type ZeroClawConfig,
  type ZeroClawConfigDir,
} from "./zeroclaw-config.js";

/** An agent spawned as a child process, spoken to over NDJSON on its stdio. */
export interface StdioConnection {
  readonly kind: "stdio";
  readonly agentName: string;
  readonly command: AgentCommand;
  /** Known behaviours the client works around (from the registry entry, or matched by program name for `--agent-cmd`). */
  readonly quirks?: AgentQuirks;
  /**
   * `--agent-cmd` only: quirks by the name the agent gives itself in `initialize` (`agentInfo.name`), applied
   * once it answered, for a command line that did not tell which agent it runs.
   */
  readonly quirksByAgentName?: Readonly<Record<string, AgentQuirks>>;
  /** The registry entry, for messages about a missing command (which package to install); absent for `--agent-cmd`. */
  readonly agent?: AgentDefinition;
  /** `--auth METHOD_ID`: the authentication method to use when the agent asks for one. */
  readonly authMethodId?: string;
  /** MCP servers for every session: the config's global ones, the agent entry's, then `--mcp-config` files. */
  readonly mcpServers: readonly McpServer[];
}

/**
 * ZeroClaw's gateway over WebSocket (`--gateway`). Safe to log or record as a whole: the URL never carries
 * the token, and the token's value prints as `[redacted]`.
 */
export interface GatewayConnection {
  readonly kind: "gateway";
  /** `ws(s)://HOST:PORT[PREFIX]/acp`, with `?agent=ALIAS` when `--alias` was given. */
  readonly url: string;
  /** Whether the URL was given with `--gateway URL` or built from `config.toml`. */
  readonly urlFrom: "flag" | "config";
  readonly token: GatewayToken;
  /** `--token-in-query`: the token also travels as `?token=` (added by the transport, never stored here). */
  readonly tokenInQuery: boolean;
  /** `--insecure`: no certificate verification for `wss://`. */
  readonly insecure: boolean;
  /** ZeroClaw's config dir: where config.toml and the bridge's token cache were looked for. */
  readonly zeroclawConfigDir: ZeroClawConfigDir;
  /** `--auth METHOD_ID` (ZeroClaw's gateway authenticates by token, so this is rarely useful here). */
  readonly authMethodId?: string;
  /** MCP servers for every session (ZeroClaw ignores them today, protocol.md §4; sent all the same). */
  readonly mcpServers: readonly McpServer[];
  /**
   * `--trust-gateway` or the config's `trustGateway`: the gateway is offered `terminal/*` and
   * `fs/write_text_file`. Otherwise it only reads files inside the session's directories.
   */
  readonly trusted: boolean;
}

/** How to reach the agent, resolved from the connection options (design.md §2). */
export type Connection = StdioConnection | GatewayConnection;

/** The connection options shared by `zc-pane`, `prompt` and `doctor`. */
export interface ConnectionOptions {
  readonly agent?: string;
  readonly agentCmd?: string;
  readonly demo?: boolean;
  /** `--gateway URL`, or `true` for a bare `--gateway` (the URL comes from ZeroClaw's config.toml). */
  readonly gateway?: string | true;
  readonly token?: string;
  readonly tokenFile?: string;
  readonly configDir?: string;
  readonly tokenInQuery?: boolean;
  readonly insecure?: boolean;
  /** `--alias`: ZeroClaw's `agentAlias`; on the gateway it also becomes the URL's `?agent=`. */
  readonly alias?: string;
  /** `--auth METHOD_ID`: which of the agent's `authMethods` to use if `session/new` says authentication is required. */
  readonly auth?: string;
  /** `--mcp-config FILE` (repeatable): MCP servers added to the config file's, later files winning by name. */
  readonly mcpConfigFiles?: readonly string[];
  /** `--trust-gateway`: let the gateway run commands and write files on this machine. */
  readonly trustGateway?: boolean;
  /** `--allow-cleartext-token`: send the bearer token over `ws://` to a host that is not this machine. */
  readonly allowCleartextToken?: boolean;
}

/** What resolution reads besides the options; tests pass their own. */
export interface ResolveContext {
  readonly env?: NodeJS.ProcessEnv;
  readonly home?: string;
  /** The agent registry; by default built from the config file under `env`'s `XDG_CONFIG_HOME` (or `home`). */
  readonly registry?: AgentRegistry;
}

/**
 * No agent was named and none can be assumed (no `defaultAgent` in the config, no `zeroclaw` on PATH). The
 * message says how to pick one; the CLI exits 1 with it.
 */
export class AgentSelectionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "AgentSelectionError";
  }
}

/** Thrown for options that cannot work together or name nothing known; the CLI exits 2 with the message. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/**
 * Resolves the connection options: `--gateway` (alone), else `--agent-cmd`, which beats `--demo`, which beats
 * `--agent NAME` (looked up in the registry: built-in agents plus the config file's). Without any of them:
 * the config's `defaultAgent`, else `zeroclaw` when it is on PATH, else an {@link AgentSelectionError} that
 * says how to pick one. Option clashes and unknown names throw {@link UsageError}; an unusable config file,
 * ZeroClaw config or token file throws an error whose message says how to fix it (exit 1). Whether the
 * chosen command exists is checked by `connect()`, right before spawning.
 */
export function resolveConnection(options: ConnectionOptions, context: ResolveContext = {}): Connection {
  if (options.gateway !== undefined) {
    const clashing = [
      options.agentCmd !== undefined && "--agent-cmd",
      options.agent !== undefined && "--agent",
      options.demo && "--demo",
    ].filter(Boolean);
    if (clashing.length > 0)
      throw new UsageError(
        `--gateway cannot be combined with ${clashing.join(" or ")}: it connects to ZeroClaw's gateway instead of starting an agent`,
      );
    const registry = context.registry ?? loadAgentRegistry(context.env ?? process.env, context.home ?? homedir());
    const gateway = {
      ...resolveGateway(options, options.gateway, context),
      mcpServers: mcpServersFor(options, registry),
      trusted: options.trustGateway === true || registry.trustGateway === true,
    };
    return options.auth !== undefined ? { ...gateway, authMethodId: checkedAuthMethodId(options.auth) } : gateway;
  }
  const gatewayOnly = [
    options.token !== undefined && "--token",
    options.tokenFile !== undefined && "--token-file",
    options.tokenInQuery && "--token-in-query",
    options.insecure && "--insecure",
    options.trustGateway && "--trust-gateway",
    options.allowCleartextToken && "--allow-cleartext-token",
  ].filter(Boolean);
  if (gatewayOnly.length > 0)
    throw new UsageError(`${gatewayOnly.join(", ")} ${gatewayOnly.length > 1 ? "apply" : "applies"} only to --gateway`);

  const auth = options.auth !== undefined ? { authMethodId: checkedAuthMethodId(options.auth) } : {};
  const env = context.env ?? process.env;
  const home = context.home ?? homedir();
  if (options.agentCmd !== undefined) {
    if (options.demo || options.agent) throw new UsageError("--agent-cmd cannot be combined with --agent or --demo");
    if (options.configDir !== undefined)
      throw new UsageError("--config-dir applies to ZeroClaw (--agent zeroclaw or --gateway), not to --agent-cmd");
    const command = parseAgentCommand(options.agentCmd);
    const registry = context.registry ?? loadAgentRegistry(env, home);
    const quirks = quirksForProgram(registry, command);
    const mcpServers = mcpServersFor(options, registry);
    // Named after the program it runs (not `env` or `npx`) until `initialize` gives the agent's own name.
    return {
      kind: "stdio",
      agentName: agentProgramName(command),
      command,
      quirks,
      quirksByAgentName: quirksByAgentName(registry),
      mcpServers,
      ...auth,
    };
  }
  if (options.demo && options.agent && options.agent !== "demo")
    throw new UsageError("--demo cannot be combined with --agent");
  const registry = context.registry ?? loadAgentRegistry(env, home);
  // --config-dir means ZeroClaw, which is also the only agent it applies to.
  const name = options.demo
    ? "demo"
    : (options.agent ?? (options.configDir !== undefined ? "zeroclaw" : defaultAgentName(registry, env)));
  const agent = registry.agents.get(name);
  if (!agent)
    throw new UsageError(
      `unknown agent "${name}": known agents are ${[...registry.agents.keys()].join(", ")} (add one in ${registry.configPath}, or use --agent-cmd "CMD ARGS")`,
    );
  if (options.configDir !== undefined && name !== "zeroclaw")
    throw new UsageError(`--config-dir applies to ZeroClaw (--agent zeroclaw or --gateway), not to --agent ${name}`);
  // `--config-dir` is a global flag of the zeroclaw binary, so it goes before the subcommand.
  const configDir = options.configDir !== undefined ? expandTilde(options.configDir, home) : undefined;
  const args = configDir ? ["--config-dir", configDir, ...agent.args] : [...agent.args];
  const command: AgentCommand = {
    command: agent.command,
    args,
    ...(agent.env ? { env: agent.env } : {}),
    ...(agent.cwd !== undefined ? { cwd: agent.cwd } : {}),
  };
  const mcpServers = mcpServersFor(options, registry, agent);
  return { kind: "stdio", agentName: name, command, quirks: agent.quirks, agent, mcpServers, ...auth };
}

/** The config's global MCP servers, the agent entry's, then each `--mcp-config` file's; later ones win by name. */
function mcpServersFor(options: ConnectionOptions, registry: AgentRegistry, agent?: AgentDefinition): McpServer[] {
  const files = (options.mcpConfigFiles ?? []).map((path) => loadMcpConfigFile(path));
  return mergeMcpServers(registry.mcpServers, agent?.mcpServers, ...files);
}

/**
 * The agent used when none is named: the config's `defaultAgent`, else ZeroClaw when its command is on PATH.
 * Guessing any further (the first installed adapter, say) would pick an agent, and so a provider account,
 * the user never chose.
 */
function defaultAgentName(registry: AgentRegistry, env: NodeJS.ProcessEnv): string {
  if (registry.defaultAgent !== undefined) return registry.defaultAgent;
  const zeroclaw = registry.agents.get("zeroclaw");
  if (zeroclaw && findOnPath(zeroclaw.command, { ...env, ...zeroclaw.env })) return "zeroclaw";
  const others = [...registry.agents.keys()].filter((name) => name !== "zeroclaw" && name !== "demo");
  throw new AgentSelectionError(
    `no agent selected, and \`zeroclaw\` is not on PATH to be the default. Pick one with --agent NAME (${others.join(", ")}), ` +
      `run any ACP agent with --agent-cmd "CMD ARGS", or try the built-in demo agent with --demo. ` +
      `To make a choice stick, set "defaultAgent" in ${registry.configPath}.`,
  );
}

/** Method ids are sent as-is in `authenticate`; only an empty one is surely a mistake. */
function checkedAuthMethodId(id: string): string {
  if (id.trim() === "")
    throw new UsageError("--auth needs a method id (the agent lists its methods when it asks for authentication)");
  return id.trim();
}

function resolveGateway(
  options: ConnectionOptions,
  gateway: string | true,
  context: ResolveContext,
): Omit<GatewayConnection, "mcpServers" | "trusted"> {
  const env = context.env ?? process.env;
  const home = context.home ?? homedir();
  if (options.token !== undefined && options.tokenFile !== undefined)
    throw new UsageError("--token and --token-file cannot be combined");
  if (options.token !== undefined && options.token.trim() === "")
    throw new UsageError("--token needs a non-empty value");
  if (options.tokenFile === "") throw new UsageError("--token-file needs a path");

  const zeroclawConfigDir = resolveZeroClawConfigDir(options.configDir, env, home);
  const tokenGiven = options.token !== undefined || options.tokenFile !== undefined;
  let config: ZeroClawConfig | undefined;
  let url: string;
  if (gateway === true) {
    config = readZeroClawConfig(zeroclawConfigDir.dir);
    if (!config.found) throw missingConfigError(config.path, zeroclawConfigDir);
    url = gatewayUrl(config.gateway);
  } else {
    url = parseGatewayFlagUrl(gateway);
    // With an explicit token the config is not needed at all; without one, it says whether to look for one.
    // A missing file is fine here: the URL is known and pairing is assumed on, as the gateway defaults.
    if (!tokenGiven) config = readZeroClawConfig(zeroclawConfigDir.dir);
  }
  if (options.alias) url = withAgentAlias(url, options.alias);

  const token = discoverGatewayToken({
    ...(options.token !== undefined ? { token: options.token } : {}),
    ...(options.tokenFile !== undefined ? { tokenFile: expandTilde(options.tokenFile, home) } : {}),
    configDir: zeroclawConfigDir.dir,
    requirePairing: config?.gateway.requirePairing ?? true,
    env,
  });
  refuseCleartextToken(url, token, options.allowCleartextToken === true);
  return {
    kind: "gateway",
    url,
    urlFrom: gateway === true ? "config" : "flag",
    token,
    tokenInQuery: options.tokenInQuery === true,
    insecure: options.insecure === true,
    zeroclawConfigDir,
  };
}

/** Hosts that are this machine: a token sent to them over `ws://` never crosses a network. */
const LOOPBACK_HOST = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * A bearer token over `ws://` to another machine travels in clear text: anyone on the path can read it and
 * use the gateway. Refused unless the user says so with `--allow-cleartext-token`.
 */
function refuseCleartextToken(url: string, token: GatewayToken, allowed: boolean): void {
  const parsed = new URL(url);
  if (parsed.protocol !== "ws:" || !token.value || allowed || LOOPBACK_HOST.test(parsed.hostname)) return;
  throw new UsageError(
    `refusing to send the gateway token in clear text to ${parsed.host} over ws://: use wss://${parsed.host}${parsed.pathname}, ` +
      `or pass --allow-cleartext-token if this network is yours`,
  );
}

/**
 * Checks a `--gateway URL`. A bare `ws://host:port` means the gateway's `/acp` route. Tokens and passwords
 * in the URL are refused: a command line is visible to every user of the machine (`ps`).
 */
export function parseGatewayFlagUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(
      `--gateway takes a ws:// or wss:// URL (like ws://127.0.0.1:42617/acp), not "${redactToken(text)}"`,
    );
  }
  if (url.protocol === "http:" || url.protocol === "https:") {
    throw new UsageError(
      `--gateway takes a WebSocket URL: use ${url.protocol === "https:" ? "wss" : "ws"}://${url.host}${url.pathname === "/" ? "/acp" : url.pathname}`,
    );
  }
  if (url.protocol !== "ws:" && url.protocol !== "wss:")
    throw new UsageError(`--gateway takes a ws:// or wss:// URL, not ${url.protocol}//…`);
  if (url.username || url.password) throw new UsageError("--gateway: put credentials in --token-file, not in the URL");
  if (url.searchParams.has("token")) {
    throw new UsageError(
      `--gateway: the URL carries ?token=, which would show in \`ps\` and in logs. Put the token in --token-file or $${BRIDGE_TOKEN_ENV} (add --token-in-query if it must travel in the URL)`,
    );
  }
  if (url.pathname === "/" || url.pathname === "") url.pathname = "/acp";
  url.hash = "";
  return url.toString();
}

function missingConfigError(path: string, dir: ZeroClawConfigDir): ZeroClawConfigError {
  const why =
    dir.source === "flag"
      ? "the directory given with --config-dir"
      : dir.source === "env"
        ? "the directory named by $ZEROCLAW_CONFIG_DIR"
        : "the default; set --config-dir or $ZEROCLAW_CONFIG_DIR if ZeroClaw's config lives elsewhere";
  return new ZeroClawConfigError(
    `--gateway without a URL reads the gateway's address from ZeroClaw's config, but ${path} does not exist (${why}). ` +
      `Give the URL instead: --gateway ws://127.0.0.1:42617/acp`,
  );
}
