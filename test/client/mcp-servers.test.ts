import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { McpServer } from "../../src/protocol/index.js";
import { resultsOf, startSdkAgent, text, type StartedSdkAgent } from "../helpers/sdk-agent/start.js";

const MCP_SERVER = resolve(import.meta.dirname, "../helpers/mcp-server.mjs");

let started: StartedSdkAgent | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await started?.client.dispose();
  started = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), "zc-pane-mcp-client-"));
  dirs.push(dir);
  return dir;
}

/** A stdio MCP server (the test helper) that notes its start in `startedFile`. */
function stdioServer(startedFile: string): McpServer {
  return {
    name: "notes",
    command: process.execPath,
    args: [MCP_SERVER, "search_notes", "add_note"],
    env: [
      { name: "MCP_GREETING", value: "bonjour" },
      { name: "MCP_STARTED_FILE", value: startedFile },
    ],
  };
}
const HTTP_SERVER: McpServer = { type: "http", name: "web", url: "https://mcp.example/mcp", headers: [] };

describe("MCP servers reach the agent (the ACP SDK 2.4.0 scripted agent starts them)", () => {
  it("sends stdio servers on session/new; the agent starts them and lists their tools", async () => {
    const dir = scratch();
    const startedFile = join(dir, "started");
    started = await startSdkAgent({ client: { mcpServers: [stdioServer(startedFile), HTTP_SERVER] } });
    const { client, events } = started;
    const session = await client.newSession({ cwd: dir });
    await client.prompt(session.sessionId, text("mcp"));
    const [report] = resultsOf(events, session.sessionId);
    expect(report).toMatchObject({
      op: "mcp",
      received: [stdioServer(startedFile)],
      started: [
        {
          name: "notes",
          serverInfo: { name: "zc-pane-test-mcp" },
          tools: [
            { name: "search_notes", description: "search_notes tool (greeting: bonjour)" },
            { name: "add_note", description: "add_note tool (greeting: bonjour)" },
          ],
        },
      ],
    });
    // A real process ran: it wrote its pid.
    expect(readFileSync(startedFile, "utf8")).toMatch(/^\d+ started\n$/);
    // The http server was not sent (the agent has no mcpCapabilities.http), and the user is told which.
    const notices = events.flatMap((event) => (event.type === "notice" ? [event.message] : []));
    expect(notices).toContain(
      "MCP server web (http) not passed: zc-pane-sdk-test-agent does not advertise that transport in mcpCapabilities",
    );
    expect(client.session(session.sessionId)?.mcpServers?.map((server) => server.name)).toEqual(["notes"]);
  });

  it("sends http servers to an agent whose mcpCapabilities.http is true", async () => {
    const dir = scratch();
    started = await startSdkAgent({ flags: ["--mcp-http"], client: { mcpServers: [HTTP_SERVER] } });
    const session = await started.client.newSession({ cwd: dir });
    await started.client.prompt(session.sessionId, text("mcp"));
    expect(resultsOf(started.events, session.sessionId)[0]).toMatchObject({ received: [HTTP_SERVER], started: [] });
    expect(started.events.some((event) => event.type === "notice")).toBe(false);
  });

  it("sends them again on session/load and session/resume", async () => {
    const dir = scratch();
    const store = join(dir, "store.json");
    const startedFile = join(dir, "started");
    writeFileSync(store, JSON.stringify([{ sessionId: "kept-1", cwd: dir, history: [] }]));
    started = await startSdkAgent({ flags: ["--store", store], client: { mcpServers: [stdioServer(startedFile)] } });
    const { client, events } = started;
    await client.loadSession("kept-1", dir);
    await client.prompt("kept-1", text("mcp"));
    await client.resumeSession("kept-1", dir);
    await client.prompt("kept-1", text("mcp"));
    const reports = resultsOf(events, "kept-1");
    expect(reports.map((report) => (report.started as Array<{ name: string }>).map((server) => server.name))).toEqual([
      ["notes"],
      ["notes"],
    ]);
    expect(readFileSync(startedFile, "utf8").trim().split("\n")).toHaveLength(2);
    expect(client.session("kept-1")?.mcpServers?.map((server) => server.name)).toEqual(["notes"]);
  });
});
