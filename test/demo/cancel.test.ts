import { afterEach, describe, expect, it } from "vitest";
import { AgentProcess, type Msg } from "./agent-process.js";

const MARKER = "[turn cancelled via client]";

function messageText(agent: AgentProcess, sessionId: string, from = 0): string {
  return agent
    .updates(sessionId, "agent_message_chunk", from)
    .map((u) => u.content.text as string)
    .join("");
}

// Cancellation, busy sessions, close and stop (protocol.md §5.2–§5.4, §6.6, §8.1–§8.3).
describe("demo agent: cancel, busy, close, stop", () => {
  let agent: AgentProcess;
  afterEach(async () => agent?.dispose());

  it("cancels a streaming turn: synthetic tool_call with a reused id, then stopReason cancelled", async () => {
    agent = AgentProcess.start();
    const sessionId = await agent.newSession();
    const expected = {
      sessionUpdate: "tool_call",
      toolCallId: `turn-cancelled-${sessionId}`,
      name: "turn-cancelled",
      title: "turn-cancelled",
      kind: "think",
      status: "completed",
      content: [{ type: "content", content: { type: "text", text: MARKER } }],
    };

    const first = agent.request("session/prompt", { sessionId, prompt: "slow" });
    await agent.waitFor((m) => m.params?.update?.content?.text === "tick 3/300 ");
    agent.notify("session/cancel", { sessionId });
    const result = await agent.response(first);
    const cancelled = agent.updates(sessionId, "tool_call");
    expect(cancelled).toEqual([expected]);
    expect(result.result).toEqual({
      sessionId,
      stopReason: "cancelled",
      content: `${messageText(agent, sessionId)}\n\n${MARKER}`,
    });
    expect(result.result.content).toMatch(/^tick 1\/300 tick 2\/300 tick 3\/300 /);

    // Second cancel, as a request this time: `{}` reply, and the same synthetic id again.
    const mark = agent.lines.length;
    const second = agent.request("session/prompt", { sessionId, prompt: "slow" });
    await agent.waitFor((m) => m.params?.update?.sessionUpdate === "agent_message_chunk", { from: mark });
    const cancelId = agent.request("session/cancel", { sessionId });
    expect((await agent.response(cancelId)).result).toEqual({});
    expect((await agent.response(second)).result.stopReason).toBe("cancelled");
    expect(agent.updates(sessionId, "tool_call", mark)).toEqual([expected]);
  });

  it("answers the content with the marker alone when nothing had streamed", async () => {
    agent = AgentProcess.start();
    const sessionId = await agent.newSession();
    const promptId = agent.request("session/prompt", { sessionId, prompt: "slow" });
    agent.notify("session/cancel", { session_id: sessionId });
    expect((await agent.response(promptId)).result).toEqual({ sessionId, stopReason: "cancelled", content: MARKER });
  });

  it("keeps waiting for a pending approval after a cancel; the answer cancelled ends the turn", async () => {
    agent = AgentProcess.start();
    const sessionId = await agent.newSession();
    const promptId = agent.request("session/prompt", { sessionId, prompt: "shell" });
    const request = await agent.serverRequest("session/request_permission");
    agent.notify("session/cancel", { sessionId });
    expect(await agent.quietFor(400)).toBe(true);
    agent.reply(request.id, { outcome: { outcome: "cancelled" } });
    const result = await agent.response(promptId);
    const calls = agent
      .updates(sessionId)
      .filter((u) => u.sessionUpdate === "tool_call" || u.sessionUpdate === "tool_call_update");
    expect(calls.map((u) => [u.sessionUpdate, u.name])).toEqual([
      ["tool_call", "shell"],
      ["tool_call_update", "shell"],
      ["tool_call", "turn-cancelled"],
    ]);
    expect(calls[1]!.rawOutput).toMatch(/^Tool call not executed: 'shell' requires approval/);
    expect(result.result).toEqual({
      sessionId,
      stopReason: "cancelled",
      content: `${messageText(agent, sessionId)}\n\n${MARKER}`,
    });
  });

  it("answers cancel with {} for an idle or unknown session", async () => {
    agent = AgentProcess.start();
    const sessionId = await agent.newSession();
    expect((await agent.response(agent.request("session/cancel", { sessionId }))).result).toEqual({});
    expect((await agent.response(agent.request("session/cancel", { sessionId: "nope" }))).result).toEqual({});
    expect((await agent.response(agent.request("session/cancel", {}))).error).toEqual({
      code: -32602,
      message: "Missing required parameter: sessionId",
    });
  });

  it("rejects a second prompt with -32002 before looking at it, and never queues it", async () => {
    agent = AgentProcess.start();
    const sessionId = await agent.newSession();
    const first = agent.request("session/prompt", { sessionId, prompt: "slow" });
    const busy = agent.request("session/prompt", { sessionId, prompt: 5 });
    expect(await agent.response(busy)).toEqual({
      jsonrpc: "2.0",
      error: { code: -32002, message: `Session already has an active prompt turn: ${sessionId}` },
      id: busy,
    });
    agent.notify("session/cancel", { sessionId });
    expect((await agent.response(first)).result.stopReason).toBe("cancelled");
    // Free again: the malformed prompt now gets its own error.
    expect((await agent.response(agent.request("session/prompt", { sessionId, prompt: 5 }))).error.code).toBe(-32602);
  });

  it("close cancels the running turn, removes the session, and a later prompt gets -32000", async () => {
    agent = AgentProcess.start();
    const sessionId = await agent.newSession();
    const promptId = agent.request("session/prompt", { sessionId, prompt: "slow" });
    await agent.waitFor((m) => m.params?.update?.sessionUpdate === "agent_message_chunk");
    const closeId = agent.request("session/close", { sessionId });
    expect((await agent.response(closeId)).result).toEqual({});
    expect((await agent.response(promptId)).result.stopReason).toBe("cancelled");
    const after = await agent.response(agent.request("session/prompt", { sessionId, prompt: "hi" }));
    expect(after.error).toEqual({ code: -32000, message: `Session not found: ${sessionId}` });
    expect((await agent.response(agent.request("session/close", { sessionId }))).error.code).toBe(-32000);
  });

  it("stop lets the running turn finish, refuses new prompts at once, and replies after the turn", async () => {
    agent = AgentProcess.start();
    const sessionId = await agent.newSession();
    const promptId = agent.request("session/prompt", { sessionId, prompt: "plan" });
    await agent.waitFor((m) => m.params?.update?.sessionUpdate === "plan");
    const stopId = agent.request("session/stop", { sessionId });
    const refused = await agent.response(agent.request("session/prompt", { sessionId, prompt: "hi" }));
    expect(refused.error).toEqual({ code: -32000, message: `Session not found: ${sessionId}` });
    const stop = await agent.response(stopId);
    const result = await agent.response(promptId);
    expect(result.result.stopReason).toBe("end_turn");
    expect(stop.result).toEqual({ sessionId, stopped: true });
    expect(agent.indexOf(stop)).toBeGreaterThan(agent.indexOf(result));
    expect(
      agent
        .updates(sessionId, "plan")
        .at(-1)!
        .entries.every((e: Msg) => e.status === "completed"),
    ).toBe(true);
    expect((await agent.response(agent.request("session/stop", { sessionId }))).error.code).toBe(-32000);
  });
});
