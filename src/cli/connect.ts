import { resolve } from "node:path";
import { AcpClient, type AcpClientOptions } from "../client/acp-client.js";
import type { AgentInfo } from "../client/agent-info.js";
import type { AuthOptions } from "../client/auth.js";
import { ClientError } from "../client/errors.js";
import { findOnPath, installHint } from "../config/agents.js";
import type { Connection, GatewayConnection, StdioConnection } from "../config/connection.js";
import { BRIDGE_TOKEN_ENV, describeTokenSource, pairingHelp } from "../config/gateway.js";
import type { CapabilitySwitches, TerminalsOptions } from "../client/capabilities/index.js";
import { StdioTransport } from "../transport/stdio.js";
import type { Transport } from "../transport/transport.js";
import { WebSocketTransport, type WebSocketTransportOptions } from "../transport/websocket.js";
import { VERSION } from "./version.js";

/** A connected, initialized client. */
export interface Connected {
  readonly client: AcpClient;
  readonly agent: AgentInfo;
  readonly transport: Transport;
}

/** The env variable that shortens (or lengthens) how long `initialize` may take; tests and slow hosts set it. */
export const INITIALIZE_TIMEOUT_ENV = "ZC_PANE_INITIALIZE_TIMEOUT_MS";

/** What {@link connect} needs besides the connection. */
export interface ConnectOptions extends Pick<AcpClientOptions, "permissionPolicy" | "elicitation"> {
  readonly cwd: string;
  /**
   * The pane's authentication picker, asked when the agent requires authentication and neither `--auth` nor
   * an `env_var` method whose variables are set decided (see {@link AuthOptions.chooseAuthMethod}).
   */
  readonly chooseAuthMethod?: AuthOptions["chooseAuthMethod"];
  readonly env?: NodeJS.ProcessEnv;
  /**
   * Offer no commands and no file writes to any agent, and say why when one tries anyway
   * (`prompt --approve reject`, `doctor --live`).
   */
  readonly refuseSideEffects?: string;
  /** Where a stdio agent's commands run (tmux windows when the pane asks); over a gateway, always hidden. */
  readonly terminals?: TerminalsOptions;
}

/**
 * What the agent may do on this machine (design.md §7): an agent over stdio runs as the user anyway and gets
 * reads, writes and commands; a gateway is another machine and gets reads inside the session's directories
 * only, unless the user trusts it. Either way no command inherits the gateway token.
 */
export function capabilitiesFor(connection: Connection, refuseSideEffects?: string): CapabilitySwitches {
  const token = connection.kind === "gateway" ? connection.token.value?.reveal() : undefined;
  const secrets = { names: [BRIDGE_TOKEN_ENV], values: token ? [token] : [] };
  if (refuseSideEffects !== undefined) return { terminal: false, fsWrite: false, refusal: refuseSideEffects, secrets };
  if (connection.kind === "gateway" && !connection.trusted)
    return {
      terminal: false,
      fsWrite: false,
      refusal:
        'a gateway may not run commands or write files here; start zc-pane with --trust-gateway (or set "trustGateway": true in config.json) to allow it',
      secrets,
    };
  return { secrets };
}

/**
 * Opens the connection (spawns the agent, or opens the gateway socket), wires the client and runs
 * `initialize`; on failure the connection is ended before throwing. A stdio agent's command is looked up on
 * PATH first, so a missing one is a {@link ClientError} (code `connection`) that says what to install. A
 * gateway that cannot be reached or refuses the token throws a `connection` error with the transport's
 * explanation. The agent's quirks and the authentication choice (`--auth`, the picker) go to the client.
 */
