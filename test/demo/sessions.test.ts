import { mkdirSync, realpathSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { AgentProcess, tempStateDir } from "./agent-process.js";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

// session/new, limits, keep-alive and the stdio reaper (protocol.md §4, §8.6, §11.3).
describe("demo agent: sessions", () => {
  let agent: AgentProcess;
  const extraDirs: string[] = [];
  afterEach(async () => {
    await agent?.dispose();
    for (const dir of extraDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("creates a session with a UUID v4 id; no cwd means the agent workspace under the state dir", async () => {
    agent = AgentProcess.start();
    const reply = await agent.response(agent.request("session/new", { mcpServers: [] }));
    expect(reply.result).toEqual({
      sessionId: expect.stringMatching(UUID_V4),
      workspaceDir: join(agent.stateDir, "agents", "demo", "workspace"),
    });
    const coder = await agent.response(agent.request("session/new", { agent_alias: "coder" }));
    expect(coder.result.workspaceDir).toBe(join(agent.stateDir, "agents", "coder", "workspace"));
  });

  it("canonicalizes cwd (symlinks resolved) and reports the path it uses", async () => {
    agent = AgentProcess.start();
    const base = tempStateDir();
    extraDirs.push(base);
    mkdirSync(join(base, "real"));
    symlinkSync(join(base, "real"), join(base, "link"));
    const reply = await agent.response(agent.request("session/new", { agentAlias: "coder", cwd: join(base, "link") }));
    expect(reply.result.workspaceDir).toBe(realpathSync(join(base, "real")));
  });

  it("rejects an unknown alias and an unusable cwd with -32602 and ZeroClaw's messages", async () => {
    agent = AgentProcess.start();
    expect((await agent.response(agent.request("session/new", { agentAlias: "ghost" }))).error).toEqual({
      code: -32602,
      message: "Unknown agent `ghost` — no [agents.ghost] entry configured",
    });
    // A present agentAlias that is not a string does not fall back to agent_alias: the default agent is used.
    expect(
      (await agent.response(agent.request("session/new", { agentAlias: null, agent_alias: "ghost" }))).result,
    ).toBeDefined();
    expect((await agent.response(agent.request("session/new", { cwd: "/definitely/not/here" }))).error).toEqual({
      code: -32602,
      message: "cwd is not a usable directory (/definitely/not/here): No such file or directory (os error 2)",
    });
  });

  it("enforces --max-sessions with -32001", async () => {
    agent = AgentProcess.start({ args: ["--max-sessions", "1"] });
    const sessionId = await agent.newSession();
    expect((await agent.response(agent.request("session/new", {}))).error).toEqual({
      code: -32001,
      message: "Maximum session limit reached (1)",
    });
    // The limit is checked before "already active" on restore.
    expect((await agent.response(agent.request("session/load", { sessionId }))).error.code).toBe(-32001);
    await agent.response(agent.request("session/close", { sessionId }));
    expect((await agent.response(agent.request("session/new", {}))).result).toBeDefined();
  });

  it("answers inbound session/update as a keep-alive, -32000 for an unknown session", async () => {
    agent = AgentProcess.start();
    const sessionId = await agent.newSession();
    expect(
      (await agent.response(agent.request("session/update", { sessionId, update: { sessionUpdate: "ping" } }))).result,
    ).toEqual({
      sessionId,
      type: "ping",
      status: "processed",
    });
    expect((await agent.response(agent.request("session/event", { sessionId, type: "hello" }))).result.type).toBe(
      "hello",
    );
    expect((await agent.response(agent.request("session/event", { sessionId: "nope" }))).error).toEqual({
      code: -32000,
      message: "Session not found: nope",
    });
  });

  it("reaps idle sessions after --session-timeout, unless kept alive", async () => {
    agent = AgentProcess.start({ args: ["--session-timeout", "1"] });
    const idle = await agent.newSession();
    const kept = (await agent.response(agent.request("session/new", {}))).result.sessionId as string;
    for (let i = 0; i < 6; i++) {
      await new Promise((resolve) => setTimeout(resolve, 400));
      agent.notify("session/update", { sessionId: kept, update: { sessionUpdate: "ping" } });
    }
    const gone = await agent.response(agent.request("session/prompt", { sessionId: idle, prompt: "burst 3" }));
    expect(gone.error).toEqual({ code: -32000, message: `Session not found: ${idle}` });
    expect(
      (await agent.response(agent.request("session/prompt", { sessionId: kept, prompt: "burst 3" }))).result.stopReason,
    ).toBe("end_turn");
    // A reaped session is still stored and comes back with session/resume.
    expect((await agent.response(agent.request("session/resume", { sessionId: idle }))).result).toEqual({});
  });
});
