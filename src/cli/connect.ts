import { resolve } from "node:path";
import { AcpClient, type AcpClientOptions } from "../client/acp-client.js";
import type { AgentInfo } from "../client/agent-info.js";
import { ClientError } from "../client/errors.js";
import type { Connection, GatewayConnection } from "../config/connection.js";
import { describeTokenSource, pairingHelp } from "../config/gateway.js";
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

/**
 * Opens the connection (spawns the agent, or opens the gateway socket), wires the client and runs
 * `initialize`; on failure the connection is ended before throwing. A gateway that cannot be reached
 * or refuses the token throws a {@link ClientError} with code `connection` and the transport's explanation.
 */
export async function connect(
  connection: Connection,
  options: Pick<AcpClientOptions, "permissionPolicy"> & { readonly cwd: string },
): Promise<Connected> {
  const transport = createTransport(connection, options.cwd);
  if (transport instanceof WebSocketTransport) {
    try {
      await transport.ready;
    } catch (error) {
      throw new ClientError((error as Error).message, "connection", { cause: error });
    }
  }
  const client = new AcpClient({
    transport,
    clientInfo: { name: "zc-pane", version: VERSION },
    ...(transport instanceof StdioTransport ? { stderrTail: () => transport.stderr } : {}),
    ...(options.permissionPolicy ? { permissionPolicy: options.permissionPolicy } : {}),
  });
  try {
    const agent = await client.initialize();
    return { client, agent, transport };
  } catch (error) {
    await client.dispose();
    throw error;
  }
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
    unauthorizedHelp: pairingHelp(connection.zeroclawConfigDir.dir, connection.zeroclawConfigDir.source === "flag", connection.token.source),
    tokenInQuery: connection.tokenInQuery,
    insecure: connection.insecure,
  };
}
