import { isRemoteMcpServer, type McpServer } from "../protocol/index.js";
import type { AgentInfo } from "./agent-info.js";

/** The MCP servers a session is given, and those left out because the agent cannot reach them that way. */
export interface McpOffer {
  readonly servers: McpServer[];
  /** `name (http)`: servers over a transport the agent's `mcpCapabilities` does not list. */
  readonly withheld: readonly string[];
}

/**
 * Stdio servers go to every agent; `http` and `sse` servers only to agents whose `mcpCapabilities` say they
 * speak that transport (the spec forbids sending them otherwise).
 */
export function mcpOfferFor(agent: Pick<AgentInfo, "mcpTransports">, servers: readonly McpServer[]): McpOffer {
  const offered: McpServer[] = [];
  const withheld: string[] = [];
  for (const server of servers) {
    if (!isRemoteMcpServer(server) || agent.mcpTransports[server.type]) offered.push(server);
    else withheld.push(`${server.name} (${server.type})`);
  }
  return { servers: offered, withheld };
}

/** The notice for withheld servers, naming each one and why. */
export function withheldNotice(agentName: string, withheld: readonly string[]): string {
  return `MCP server${withheld.length > 1 ? "s" : ""} ${withheld.join(", ")} not passed: ${agentName} does not advertise that transport in mcpCapabilities`;
}
