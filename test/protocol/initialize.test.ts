import { describe, expect, it } from "vitest";
import {
  ACP_PROTOCOL_VERSION,
  detectLegacyInitialize,
  InitializeParamsSchema,
  isZeroClawAgent,
  parseInitializeResult,
  type InitializeParams,
} from "../../src/protocol/index.js";
import { LEGACY_INITIALIZE_RESULTS } from "./fixtures/extra-examples.js";

const zeroclawResult = {
  protocolVersion: 1,
  agentCapabilities: {
    loadSession: true,
    promptCapabilities: { image: false, audio: false, embeddedContext: true },
    mcpCapabilities: { http: false, sse: false },
    sessionCapabilities: { resume: {}, close: {} },
  },
  agentInfo: { name: "zeroclaw-acp", title: "ZeroClaw ACP", version: "0.8.4" },
  authMethods: [],
  _meta: { zeroclaw: { maxSessions: 10, sessionTimeoutSecs: 3600, defaultModel: "claude-sonnet-4-6" } },
};

describe("initialize", () => {
  it("reads ZeroClaw's result, including _meta.zeroclaw", () => {
    const parsed = parseInitializeResult(zeroclawResult);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value._meta?.zeroclaw).toEqual({
      maxSessions: 10,
      sessionTimeoutSecs: 3600,
      defaultModel: "claude-sonnet-4-6",
    });
    expect(parsed.value.agentCapabilities?.sessionCapabilities?.resume).toEqual({});
    expect(isZeroClawAgent(parsed.value)).toBe(true);
  });

  it("reads the store-less shape: loadSession false, sessionCapabilities present but empty", () => {
    const parsed = parseInitializeResult({
      ...zeroclawResult,
      agentCapabilities: { loadSession: false, sessionCapabilities: {} },
      _meta: { zeroclaw: { maxSessions: 10, sessionTimeoutSecs: 3600 } },
    });
    expect(parsed.ok && parsed.value.agentCapabilities).toEqual({ loadSession: false, sessionCapabilities: {} });
  });

  it("reads a minimal standard agent (the SDK example agent) as not ZeroClaw", () => {
    const parsed = parseInitializeResult({ protocolVersion: 1, agentCapabilities: { loadSession: false } });
    expect(parsed.ok && isZeroClawAgent(parsed.value)).toBe(false);
  });

  it("treats malformed capability parts as unsupported instead of failing", () => {
    const parsed = parseInitializeResult({
      protocolVersion: 1,
      agentCapabilities: {
        loadSession: "yes",
        sessionCapabilities: { resume: true, close: {} },
        promptCapabilities: 3,
      },
      authMethods: "none",
      agentInfo: { name: "x" },
    });
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.agentCapabilities?.loadSession).toBeUndefined();
    expect(parsed.value.agentCapabilities?.sessionCapabilities?.resume).toBeUndefined();
    expect(parsed.value.agentCapabilities?.sessionCapabilities?.close).toEqual({});
    expect(parsed.value.authMethods).toBeUndefined();
    expect(parsed.value.agentInfo).toBeUndefined();
  });

  it("keeps the protocol version a number, so the client can refuse a different one", () => {
    const parsed = parseInitializeResult({ protocolVersion: 2 });
    expect(parsed.ok && parsed.value.protocolVersion).toBe(2);
  });

  it("detects every pre-v1 ZeroClaw shape and explains it", () => {
    for (const legacy of LEGACY_INITIALIZE_RESULTS) {
      const detected = detectLegacyInitialize(legacy);
      expect(detected, JSON.stringify(legacy)).toMatchObject({ protocolVersion: "1.0", serverName: "zeroclaw" });
      const parsed = parseInitializeResult(legacy);
      expect(parsed.ok).toBe(false);
      if (!parsed.ok) expect(parsed.error).toContain("v0.7.5");
    }
    expect(detectLegacyInitialize(LEGACY_INITIALIZE_RESULTS[1])?.serverVersion).toBe("0.7.3");
  });

  it("does not mistake a v1 result or garbage for the legacy shape", () => {
    expect(detectLegacyInitialize(zeroclawResult)).toBeUndefined();
    expect(detectLegacyInitialize(null)).toBeUndefined();
    expect(detectLegacyInitialize({ protocolVersion: 1 })).toBeUndefined();
  });

  it("validates the params the client sends", () => {
    const params: InitializeParams = {
      protocolVersion: ACP_PROTOCOL_VERSION,
      clientCapabilities: {
        fs: { readTextFile: false, writeTextFile: false },
        terminal: false,
        session: { notices: {} },
      },
      clientInfo: { name: "zc-pane", version: "0.1.0" },
    };
    expect(InitializeParamsSchema.safeParse(params).success).toBe(true);
    expect(InitializeParamsSchema.safeParse({ protocolVersion: "1.0" }).success).toBe(false);
  });
});
