import { sanitizeLine } from "../../markdown/sanitize.js";
import { isRemoteMcpServer, type McpServer } from "../../protocol/index.js";
import { JsonRpcPeer } from "../../rpc/peer.js";
import { StdioTransport } from "../../transport/stdio.js";
import { fail, ok, warn, type Check } from "./check.js";

/** MCP's protocol revision we speak in the check; servers answer with theirs. */
const MCP_PROTOCOL_VERSION = "2025-06-18";
/** A server that takes longer to start (npx downloading a package) is reported, not waited for. */
const MCP_TIMEOUT_MS = 20_000;

/**
 * One check per configured MCP server. A stdio server is started as the agent would start it, then asked
 * MCP `initialize` and `tools/list`; its tools are listed. An http/sse server is only named: reaching it is
 * the agent's business (and may need its headers' secrets), and which agents get it depends on them.
 */
export async function mcpChecks(servers: readonly McpServer[], cwd: string): Promise<Check[]> {
  const checks: Check[] = [];
  for (const server of servers) checks.push(await mcpCheck(server, cwd));
  return checks;
}

async function mcpCheck(server: McpServer, cwd: string): Promise<Check> {
  const title = `MCP server ${sanitizeLine(server.name)}`;
  if (isRemoteMcpServer(server))
    return ok(
      "mcp",
      title,
      `${server.type} ${sanitizeLine(server.url)} (passed to agents whose mcpCapabilities.${server.type} is true; not contacted)`,
    );
  const env = Object.fromEntries(server.env.map(({ name, value }) => [name, value]));
  const commandLine = sanitizeLine([server.command, ...server.args].join(" "));
  let transport: StdioTransport;
  try {
    transport = new StdioTransport({ command: server.command, args: server.args, env, cwd });
  } catch (error) {
    return fail("mcp", title, `cannot start \`${commandLine}\`: ${sanitizeLine((error as Error).message)}`);
  }
  const peer = new JsonRpcPeer(transport);
  try {
    const init = (await peer.request(
      "initialize",
      { protocolVersion: MCP_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: "zc-pane-doctor", version: "1" } },
      { timeoutMs: MCP_TIMEOUT_MS },
    )) as { serverInfo?: { name?: unknown; version?: unknown } } | null;
    peer.notify("notifications/initialized", {});
    const listed = (await peer.request("tools/list", {}, { timeoutMs: MCP_TIMEOUT_MS })) as { tools?: unknown } | null;
    const tools = Array.isArray(listed?.tools)
      ? listed.tools.flatMap((tool: { name?: unknown }) =>
          typeof tool?.name === "string" ? [sanitizeLine(tool.name)] : [],
        )
      : [];
    const info = init?.serverInfo;
    const who =
      typeof info?.name === "string"
        ? `${sanitizeLine(info.name)}${typeof info.version === "string" ? ` ${sanitizeLine(info.version)}` : ""}: `
        : "";
    if (tools.length === 0) return warn("mcp", title, `${who}started \`${commandLine}\`; it lists no tools`);
    return ok("mcp", title, `${who}${tools.length} tool${tools.length === 1 ? "" : "s"}: ${tools.join(", ")}`);
  } catch (error) {
    const stderr = sanitizeLine(transport.stderr.trim().split("\n").at(-1) ?? "");
    return fail(
      "mcp",
      title,
      `\`${commandLine}\` did not answer MCP initialize/tools/list: ${sanitizeLine((error as Error).message)}${stderr ? ` (stderr: ${stderr})` : ""}`,
      "run the command by hand to see why, or fix its entry in mcpServers",
    );
  } finally {
    await transport.close();
  }
}
