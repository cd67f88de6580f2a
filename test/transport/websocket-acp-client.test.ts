import { afterEach, describe, expect, it } from "vitest";
import type { WebSocket } from "ws";
import type { ClientEvent } from "../../src/client/events.js";
import { connect, type Connected } from "../../src/cli/connect.js";
import { resolveConnection } from "../../src/config/connection.js";
import { WebSocketTransport } from "../../src/transport/websocket.js";
import { startServer, type TestServer } from "./websocket-server.js";

const TOKEN = "zc_" + "5".repeat(64);
const SESSION_ID = "0b6f2a0e-5f1d-4c1e-9a57-2f1a3f0c9d11";

/**
 * A tiny ZeroClaw-shaped ACP agent behind a WebSocket: initialize, session/new, and one prompt turn that
 * streams text, asks `session/request_permission` with the string id `zc-out-0`, waits for the answer and
 * ends the turn. It speaks only through frames, so the client under test cannot tell it from the gateway.
 */
function scriptAgent(socket: WebSocket, answers: unknown[]): void {
  const send = (message: object) => socket.send(JSON.stringify(message));
  const update = (sessionUpdate: object) =>
    send({ jsonrpc: "2.0", method: "session/update", params: { sessionId: SESSION_ID, update: sessionUpdate } });
  let promptId: unknown;
  socket.on("message", (data) => {
    const message = JSON.parse(String(data)) as { id?: unknown; method?: string; result?: unknown };
    switch (message.method) {
      case "initialize":
        send({
          jsonrpc: "2.0",
          result: {
            protocolVersion: 1,
            agentCapabilities: {
              loadSession: false,
              promptCapabilities: { image: false, audio: false, embeddedContext: true },
              mcpCapabilities: { http: false, sse: false },
              sessionCapabilities: {},
            },
            agentInfo: { name: "zeroclaw-acp", title: "ZeroClaw ACP", version: "0.8.4" },
            authMethods: [],
            _meta: { zeroclaw: { maxSessions: 10, sessionTimeoutSecs: 3600 } },
          },
          id: message.id,
        });
        return;
      case "session/new":
        send({ jsonrpc: "2.0", result: { sessionId: SESSION_ID, workspaceDir: "/work" }, id: message.id });
        return;
      case "session/prompt":
        promptId = message.id;
        update({ sessionUpdate: "agent_message_chunk", content: { type: "text", text: "Pushing now. " } });
        send({
          jsonrpc: "2.0",
          method: "session/request_permission",
          params: {
            sessionId: SESSION_ID,
            options: [
              { optionId: "allow-once", name: "Allow once", kind: "allow_once" },
              { optionId: "allow-always", name: "Always allow", kind: "allow_always" },
              { optionId: "reject-once", name: "Reject", kind: "reject_once" },
            ],
            toolCall: {
              toolCallId: "approval-5c1d",
              title: "Approve shell?",
              kind: "execute",
              status: "pending",
              rawInput: { tool: "shell" },
              content: [{ type: "content", content: { type: "text", text: "command: git push origin main" } }],
            },
          },
          id: "zc-out-0",
        });
        return;
    }
    if (message.id === "zc-out-0") {
      answers.push(message.result);
      update({
        sessionUpdate: "tool_call",
        toolCallId: "call_1",
        title: "shell",
        kind: "execute",
        status: "in_progress",
        rawInput: { command: "git push origin main" },
      });
      update({
        sessionUpdate: "tool_call_update",
        toolCallId: "call_1",
        status: "completed",
        rawOutput: "Everything up-to-date",
      });
      update({ sessionUpdate: "agent_message_chunk", content: { type: "text", text: "Done." } });
      send({
        jsonrpc: "2.0",
        result: { sessionId: SESSION_ID, stopReason: "end_turn", content: "Pushing now. Done." },
        id: promptId,
      });
    }
  });
}

let gateway: TestServer | undefined;
let connected: Connected | undefined;
afterEach(async () => {
  await connected?.client.dispose();
  await gateway?.close();
  connected = undefined;
  gateway = undefined;
});

describe("AcpClient over the WebSocket transport", () => {
  it("runs initialize, session/new and a turn with a permission request, as over stdio", async () => {
    gateway = await startServer();
    const answers: unknown[] = [];
    const accepted = gateway.nextConnection().then((connection) => {
      scriptAgent(connection.socket, answers);
      return connection;
    });

    const connection = resolveConnection(
      { gateway: gateway.url, token: TOKEN, alias: "coder" },
      { env: {}, home: "/nonexistent" },
    );
    connected = await connect(connection, {
      cwd: "/work",
      permissionPolicy: (request) => {
        const option = request.options.find((candidate) => candidate.kind === "allow_once");
        return option ? { outcome: "selected", optionId: option.optionId } : undefined;
      },
    });
    const { client, agent, transport } = connected;
    expect(transport).toBeInstanceOf(WebSocketTransport);
    expect(agent).toMatchObject({ name: "zeroclaw-acp", protocolVersion: 1 });
    expect(agent.profile.name).toBe("zeroclaw");

    const events: ClientEvent[] = [];
    client.subscribe((event) => events.push(event));
    const session = await client.newSession({ cwd: "/work", alias: "coder" });
    expect(session.sessionId).toBe(SESSION_ID);
    const result = await client.prompt(session.sessionId, [{ type: "text", text: "push it" }]);
    expect(result.stopReason).toBe("end_turn");

    const permission = events.find((event) => event.type === "permission-requested");
    expect(permission?.type === "permission-requested" && permission.request.requestId).toBe("zc-out-0");
    expect(answers).toEqual([{ outcome: { outcome: "selected", optionId: "allow-once" } }]);
    const kinds = events.flatMap((event) => (event.type === "update" ? [event.update.sessionUpdate] : []));
    expect(kinds).toEqual(["agent_message_chunk", "tool_call", "tool_call_update", "agent_message_chunk"]);

    // On the wire: the gateway URL with ?agent=, the Bearer header, and one message per frame.
    const server = await accepted;
    expect(server.request.url).toBe("/acp?agent=coder");
    expect(server.request.headers.authorization).toBe(`Bearer ${TOKEN}`);
    const frames = server.frames.map((frame) => frame.text);
    expect(
      frames.map(
        (text) =>
          (JSON.parse(text) as { method?: string; id?: unknown }).method ?? (JSON.parse(text) as { id?: unknown }).id,
      ),
    ).toEqual(["initialize", "session/new", "session/prompt", "zc-out-0"]);
    expect(frames[3]).toBe(
      '{"jsonrpc":"2.0","id":"zc-out-0","result":{"outcome":{"outcome":"selected","optionId":"allow-once"}}}',
    );
    expect(frames.every((text) => !text.includes("\n"))).toBe(true);
  });

  it("turns a refused connection into a connection error before initialize", async () => {
    gateway = await startServer({ verifyClient: (_info, callback) => callback(false, 401, "Unauthorized") });
    const connection = resolveConnection({ gateway: gateway.url }, { env: {}, home: "/nonexistent" });
    const failure = await connect(connection, { cwd: "/work" }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ name: "ClientError", code: "connection" });
    expect((failure as Error).message).toContain(
      "requires a paired token (HTTP 401 Unauthorized) and zc-pane had no token",
    );
    expect((failure as Error).message).toContain("zeroclaw gateway get-paircode --new");
  });
});
