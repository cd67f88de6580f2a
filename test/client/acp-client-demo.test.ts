import { afterEach, describe, expect, it } from "vitest";
import type { AcpClient } from "../../src/client/acp-client.js";
import { ClientError } from "../../src/client/errors.js";
import { RpcError } from "../../src/rpc/errors.js";
import { nextEvent, startDemoClient, tempStateDir, text } from "../helpers/demo-agent.js";

const clients: AcpClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.dispose()));
});

async function start(options: Parameters<typeof startDemoClient>[0] = {}) {
  const started = await startDemoClient(options);
  clients.push(started.client);
  return started;
}

const allowOnce = {
  permissionPolicy: (request: { options: readonly { optionId: string; kind: string }[] }) => {
    const option = request.options.find((candidate) => candidate.kind === "allow_once");
    return option ? { outcome: "selected" as const, optionId: option.optionId } : undefined;
  },
};

describe("AcpClient against the demo agent (a real child process)", () => {
  it("initializes and recognises a ZeroClaw-shaped agent", async () => {
    const { agent } = await start();
    expect(agent).toMatchObject({
      protocolVersion: 1,
      name: "zeroclaw-acp",
      loadSession: true,
      canResume: true,
      canClose: true,
      canStop: true,
      canDelete: false,
    });
    expect(agent.profile.name).toBe("zeroclaw");
    expect(agent.promptCapabilities.embeddedContext).toBe(true);
    expect(agent.zeroclaw?.sessionTimeoutSecs).toBeGreaterThan(0);
  });

  it("runs a full turn with an approved shell command", async () => {
    const { client, events } = await start({ client: allowOnce });
    const session = await client.newSession({ cwd: process.cwd() });
    expect(session.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const result = await client.prompt(session.sessionId, text("run shell please"));
    expect(result.stopReason).toBe("end_turn");
    const permission = events.find((event) => event.type === "permission-requested");
    expect(permission?.type === "permission-requested" && permission.request.requestId).toBe("zc-out-0");
    const kinds = events
      .filter((event) => event.type === "update")
      .map((event) => event.type === "update" && event.update.sessionUpdate);
    expect(kinds).toContain("tool_call");
    expect(kinds).toContain("tool_call_update");
    expect(events.some((event) => event.type === "permission-settled" && event.outcome === "allow-once")).toBe(true);
  });

  it("answers a pending permission request `cancelled` when the turn is cancelled", async () => {
    const { client, events } = await start();
    const session = await client.newSession({ cwd: process.cwd() });
    const turn = client.prompt(session.sessionId, text("shell"));
    const requested = await nextEvent(client, events, "permission-requested");
    expect(client.permissions.pending.map((request) => request.key)).toEqual([requested.request.key]);
    client.cancel(session.sessionId);
    expect(client.permissions.pending).toEqual([]);
    const result = await turn;
    expect(result.stopReason).toBe("cancelled");
    expect(events.some((event) => event.type === "permission-settled" && event.outcome === "cancelled")).toBe(true);
  });

  it("cancels a slow turn and sees the synthetic turn-cancelled tool call", async () => {
    const { client, events } = await start();
    const session = await client.newSession({ cwd: process.cwd() });
    const turn = client.prompt(session.sessionId, text("slow"));
    await nextEvent(client, events, "update", (event) => event.update.sessionUpdate === "agent_message_chunk");
    client.cancel(session.sessionId);
    await expect(turn).resolves.toEqual({ stopReason: "cancelled" });
    const marker = events.find(
      (event) =>
        event.type === "update" &&
        event.update.sessionUpdate === "tool_call" &&
        event.update.toolCallId.startsWith("turn-cancelled-"),
    );
    expect(marker).toBeDefined();
  });

  it("refuses a second prompt while a turn runs (locally, and the agent answers -32002)", async () => {
    const { client, events } = await start();
    const session = await client.newSession({ cwd: process.cwd() });
    const turn = client.prompt(session.sessionId, text("slow"));
    await nextEvent(client, events, "update");
    await expect(client.prompt(session.sessionId, text("again"))).rejects.toMatchObject({ code: "busy" });
    const raw = client.peer.request(
      "session/prompt",
      { sessionId: session.sessionId, prompt: text("again") },
      { timeoutMs: null },
    );
    await expect(raw).rejects.toMatchObject({ code: -32002, kind: "busy" });
    client.cancel(session.sessionId);
    await turn;
  });

  it("says clearly that a closed session is gone", async () => {
    const { client } = await start();
    const session = await client.newSession({ cwd: process.cwd() });
    await expect(client.closeSession(session.sessionId)).resolves.toBe(true);
    const error = await client.prompt(session.sessionId, text("hello")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ClientError);
    expect(error).toMatchObject({ code: "unknown-session" });
    expect((error as Error).message).toContain(session.sessionId);
  });

  it("replays a session with session/load after the agent restarts with the same state dir", async () => {
    const stateDir = tempStateDir();
    const first = await start({ stateDir, client: allowOnce });
    const session = await first.client.newSession({ cwd: process.cwd() });
    await first.client.prompt(session.sessionId, text("remember the word pineapple"));
    await first.client.dispose();

    const second = await start({ stateDir, client: allowOnce });
    await second.client.loadSession(session.sessionId, process.cwd());
    const replay = second.events.filter((event) => event.type === "update" && event.sessionId === session.sessionId);
    const user = replay.find((event) => event.type === "update" && event.update.sessionUpdate === "user_message_chunk");
    expect(
      user?.type === "update" &&
        user.update.sessionUpdate === "user_message_chunk" &&
        user.update.content.type === "text" &&
        user.update.content.text,
    ).toMatch(/^\[\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} [^\]]+\] remember the word pineapple/);
    expect(
      replay.some((event) => event.type === "update" && event.update.sessionUpdate === "agent_message_chunk"),
    ).toBe(true);
    const result = await second.client.prompt(session.sessionId, text("hello again"));
    expect(result.stopReason).toBe("end_turn");
  });

  it("resumes without replay, and an unknown id is an explicit error", async () => {
    const stateDir = tempStateDir();
    const first = await start({ stateDir, client: allowOnce });
    const session = await first.client.newSession({ cwd: process.cwd() });
    await first.client.prompt(session.sessionId, text("plan"));
    await first.client.dispose();

    const second = await start({ stateDir });
    await second.client.resumeSession(session.sessionId, process.cwd());
    const kinds = second.events
      .filter((event) => event.type === "update")
      .map((event) => event.type === "update" && event.update.sessionUpdate);
    expect(kinds).toEqual(["plan"]);
    const error = await second.client
      .resumeSession("00000000-0000-4000-8000-000000000000", process.cwd())
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "unknown-session" });
    expect((error as Error).message).toBe(
      "unknown session 00000000-0000-4000-8000-000000000000: zeroclaw-acp has no session with that id",
    );
  });

  it("restores a session the agent dropped for idleness, then sends the prompt again, visibly", async () => {
    const { client, events } = await start({ agentArgs: ["--session-timeout", "1"], client: allowOnce });
    const session = await client.newSession({ cwd: process.cwd() });
    await client.prompt(session.sessionId, text("hello"));
    // The demo agent's reaper runs every min(60 s, timeout) and drops sessions idle longer than the timeout.
    await new Promise((resolve) => setTimeout(resolve, 2600));
    const result = await client.prompt(session.sessionId, text("hello after a pause"));
    expect(result.stopReason).toBe("end_turn");
    expect(events.some((event) => event.type === "notice" && event.message.includes("session/resume"))).toBe(true);
  });

  it("stops a session after the running turn finishes", async () => {
    const { client } = await start({ client: allowOnce });
    const session = await client.newSession({ cwd: process.cwd() });
    const turn = client.prompt(session.sessionId, text("hello"));
    await client.stop(session.sessionId);
    await expect(turn).resolves.toMatchObject({ stopReason: "end_turn" });
    await expect(
      client.peer.request("session/prompt", { sessionId: session.sessionId, prompt: text("x") }, { timeoutMs: null }),
    ).rejects.toBeInstanceOf(RpcError);
  });

  it("reports the agent's death with its exit code and stderr", async () => {
    const { client, events } = await start();
    const session = await client.newSession({ cwd: process.cwd() });
    const error = await client.prompt(session.sessionId, text("crash")).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "connection" });
    const disconnected = await nextEvent(client, events, "disconnected");
    expect(disconnected.close).toMatchObject({ reason: "exited", exitCode: 3 });
    expect(disconnected.close.stderrTail).not.toBe("");
  });
});
