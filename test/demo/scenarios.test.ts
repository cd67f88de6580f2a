import { createHash } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { AgentProcess } from "./agent-process.js";

function chunkTexts(agent: AgentProcess, sessionId: string, kind = "agent_message_chunk"): string[] {
  return agent.updates(sessionId, kind).map((u) => u.content.text as string);
}

// The keyword scenarios other tests and benchmarks pick (src/demo/README.md).
describe("demo agent: scripted scenarios", () => {
  let agent: AgentProcess;
  afterEach(async () => agent?.dispose());

  it("deliver: a resource blob whose uri is the sha256 of its bytes; deliver-fail: status failed, text only", async () => {
    agent = AgentProcess.start();
    const sessionId = await agent.newSession();
    await agent.response(agent.request("session/prompt", { sessionId, prompt: "deliver the report" }));
    const [call] = agent.updates(sessionId, "tool_call");
    expect(call).toMatchObject({ name: "deliver_file", title: "deliver_file", kind: "other", status: "pending" });
    const [update] = agent.updates(sessionId, "tool_call_update");
    const resource = update!.content[1].content.resource;
    const hash = createHash("sha256").update(Buffer.from(resource.blob, "base64")).digest("hex");
    expect(update).toMatchObject({ toolCallId: call!.toolCallId, title: "Demo report", status: "completed" });
    expect(resource.uri).toBe(`attachment://deliver/${hash}.md`);
    expect(update!.rawOutput).toBe(
      `Delivered demo-report.md (${Buffer.from(resource.blob, "base64").length} bytes)\nuri=${resource.uri}`,
    );
    expect(update!.content[0]).toEqual({ type: "content", content: { type: "text", text: update!.rawOutput } });

    await agent.response(agent.request("session/prompt", { sessionId, prompt: "deliver-fail" }));
    const failed = agent.updates(sessionId, "tool_call_update")[1]!;
    expect(failed).toMatchObject({ name: "deliver_file", title: "Demo report", status: "failed" });
    expect(failed.content).toHaveLength(1);
  });

  it("burst N: N chunks c0 … c(N-1) in order, content equal to their concatenation", async () => {
    agent = AgentProcess.start();
    const sessionId = await agent.newSession();
    const reply = await agent.response(agent.request("session/prompt", { sessionId, prompt: "burst 20000" }));
    const chunks = chunkTexts(agent, sessionId);
    expect(chunks).toHaveLength(20_000);
    expect(chunks[0]).toBe("c0 ");
    expect(chunks[19_999]).toBe("c19999 ");
    expect(chunks.every((text, index) => text === `c${index} `)).toBe(true);
    expect(reply.result.content).toBe(chunks.join(""));
  });

  it("long N: an N-KB markdown answer", async () => {
    agent = AgentProcess.start();
    const sessionId = await agent.newSession();
    const reply = await agent.response(agent.request("session/prompt", { sessionId, prompt: "long 8" }));
    expect(Buffer.byteLength(reply.result.content)).toBeGreaterThanOrEqual(8 * 1024);
    expect(reply.result.content).toMatch(/^## Section 1\n/);
    expect(chunkTexts(agent, sessionId).join("")).toBe(reply.result.content);
  });

  it("ansi: hostile escape sequences arrive JSON-escaped (C1 raw), split across chunks", async () => {
    agent = AgentProcess.start();
    const sessionId = await agent.newSession();
    await agent.response(agent.request("session/prompt", { sessionId, prompt: "ansi" }));
    const text = chunkTexts(agent, sessionId).join("");
    for (const sequence of ["\u001b]52;c;", "\u001b]0;", "\u001b[2J", "\u009b31m", "\u001b[3J"])
      expect(text).toContain(sequence);
    expect(chunkTexts(agent, sessionId).some((chunk) => chunk.endsWith("\u001b"))).toBe(true);
    const raw = agent.lines.map((line) => line.raw).join("\n");
    expect(raw).toContain("\\u001b]52;c;");
    expect(raw).toContain("\u009b");
  });

  it("think: agent_thought_chunk updates before the answer", async () => {
    agent = AgentProcess.start();
    const sessionId = await agent.newSession();
    await agent.response(agent.request("session/prompt", { sessionId, prompt: "think" }));
    expect(chunkTexts(agent, sessionId, "agent_thought_chunk").join("")).toContain("agent_thought_chunk` updates");
  });

  it("garbage: a non-JSON stdout line, then a normal answer", async () => {
    agent = AgentProcess.start();
    const sessionId = await agent.newSession();
    const reply = await agent.response(agent.request("session/prompt", { sessionId, prompt: "garbage" }));
    expect(reply.result.stopReason).toBe("end_turn");
    expect(agent.lines.filter((line) => line.json === undefined).map((line) => line.raw)).toEqual([
      "this line is not JSON: {oops",
    ]);
  });

  it("stderr: log lines on stderr only", async () => {
    agent = AgentProcess.start();
    const sessionId = await agent.newSession();
    await agent.response(agent.request("session/prompt", { sessionId, prompt: "stderr" }));
    expect(agent.stderr.trim().split("\n")).toHaveLength(3);
    expect(agent.lines.every((line) => line.json !== undefined)).toBe(true);
  });

  it("crash: output, a panic on stderr, exit code 3 and no result", async () => {
    agent = AgentProcess.start();
    const sessionId = await agent.newSession();
    const promptId = agent.request("session/prompt", { sessionId, prompt: "crash" });
    expect(await agent.exited).toEqual({ code: 3, signal: null });
    expect(agent.stderr).toContain("panicked");
    expect(chunkTexts(agent, sessionId).length).toBeGreaterThan(0);
    expect(agent.messages.some((m) => m.id === promptId)).toBe(false);
  });
});
