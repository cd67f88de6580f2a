import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { AgentProcess, type Msg } from "./agent-process.js";

const STAMP = /^\[\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC\] /;

/** Runs one approved `shell` turn in a fresh process and returns its session id and state dir. */
async function sessionWithShellTurn(): Promise<{ sessionId: string; stateDir: string }> {
  const agent = AgentProcess.start();
  const sessionId = await agent.newSession();
  const promptId = agent.request("session/prompt", { sessionId, prompt: "shell please" });
  agent.reply((await agent.serverRequest("session/request_permission")).id, {
    outcome: { outcome: "selected", optionId: "allow-once" },
  });
  await agent.response(promptId);
  expect(await agent.end()).toEqual({ code: 0, signal: null });
  await agent.dispose({ keepState: true });
  return { sessionId, stateDir: agent.stateDir };
}

// Persistence across processes, session/load replay and session/resume (protocol.md §8.4, §8.5, §11).
describe("demo agent: load and resume", () => {
  let agent: AgentProcess;
  afterEach(async () => agent?.dispose());

  it("replays the stored turn after a restart: stamped user text, completed tool_call, update without title", async () => {
    const { sessionId, stateDir } = await sessionWithShellTurn();
    agent = AgentProcess.start({ stateDir });
    const loadId = agent.request("session/load", { sessionId, cwd: "/ignored", mcpServers: [] });
    const reply = await agent.response(loadId);
    expect(reply.result).toEqual({});
    const replay = agent.updates(sessionId);
    expect(replay.map((u) => u.sessionUpdate)).toEqual([
      "user_message_chunk",
      "agent_message_chunk",
      "tool_call",
      "tool_call_update",
      "agent_message_chunk",
    ]);
    const [user, before, call, update, answer] = replay as [Msg, Msg, Msg, Msg, Msg];
    expect(user.content.text).toMatch(STAMP);
    expect(user.content.text.replace(STAMP, "")).toBe("shell please");
    expect(before.content.text).toBe("I'll check the working tree with `git status --short`.\n\n");
    expect(call).toEqual({
      sessionUpdate: "tool_call",
      toolCallId: expect.stringMatching(/^toolu_/),
      name: "shell",
      title: "shell",
      kind: "execute",
      rawInput: { command: "git status --short" },
      status: "completed",
    });
    expect(update).toEqual({
      sessionUpdate: "tool_call_update",
      toolCallId: call.toolCallId,
      status: "completed",
      rawOutput: " M src/app.ts\n?? notes.md\n",
      body: " M src/app.ts\n?? notes.md\n",
      content: [{ type: "content", content: { type: "text", text: " M src/app.ts\n?? notes.md\n" } }],
    });
    expect(answer.content.text).toContain("two changes");
    expect(agent.indexOf(reply)).toBe(agent.lines.length - 1);

    expect((await agent.response(agent.request("session/load", { sessionId }))).error).toEqual({
      code: -32602,
      message: `Session already active: ${sessionId}. Call session/close first.`,
    });
    // Loaded sessions take prompts again.
    expect(
      (await agent.response(agent.request("session/prompt", { sessionId, prompt: "think" }))).result.stopReason,
    ).toBe("end_turn");
  });

  it("does not persist cancelled or failed turns", async () => {
    agent = AgentProcess.start();
    const sessionId = await agent.newSession();
    const slow = agent.request("session/prompt", { sessionId, prompt: "slow" });
    await agent.waitFor((m) => m.params?.update?.sessionUpdate === "agent_message_chunk");
    agent.notify("session/cancel", { sessionId });
    await agent.response(slow);
    const failed = await agent.response(agent.request("session/prompt", { sessionId, prompt: "fail" }));
    expect(failed.error).toEqual({
      code: -32603,
      message: "Agent turn failed: demo provider error: simulated upstream failure (HTTP 529 overloaded)",
    });
    await agent.response(agent.request("session/close", { sessionId }));
    const mark = agent.lines.length;
    expect((await agent.response(agent.request("session/load", { sessionId }))).result).toEqual({});
    expect(agent.updates(sessionId, undefined, mark)).toEqual([]);
  });

  it("resume re-sends the stored plan as one update and replays nothing", async () => {
    const first = AgentProcess.start();
    const sessionId = await first.newSession();
    await first.response(first.request("session/prompt", { sessionId, prompt: "plan" }));
    const lastPlan = first.updates(sessionId, "plan").at(-1)!;
    await first.end();
    await first.dispose({ keepState: true });

    agent = AgentProcess.start({ stateDir: first.stateDir });
    const reply = await agent.response(agent.request("session/resume", { sessionId }));
    expect(reply.result).toEqual({});
    expect(agent.updates(sessionId)).toEqual([lastPlan]);
    expect(agent.indexOf(reply)).toBe(1);
  });

  it("answers load, resume, prompt, stop and close for unknown ids with -32000", async () => {
    agent = AgentProcess.start();
    for (const method of ["session/load", "session/resume", "session/prompt", "session/stop", "session/close"]) {
      const reply = await agent.response(
        agent.request(method, { sessionId: "0b6f2a0e-5f1d-4c1e-9a57-2f1a3f0c9d11", prompt: "hi" }),
      );
      expect(reply.error).toEqual({ code: -32000, message: "Session not found: 0b6f2a0e-5f1d-4c1e-9a57-2f1a3f0c9d11" });
    }
    expect((await agent.response(agent.request("session/load", { sessionId: "../../etc/passwd" }))).error.code).toBe(
      -32000,
    );
    expect((await agent.response(agent.request("session/load", {}))).error).toEqual({
      code: -32602,
      message: "Missing required parameter: sessionId",
    });
  });

  it("writes embedded blobs under <workspace>/uploads/<sha256>.<ext> and replaces them with markers", async () => {
    agent = AgentProcess.start();
    const sessionId = await agent.newSession();
    const workspace = join(agent.stateDir, "agents", "demo", "workspace");
    const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");
    const pdf = Buffer.from("%PDF-1.4\n%demo\n");
    const prompt = [
      { type: "text", text: "think about these" },
      { type: "resource", resource: { uri: "file:///tmp/notes.md", mimeType: "text/markdown", text: "# notes" } },
      { type: "resource", resource: { uri: "file:///tmp/shot.png", blob: png.toString("base64") } },
      {
        type: "resource",
        resource: { uri: "attachment://x/report.pdf", mimeType: "application/pdf", blob: pdf.toString("base64") },
      },
      { type: "image", data: "AAAA", mimeType: "image/png" },
    ];
    expect((await agent.response(agent.request("session/prompt", { sessionId, prompt }))).result.stopReason).toBe(
      "end_turn",
    );
    const pngName = `${createHash("sha256").update(png).digest("hex")}.png`;
    const pdfName = `${createHash("sha256").update(pdf).digest("hex")}.pdf`;
    expect(readFileSync(join(workspace, "uploads", pngName))).toEqual(png);
    expect(readFileSync(join(workspace, "uploads", pdfName))).toEqual(pdf);

    await agent.response(agent.request("session/close", { sessionId }));
    const mark = agent.lines.length;
    await agent.response(agent.request("session/load", { sessionId }));
    const user = agent.updates(sessionId, "user_message_chunk", mark)[0]!;
    expect(user.content.text.replace(STAMP, "")).toBe(
      `think about these\n\n# notes\n\n[IMAGE:${join(workspace, "uploads", pngName)}]\n\n[Document: report.pdf] ${join(workspace, "uploads", pdfName)}`,
    );
  });

  it("validates every blob before writing any, and reports prompt errors with -32602 / -32603", async () => {
    agent = AgentProcess.start();
    const sessionId = await agent.newSession();
    const uploads = join(agent.stateDir, "agents", "demo", "workspace", "uploads");
    const good = { type: "resource", resource: { uri: "file:///a.txt", blob: Buffer.from("ok").toString("base64") } };
    const bad = { type: "resource", resource: { uri: "file:///b.txt", blob: "%%%" } };
    const reply = await agent.response(agent.request("session/prompt", { sessionId, prompt: [good, bad] }));
    expect(reply.error).toEqual({ code: -32602, message: "Invalid base64: Invalid symbol 37, offset 0." });
    expect(existsSync(uploads) ? readdirSync(uploads) : []).toEqual([]);

    const huge = Buffer.alloc(10 * 1024 * 1024 + 1).toString("base64");
    const tooBig = await agent.response(
      agent.request("session/prompt", { sessionId, prompt: [{ resource: { blob: huge } }] }),
    );
    expect(tooBig.error).toEqual({
      code: -32602,
      message: `Embedded resource exceeds 10 MB limit (${10 * 1024 * 1024 + 1} bytes)`,
    });

    const cases: [unknown, number, string][] = [
      [undefined, -32602, "Missing required parameter: prompt (must be string or array of parts)"],
      [{ text: "hi" }, -32602, "Missing required parameter: prompt (must be string or array of parts)"],
      [[], -32602, "Parameter 'prompt' array must contain at least one text part"],
      [[{ type: "image", data: "AAAA" }], -32602, "Parameter 'prompt' array must contain at least one text part"],
      ["", -32603, "Agent turn failed: empty user message: refusing to dispatch a blank turn"],
      ["   ", -32603, "Agent turn failed: empty user message: refusing to dispatch a blank turn"],
    ];
    for (const [prompt, code, message] of cases) {
      expect((await agent.response(agent.request("session/prompt", { sessionId, prompt }))).error).toEqual({
        code,
        message,
      });
    }
  });
});