export async function connect(connection: Connection, options: ConnectOptions): Promise<Connected> {
  const env = options.env ?? process.env;
  if (connection.kind === "stdio") checkAgentCommand(connection, options.cwd, env);
  const transport = createTransport(connection, options.cwd);
  if (transport instanceof WebSocketTransport) {
    try {
      await transport.ready;
    } catch (error) {
      throw new ClientError((error as Error).message, "connection", { cause: error });
    }
  }
  const initializeTimeoutMs = initializeTimeout(env);
  const client = new AcpClient({
    transport,
    clientInfo: { name: "zc-pane", version: VERSION },
    ...(transport instanceof StdioTransport ? { stderrTail: () => transport.stderr } : {}),
    ...(options.permissionPolicy ? { permissionPolicy: options.permissionPolicy } : {}),
    ...(initializeTimeoutMs !== undefined ? { initializeTimeoutMs } : {}),
    mcpServers: connection.mcpServers,
    ...(options.elicitation ? { elicitation: true } : {}),
    capabilities: {
      ...capabilitiesFor(connection, options.refuseSideEffects),
      ...(connection.kind === "stdio" && options.terminals ? { terminals: options.terminals } : {}),
    },
    ...(connection.kind === "stdio" ? { missingFileReadsAsEmpty: missingFileQuirk(connection) } : {}),
    auth: {
      env: connection.kind === "stdio" && connection.command.env ? { ...env, ...connection.command.env } : env,
      ...(connection.authMethodId !== undefined ? { methodId: connection.authMethodId } : {}),
      ...(options.chooseAuthMethod ? { chooseAuthMethod: options.chooseAuthMethod } : {}),
      ...(connection.kind === "stdio" ? { agentCommand: connection.command } : {}),
    },
  });
  try {
    const agent = await client.initialize();
    return { client, agent, transport };
  } catch (error) {
    await client.dispose();
    throw error;
  }
}

/** gemini-cli's missing-file quirk: on from the start, or for the agent names that have it. */
function missingFileQuirk(connection: StdioConnection): boolean | readonly string[] {
  if (connection.quirks?.missingFileReadsAsEmpty) return true;
  return Object.entries(connection.quirksByAgentName ?? {}).flatMap(([name, quirks]) =>
    quirks.missingFileReadsAsEmpty ? [name] : [],
  );
}

/**
 * Fails before spawning when the agent's program cannot be found, with what to install: spawning would
 * fail too, but only with ENOENT, and the pane would show a dead agent instead of the fix.
 */
export function checkAgentCommand(
  connection: StdioConnection,
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): string {
  const { command } = connection.command;
  const found = findOnPath(command, { ...env, ...connection.command.env }, connection.command.cwd ?? resolve(cwd));
  if (found) return found;
  const hint = connection.agent ? installHint(connection.agent) : "install it, or give the full path to the program";
  throw new ClientError(`cannot start the agent: \`${command}\` was not found on PATH; ${hint}`, "connection");
}

/** `$ZC_PANE_INITIALIZE_TIMEOUT_MS` when it is a positive integer; otherwise the client's default (10 s). */
function initializeTimeout(env: NodeJS.ProcessEnv): number | undefined {
  const text = env[INITIALIZE_TIMEOUT_ENV];
  return text !== undefined && /^\d+$/.test(text) && Number(text) > 0 ? Number(text) : undefined;
}

/** A fresh, not yet initialized transport for the connection (also what a reconnect starts from). */
export function createTransport(connection: Connection, cwd: string): Transport {
  if (connection.kind === "gateway") return new WebSocketTransport(gatewayTransportOptions(connection));
  return new StdioTransport({ ...connection.command, cwd: connection.command.cwd ?? resolve(cwd) });
}

/** The WebSocket transport's options for a gateway connection: the only place the token is revealed. */
export function gatewayTransportOptions(connection: GatewayConnection): WebSocketTransportOptions {
  const token = connection.token.value?.reveal();
  return {
    url: connection.url,
    ...(token ? { token } : {}),
    tokenSource: describeTokenSource(connection.token.source),
    unauthorizedHelp: pairingHelp(
      connection.zeroclawConfigDir.dir,
      connection.zeroclawConfigDir.source === "flag",
      connection.token.source,
    ),
    tokenInQuery: connection.tokenInQuery,
    insecure: connection.insecure,
  };
}
