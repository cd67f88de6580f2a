import { createHash } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { AgentProcess, type Msg } from "./agent-process.js";

const allowOnce = { outcome: { outcome: "selected", optionId: "allow-once" } };

// The default answer (protocol.md §5–§7): one turn showing every kind of update.
describe("demo agent: the default turn", () => {
  let agent: AgentProcess;
  afterEach(async () => agent?.dispose());

  it("streams text, thoughts and plans, asks before each gated tool, delivers a file, ends with a different content", async () => {
    agent = AgentProcess.start();
    const sessionId = await agent.newSession();
    const promptId = agent.request("session/prompt", { sessionId, prompt: "Show me what you can do" });

    // The approval request comes first, with the string id zc-out-0 and an approval-<uuid> tool call id.
    const shellApproval = await agent.serverRequest("session/request_permission");
    expect(shellApproval.id).toBe("zc-out-0");
    expect(agent.updates(sessionId, "tool_call")).toEqual([]);
    expect(shellApproval.params).toEqual({
      sessionId,
      options: [
        { optionId: "allow-once", name: "Allow once", kind: "allow_once" },
        { optionId: "allow-always", name: "Always allow", kind: "allow_always" },
        { optionId: "reject-once", name: "Reject", kind: "reject_once" },
      ],
      toolCall: {
        toolCallId: expect.stringMatching(/^approval-[0-9a-f-]{36}$/),
        title: "Approve shell?",
        kind: "execute",
        status: "pending",
        rawInput: { tool: "shell" },
        content: [{ type: "content", content: { type: "text", text: "command: git status --short" } }],
      },
    });
    const raw = agent.lines[agent.indexOf(shellApproval)]!.raw;
    expect(raw.startsWith('{"jsonrpc":"2.0","method":"session/request_permission","params":{')).toBe(true);
    expect(raw.endsWith('"id":"zc-out-0"}')).toBe(true);
    agent.reply("zc-out-0", allowOnce);

    const shellCall = await agent.waitFor((m) => m.params?.update?.sessionUpdate === "tool_call");
    const shellUpdate = shellCall.params.update as Msg;
    expect(shellUpdate).toEqual({
      sessionUpdate: "tool_call",
      toolCallId: expect.any(String),
      name: "shell",
      title: "shell",
      kind: "execute",
      rawInput: { command: "git status --short" },
      status: "pending",
    });
    expect(shellUpdate.toolCallId).not.toBe(shellApproval.params.toolCall.toolCallId);
    const shellDone = await agent.waitFor((m) => m.params?.update?.sessionUpdate === "tool_call_update");
    expect(shellDone.params.update).toMatchObject({
      toolCallId: shellUpdate.toolCallId,
      name: "shell",
      title: "shell",
      kind: "execute",
      status: "completed",
      rawOutput: expect.stringContaining("src/app.ts"),
    });
    expect(shellDone.params.update.body).toBe(shellDone.params.update.rawOutput);

    const editApproval = await agent.waitFor((m) => m.id === "zc-out-1");
    expect(editApproval.params.options.map((o: Msg) => o.kind)).toEqual([
      "allow_once",
      "allow_always",
      "reject_with_edit",
      "reject_once",
    ]);
    agent.reply("zc-out-1", allowOnce);

    const result = await agent.response(promptId);
    expect(result.result).toEqual({ sessionId, stopReason: "end_turn", content: expect.any(String) });

    const deliver = agent.updates(sessionId, "tool_call_update").find((u) => u.name === "deliver_file")!;
    expect(deliver.title).toBe("Demo report");
    expect(deliver.status).toBe("completed");
    const resource = deliver.content[1].content.resource as Msg;
    const bytes = Buffer.from(resource.blob as string, "base64");
    expect(resource).toEqual({ uri: expect.any(String), mimeType: "text/markdown", blob: expect.any(String) });
    expect(resource.uri).toBe(`attachment://deliver/${createHash("sha256").update(bytes).digest("hex")}.md`);

    const plans = agent.updates(sessionId, "plan");
    expect(plans.length).toBeGreaterThanOrEqual(2);
    expect(plans.at(-1)!.entries.every((e: Msg) => e.status === "completed")).toBe(true);
    expect(agent.updates(sessionId, "agent_thought_chunk").length).toBeGreaterThan(0);

    const chunks = agent.updates(sessionId, "agent_message_chunk").map((u) => u.content.text as string);
    expect(chunks.length).toBeGreaterThan(20);
    const streamed = chunks.join("");
    const content = result.result.content as string;
    expect(content).not.toBe(streamed);
    expect(streamed.endsWith(content)).toBe(true);
    expect(content).toMatch(/^## /m);
    expect(content).toContain("```ts\n");

    // Every update of the turn is written before its result.
    const resultIndex = agent.indexOf(result);
    expect(agent.lines.slice(resultIndex + 1).filter((l) => l.json?.method === "session/update")).toEqual([]);
  });
});
