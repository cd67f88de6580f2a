import { resolve } from "node:path";
import { AcpClient, type AcpClientOptions } from "../client/acp-client.js";
import type { AgentInfo } from "../client/agent-info.js";
import type { Connection } from "../config/connection.js";
import { StdioTransport } from "../transport/stdio.js";
import { VERSION } from "./version.js";

/** A connected, initialized client. */
export interface Connected {
  readonly client: AcpClient;
  readonly agent: AgentInfo;
  readonly transport: StdioTransport;
}

/** Spawns the agent, wires the client and runs `initialize`; on failure the agent is ended before throwing. */
export async function connect(
  connection: Connection,
  options: Pick<AcpClientOptions, "permissionPolicy"> & { readonly cwd: string },
): Promise<Connected> {
  const transport = new StdioTransport({ ...connection.command, cwd: connection.command.cwd ?? resolve(options.cwd) });
  const client = new AcpClient({
    transport,
    clientInfo: { name: "zc-pane", version: VERSION },
    stderrTail: () => transport.stderr,
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
