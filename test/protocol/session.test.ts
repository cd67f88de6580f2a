import { describe, expect, it } from "vitest";
import {
  acceptElicitation,
  cancelElicitation,
  declineElicitation,
  NewSessionParamsSchema,
  parseCreateTerminalParams,
  parseElicitationRequest,
  parseElicitationResult,
  parseEmptyResult,
  parseHistoryTrimmed,
  parseLoadSessionResult,
  parseNewSessionResult,
  parsePromptResult,
  parseReadTextFileParams,
  parseResumeSessionResult,
  parseSetConfigOptionResult,
  parseStopSessionResult,
  parseTerminalRefParams,
  parseWriteTextFileParams,
  PromptParamsSchema,
  SetConfigOptionParamsSchema,
  stripReplayTimestamp,
} from "../../src/protocol/index.js";
import { POLL_ANSWER, POLL_ELICITATION } from "./fixtures/extra-examples.js";

describe("session lifecycle", () => {
  it("keeps ZeroClaw's workspaceDir on session/new", () => {
    const parsed = parseNewSessionResult({ sessionId: "0b6f2a0e", workspaceDir: "/home/me/proj" });
    expect(parsed).toEqual({ ok: true, value: { sessionId: "0b6f2a0e", workspaceDir: "/home/me/proj" } });
  });

  it("reads modes, legacy models and config options, dropping a malformed block", () => {
    const parsed = parseNewSessionResult({
      sessionId: "s",
      modes: {
        currentModeId: "code",
        availableModes: [
          { id: "code", name: "Code" },
          { id: "ask", name: "Ask" },
        ],
      },
      models: { currentModelId: "m1", availableModels: [{ modelId: "m1", name: "Model 1" }] },
      configOptions: "broken",
    });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.modes?.availableModes).toHaveLength(2);
    expect(parsed.value.models?.currentModelId).toBe("m1");
    expect(parsed.value.configOptions).toBeUndefined();
  });

  it("fails session/new without a sessionId", () => {
    expect(parseNewSessionResult({ workspaceDir: "/x" }).ok).toBe(false);
  });

  it("validates session/new params with ZeroClaw's agentAlias", () => {
    const params = { cwd: "/home/me/proj", mcpServers: [], agentAlias: "coder" };
    expect(NewSessionParamsSchema.parse(params)).toEqual(params);
  });

  it("reads load/resume/close results, null included", () => {
    expect(parseLoadSessionResult(null)).toEqual({ ok: true, value: {} });
    expect(parseLoadSessionResult({})).toEqual({ ok: true, value: {} });
    expect(parseResumeSessionResult({ modes: { currentModeId: "a", availableModes: [] } })).toMatchObject({ ok: true });
    expect(parseEmptyResult(null, "session/close")).toEqual({ ok: true, value: {} });
    expect(parseEmptyResult("nope", "session/close")).toMatchObject({ ok: false });
  });

  it("reads the session/stop result", () => {
    expect(parseStopSessionResult({ sessionId: "s", stopped: true })).toEqual({
      ok: true,
      value: { sessionId: "s", stopped: true },
    });
  });

  it("reads set_config_option params and result", () => {
    expect(SetConfigOptionParamsSchema.safeParse({ sessionId: "s", configId: "model", value: "m2" }).success).toBe(
      true,
    );
    expect(
      SetConfigOptionParamsSchema.safeParse({ sessionId: "s", configId: "fast", type: "boolean", value: true }).success,
    ).toBe(true);
    const parsed = parseSetConfigOptionResult({
      configOptions: [
        {
          type: "select",
          id: "model",
          name: "Model",
          currentValue: "m2",
          options: [{ group: "g", name: "G", options: [] }],
        },
      ],
    });
    expect(parsed.ok && parsed.value.configOptions[0]?.type).toBe("select");
  });
});

