#!/usr/bin/env node
// A tiny real MCP server over stdio (newline-delimited JSON-RPC, MCP 2025-06-18): `initialize`, the
// `notifications/initialized` notification, `tools/list` and `tools/call`. Plain JS so tests need no build.
//
//   node test/helpers/mcp-server.mjs [TOOL...]      serves one tool per name (default: `echo`)
//
// Each tool's description carries the value of $MCP_GREETING, so a test can see the env that reached the
// server. With $MCP_STARTED_FILE set, a line "<pid> started" is appended to that file on start, which proves
// that whoever got the server's configuration (zc-pane's doctor, an agent) really ran it.
import { appendFileSync } from "node:fs";
import { createInterface } from "node:readline";

const tools = (process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["echo"]).map((name) => ({
  name,
  description: `${name} tool (greeting: ${process.env.MCP_GREETING ?? "none"})`,
  inputSchema: { type: "object", properties: { text: { type: "string" } } },
}));

if (process.env.MCP_STARTED_FILE) appendFileSync(process.env.MCP_STARTED_FILE, `${process.pid} started\n`);

const send = (message) => process.stdout.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);

function answer(request) {
  switch (request.method) {
    case "initialize":
      return {
        protocolVersion: request.params?.protocolVersion ?? "2025-06-18",
        capabilities: { tools: {} },
        serverInfo: { name: "zc-pane-test-mcp", version: "1.0.0" },
      };
    case "tools/list":
      return { tools };
    case "tools/call":
      return { content: [{ type: "text", text: String(request.params?.arguments?.text ?? "") }] };
    case "ping":
      return {};
    default:
      return undefined;
  }
}

createInterface({ input: process.stdin }).on("line", (line) => {
  let request;
  try {
    request = JSON.parse(line);
  } catch {
    send({ id: null, error: { code: -32700, message: "Parse error" } });
    return;
  }
  if (request.id === undefined) return; // notifications (notifications/initialized) need no answer
  const result = answer(request);
  if (result === undefined)
    send({ id: request.id, error: { code: -32601, message: `Method not found: ${request.method}` } });
  else send({ id: request.id, result });
});
