import { homedir } from "node:os";
import { fileURLToPath } from "node:url";
import { parseAgentCommand, type AgentCommand } from "../transport/stdio.js";
import { redactToken } from "../transport/websocket-messages.js";
import { BRIDGE_TOKEN_ENV, discoverGatewayToken, gatewayUrl, withAgentAlias, type GatewayToken } from "./gateway.js";
import { expandTilde, readZeroClawConfig, resolveZeroClawConfigDir, ZeroClawConfigError, type ZeroClawConfig, type ZeroClawConfigDir } from "./zeroclaw-config.js";

/** An agent spawned as a child process, spoken to over NDJSON on its stdio. */
export interface StdioConnection {
  readonly kind: "stdio";
  readonly agentName: string;
  readonly command: AgentCommand;
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
}

/** What resolution reads besides the options; tests pass their own. */
export interface ResolveContext {
  readonly env?: NodeJS.ProcessEnv;
  readonly home?: string;
}

/** Our own executable, to run the built-in demo agent as a separate process (as any agent would be). */
function selfCommand(args: string[]): AgentCommand {
  const bin = fileURLToPath(new URL("../bin/zc-pane.js", import.meta.url));
  return { command: process.execPath, args: [bin, ...args] };
}

/** Built-in agents. The full registry with user entries and standard ACP agents arrives with issue 6. */
const BUILT_IN: Readonly<Record<string, (configDir?: string) => AgentCommand>> = {
  // `--config-dir` is a global flag of the zeroclaw binary, so it goes before the subcommand.
  zeroclaw: (configDir) => ({ command: "zeroclaw", args: configDir ? ["--config-dir", configDir, "acp"] : ["acp"] }),
  demo: () => selfCommand(["demo-agent"]),
};

/** Thrown for options that cannot work together or name nothing known; the CLI exits 2 with the message. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/**
 * Resolves the connection options: `--gateway` (alone), else `--agent-cmd`, which beats `--demo`, which beats
 * `--agent`; default `zeroclaw`. Option clashes throw {@link UsageError}; an unusable ZeroClaw config or token
 * file throws an error whose message says how to fix it (exit 1).
 */
export function resolveConnection(options: ConnectionOptions, context: ResolveContext = {}): Connection {
  if (options.gateway !== undefined) {
    const clashing = [options.agentCmd !== undefined && "--agent-cmd", options.agent !== undefined && "--agent", options.demo && "--demo"].filter(Boolean);
    if (clashing.length > 0) throw new UsageError(`--gateway cannot be combined with ${clashing.join(" or ")}: it connects to ZeroClaw's gateway instead of starting an agent`);
    return resolveGateway(options, options.gateway, context);
  }
  const gatewayOnly = [
    options.token !== undefined && "--token",
    options.tokenFile !== undefined && "--token-file",
    options.tokenInQuery && "--token-in-query",
    options.insecure && "--insecure",
  ].filter(Boolean);
  if (gatewayOnly.length > 0) throw new UsageError(`${gatewayOnly.join(", ")} ${gatewayOnly.length > 1 ? "apply" : "applies"} only to --gateway`);

  if (options.agentCmd !== undefined) {
    if (options.demo || options.agent) throw new UsageError("--agent-cmd cannot be combined with --agent or --demo");
    if (options.configDir !== undefined) throw new UsageError("--config-dir applies to ZeroClaw (--agent zeroclaw or --gateway), not to --agent-cmd");
    const command = parseAgentCommand(options.agentCmd);
    return { kind: "stdio", agentName: command.command, command };
  }
  const name = options.demo ? "demo" : (options.agent ?? "zeroclaw");
  if (options.demo && options.agent && options.agent !== "demo") throw new UsageError("--demo cannot be combined with --agent");
  const entry = BUILT_IN[name];
  if (!entry) throw new UsageError(`unknown agent "${name}": known agents are ${Object.keys(BUILT_IN).join(", ")} (or use --agent-cmd "CMD ARGS")`);
  if (options.configDir !== undefined && name !== "zeroclaw") throw new UsageError(`--config-dir applies to ZeroClaw (--agent zeroclaw or --gateway), not to --agent ${name}`);
  const configDir = options.configDir !== undefined ? expandTilde(options.configDir, context.home ?? homedir()) : undefined;
  return { kind: "stdio", agentName: name, command: entry(configDir) };
}

function resolveGateway(options: ConnectionOptions, gateway: string | true, context: ResolveContext): GatewayConnection {
  const env = context.env ?? process.env;
  const home = context.home ?? homedir();
  if (options.token !== undefined && options.tokenFile !== undefined) throw new UsageError("--token and --token-file cannot be combined");
  if (options.token !== undefined && options.token.trim() === "") throw new UsageError("--token needs a non-empty value");
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

/**
 * Checks a `--gateway URL`. A bare `ws://host:port` means the gateway's `/acp` route. Tokens and passwords
 * in the URL are refused: a command line is visible to every user of the machine (`ps`).
 */
export function parseGatewayFlagUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new UsageError(`--gateway takes a ws:// or wss:// URL (like ws://127.0.0.1:42617/acp), not "${redactToken(text)}"`);
  }
  if (url.protocol === "http:" || url.protocol === "https:") {
    throw new UsageError(`--gateway takes a WebSocket URL: use ${url.protocol === "https:" ? "wss" : "ws"}://${url.host}${url.pathname === "/" ? "/acp" : url.pathname}`);
  }
  if (url.protocol !== "ws:" && url.protocol !== "wss:") throw new UsageError(`--gateway takes a ws:// or wss:// URL, not ${url.protocol}//…`);
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
    dir.source === "flag" ? "the directory given with --config-dir" : dir.source === "env" ? "the directory named by $ZEROCLAW_CONFIG_DIR" : "the default; set --config-dir or $ZEROCLAW_CONFIG_DIR if ZeroClaw's config lives elsewhere";
  return new ZeroClawConfigError(
    `--gateway without a URL reads the gateway's address from ZeroClaw's config, but ${path} does not exist (${why}). ` +
      `Give the URL instead: --gateway ws://127.0.0.1:42617/acp`,
  );
}