describe("session/prompt", () => {
  it("keeps ZeroClaw's content string and sessionId", () => {
    const parsed = parsePromptResult({
      sessionId: "0b6f",
      stopReason: "cancelled",
      content: "partial\n\n[turn cancelled via client]",
    });
    expect(parsed).toEqual({
      ok: true,
      value: { sessionId: "0b6f", stopReason: "cancelled", content: "partial\n\n[turn cancelled via client]" },
    });
  });

  it("keeps an unknown stop reason as a string", () => {
    const parsed = parsePromptResult({ stopReason: "paused" });
    expect(parsed.ok && parsed.value.stopReason).toBe("paused");
  });

  it("reads usage and drops a malformed one", () => {
    const usage = { totalTokens: 30, inputTokens: 20, outputTokens: 10, cachedReadTokens: null };
    expect(parsePromptResult({ stopReason: "end_turn", usage })).toMatchObject({ ok: true, value: { usage } });
    expect(parsePromptResult({ stopReason: "end_turn", usage: 5 })).toMatchObject({
      ok: true,
      value: { usage: undefined },
    });
  });

  it("fails without a stop reason (a pre-v1 ZeroClaw result)", () => {
    const parsed = parsePromptResult({ sessionId: "s", content: "Hello" });
    expect(parsed).toMatchObject({ ok: false });
    if (!parsed.ok) expect(parsed.error).toContain("stopReason");
  });

  it("accepts standard content blocks in the prompt the client sends", () => {
    const prompt = [
      { type: "text", text: "Summarise this" },
      { type: "resource", resource: { uri: "file:///tmp/a.txt", text: "hello" } },
      { type: "resource_link", uri: "file:///tmp/b.pdf", name: "b.pdf" },
    ];
    expect(PromptParamsSchema.safeParse({ sessionId: "s", prompt }).success).toBe(true);
    expect(PromptParamsSchema.safeParse({ sessionId: "s", prompt: "plain string" }).success).toBe(false);
  });
});

describe("elicitation/create", () => {
  it("reads the poll multi-select form (§7.3)", () => {
    const parsed = parseElicitationRequest(POLL_ELICITATION.params);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok || parsed.value.mode !== "form") throw new Error("expected a form");
    const choices = parsed.value.requestedSchema.properties?.choices;
    expect(choices?.items?.anyOf?.map((choice) => choice.const)).toEqual(["choice-0", "choice-1", "choice-2"]);
    expect(choices?.maxItems).toBe(2);
    expect(parseElicitationResult(POLL_ANSWER.result)).toMatchObject({ ok: true });
  });

  it("parses an unknown mode as unsupported and a broken form as an error", () => {
    expect(parseElicitationRequest({ mode: "voice", message: "Say it" })).toMatchObject({
      ok: true,
      value: { mode: "unsupported", kind: "voice" },
    });
    expect(parseElicitationRequest({ mode: "form", message: "x" }).ok).toBe(false);
    expect(parseElicitationRequest("x").ok).toBe(false);
  });

  it("builds the three answers", () => {
    expect(acceptElicitation({ choice: "choice-1" })).toEqual({ action: "accept", content: { choice: "choice-1" } });
    expect(declineElicitation()).toEqual({ action: "decline" });
    expect(cancelElicitation()).toEqual({ action: "cancel" });
    expect(parseElicitationResult({ action: "later" }).ok).toBe(false);
  });
});

describe("agent → client methods", () => {
  it("validates fs params", () => {
    expect(parseReadTextFileParams({ sessionId: "s", path: "/a", line: 1, limit: 10 }).ok).toBe(true);
    expect(parseReadTextFileParams({ sessionId: "s", path: "/a", line: 0 }).ok).toBe(false);
    expect(parseWriteTextFileParams({ sessionId: "s", path: "/a", content: "x" }).ok).toBe(true);
    expect(parseWriteTextFileParams({ sessionId: "s", path: "/a" }).ok).toBe(false);
  });

  it("validates terminal params", () => {
    const create = parseCreateTerminalParams({
      sessionId: "s",
      command: "npm",
      args: ["test"],
      env: [{ name: "CI", value: "1" }],
      cwd: "/p",
      outputByteLimit: 1024,
    });
    expect(create.ok).toBe(true);
    expect(parseCreateTerminalParams({ sessionId: "s", command: "npm", outputByteLimit: -1 }).ok).toBe(false);
    expect(parseTerminalRefParams({ sessionId: "s", terminalId: "t1" }, "terminal/kill").ok).toBe(true);
    const bad = parseTerminalRefParams({ sessionId: "s" }, "terminal/output");
    expect(bad.ok === false && bad.error).toMatch(/^invalid terminal\/output params: terminalId/);
  });
});

describe("ZeroClaw extras", () => {
  it("reads _zeroclaw/history_trimmed", () => {
    expect(parseHistoryTrimmed({ sessionId: "s", droppedMessages: 12, keptTurns: 3, reason: "message limit" })).toEqual(
      {
        ok: true,
        value: { sessionId: "s", droppedMessages: 12, keptTurns: 3, reason: "message limit" },
      },
    );
    expect(parseHistoryTrimmed({}).ok).toBe(false);
  });

  it("strips the replay timestamp from user chunks, and only that", () => {
    expect(stripReplayTimestamp("[2026-08-20 14:03:11 UTC] summarise the last commit")).toBe(
      "summarise the last commit",
    );
    expect(stripReplayTimestamp("[note] keep me")).toBe("[note] keep me");
    expect(stripReplayTimestamp("plain")).toBe("plain");
  });
});
