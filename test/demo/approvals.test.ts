import { afterEach, describe, expect, it } from "vitest";
import { AgentProcess, type Msg } from "./agent-process.js";

const selected = (optionId: string, extra: object = {}) => ({ outcome: { outcome: "selected", optionId, ...extra } });
const RUNTIME_DENY =
  "Tool call not executed: 'shell' requires approval and no operator decision was available, so the runtime denied it by policy. This was not a user's decision.";

async function toolResult(agent: AgentProcess, sessionId: string, name: string): Promise<Msg> {
  const message = await agent.waitFor(
    (m) =>
      m.params?.sessionId === sessionId &&
      m.params.update?.sessionUpdate === "tool_call_update" &&
      m.params.update.name === name,
  );
  return message.params.update as Msg;
}

// Permission requests and ask_user (protocol.md §7).
describe("demo agent: approvals and questions", () => {
  let agent: AgentProcess;
  afterEach(async () => agent?.dispose());

  it("offers reject-with-edit for file_edit and reports the sanitized replacement as the tool output", async () => {
    agent = AgentProcess.start();
    const sessionId = await agent.newSession();
    const promptId = agent.request("session/prompt", { sessionId, prompt: "please edit the greeting" });
    const request = await agent.serverRequest("session/request_permission");
    expect(request.params.options).toEqual([
      { optionId: "allow-once", name: "Allow once", kind: "allow_once" },
      { optionId: "allow-always", name: "Always allow", kind: "allow_always" },
      { optionId: "reject-with-edit", name: "Reject with edit", kind: "reject_with_edit" },
      { optionId: "reject-once", name: "Reject", kind: "reject_once" },
    ]);
    const diff = {
      path: "src/greeting.ts",
      oldText: 'export const greeting = "Hello";',
      newText: 'export const greeting = "Hello from zc-pane";',
    };
    expect(request.params.toolCall).toEqual({
      toolCallId: expect.stringMatching(/^approval-/),
      title: "Approve file_edit?",
      kind: "edit",
      status: "pending",
      rawInput: diff,
      content: [{ type: "diff", ...diff }],
      proposedEdit: diff.newText,
    });
    agent.reply(request.id, selected("reject-with-edit", { replacementContent: "keep it\u001b[2J as is" }));
    const call = await agent.waitFor((m) => m.params?.update?.sessionUpdate === "tool_call");
    expect(call.params.update).toMatchObject({
      name: "file_edit",
      kind: "edit",
      status: "pending",
      rawInput: diff,
      content: [{ type: "diff", ...diff }],
    });
    const update = await toolResult(agent, sessionId, "file_edit");
    expect(update.rawOutput).toBe("keep it[2J as is");
    expect(agent.indexOf(call)).toBeGreaterThan(agent.indexOf(request));
    expect((await agent.response(promptId)).result.content).toContain("keep it[2J as is");
  });

  it("maps reject-once to 'Denied by user.' and result null to a runtime deny", async () => {
    agent = AgentProcess.start();
    const sessionId = await agent.newSession();
    const first = agent.request("session/prompt", { sessionId, prompt: "shell" });
    agent.reply((await agent.serverRequest("session/request_permission")).id, selected("reject-once"));
    expect((await toolResult(agent, sessionId, "shell")).rawOutput).toBe("Denied by user.");
    await agent.response(first);

    const mark = agent.lines.length;
    const second = agent.request("session/prompt", { sessionId, prompt: "shell" });
    const request = await agent.serverRequest("session/request_permission", mark);
    expect(request.id).toBe("zc-out-1");
    agent.send({ jsonrpc: "2.0", id: request.id, result: null });
    const update = await agent.waitFor((m) => m.params?.update?.sessionUpdate === "tool_call_update", { from: mark });
    expect(update.params.update.rawOutput).toBe(RUNTIME_DENY);
    expect((await agent.response(second)).result.stopReason).toBe("end_turn");
  });

  it("ignores a reply whose id is the number instead of the string zc-out-N", async () => {
    agent = AgentProcess.start();
    const sessionId = await agent.newSession();
    const promptId = agent.request("session/prompt", { sessionId, prompt: "shell" });
    const request = await agent.serverRequest("session/request_permission");
    expect(request.id).toBe("zc-out-0");
    agent.reply(0, selected("allow-once"));
    agent.reply("0", selected("allow-once"));
    agent.reply("zc-out-7", selected("allow-once"));
    expect(await agent.quietFor(400)).toBe(true);
    expect(agent.updates(sessionId, "tool_call")).toEqual([]);
    agent.reply("zc-out-0", selected("allow-once"));
    expect((await toolResult(agent, sessionId, "shell")).rawOutput).toContain("src/app.ts");
    await agent.response(promptId);
    // A late duplicate reply is dropped silently.
    agent.reply("zc-out-0", selected("allow-once"));
    expect(await agent.quietFor(200)).toBe(true);
  });

  it("stops asking for a tool after allow-always, for the rest of the session only", async () => {
    agent = AgentProcess.start();
    const sessionId = await agent.newSession();
    const first = agent.request("session/prompt", { sessionId, prompt: "shell" });
    agent.reply((await agent.serverRequest("session/request_permission")).id, selected("allow-always"));
    await agent.response(first);
    const mark = agent.lines.length;
    await agent.response(agent.request("session/prompt", { sessionId, prompt: "shell" }));
    expect(agent.lines.slice(mark).some((l) => l.json?.method === "session/request_permission")).toBe(false);
    expect(agent.updates(sessionId, "tool_call_update", mark)[0]!.rawOutput).toContain("src/app.ts");

    const other = await agent.response(agent.request("session/new", {}));
    const otherId = other.result.sessionId as string;
    agent.request("session/prompt", { sessionId: otherId, prompt: "shell" });
    expect((await agent.serverRequest("session/request_permission", mark)).params.sessionId).toBe(otherId);
  });

  it("asks ask_user choices as choice-N permission options when the client has no elicitation", async () => {
    agent = AgentProcess.start();
    const sessionId = await agent.newSession({ clientCapabilities: { elicitation: { url: {} } } });
    const promptId = agent.request("session/prompt", { sessionId, prompt: "ask me something" });
    const request = await agent.serverRequest("session/request_permission");
    expect(request.params).toEqual({
      sessionId,
      options: [
        { optionId: "choice-0", name: "Rebase", kind: "allow_once" },
        { optionId: "choice-1", name: "Merge", kind: "allow_once" },
        { optionId: "choice-2", name: "Cancel", kind: "reject_once" },
      ],
      toolCall: {
        toolCallId: expect.stringMatching(/^ask-user-[0-9a-f-]{36}$/),
        title: "How should I integrate main into your branch?",
        kind: "other",
        status: "pending",
      },
    });
    const call = agent.updates(sessionId, "tool_call")[0]!;
    expect(call).toMatchObject({
      name: "ask_user",
      kind: "execute",
      rawInput: { question: expect.any(String), choices: ["Rebase", "Merge", "Cancel"] },
    });
    agent.reply(request.id, selected("choice-1"));
    expect((await toolResult(agent, sessionId, "ask_user")).rawOutput).toBe("Merge");
    expect((await agent.response(promptId)).result.content).toContain("Merge");
  });

  it("uses elicitation/create when the client advertised elicitation as {}", async () => {
    agent = AgentProcess.start();
    const sessionId = await agent.newSession({ clientCapabilities: { elicitation: {} } });
    const promptId = agent.request("session/prompt", { sessionId, prompt: "ask" });
    const request = await agent.serverRequest("elicitation/create");
    expect(request.params).toEqual({
      sessionId,
      mode: "form",
      message: "How should I integrate main into your branch?",
      requestedSchema: {
        type: "object",
        required: ["choice"],
        properties: {
          choice: {
            type: "string",
            title: "Choice",
            oneOf: [
              { const: "choice-0", title: "Rebase" },
              { const: "choice-1", title: "Merge" },
              { const: "choice-2", title: "Cancel" },
            ],
          },
        },
      },
    });
    agent.reply(request.id, { action: "accept", content: { choice: "choice-0" } });
    expect((await toolResult(agent, sessionId, "ask_user")).rawOutput).toBe("Rebase");
    await agent.response(promptId);
  });

  it("asks for approval of ask_user itself first with the coder agent (stock auto_approve list)", async () => {
    agent = AgentProcess.start();
    const sessionId = await agent.newSession({ params: { agentAlias: "coder" } });
    agent.request("session/prompt", { sessionId, prompt: "ask" });
    const approval = await agent.serverRequest("session/request_permission");
    expect(approval.params.toolCall).toMatchObject({ title: "Approve ask_user?", rawInput: { tool: "ask_user" } });
    agent.reply(approval.id, selected("allow-once"));
    const choice = await agent.waitFor((m) => m.id === "zc-out-1");
    expect(choice.params.options[0].optionId).toBe("choice-0");
    agent.reply(choice.id, { outcome: { outcome: "cancelled" } });
    expect((await toolResult(agent, sessionId, "ask_user")).rawOutput).toMatch(
      /^Error: Channel 'acp' did not complete the structured choice/,
    );
  });
});
