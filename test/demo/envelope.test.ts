import { afterEach, describe, expect, it } from "vitest";
import { AgentProcess } from "./agent-process.js";

// ZeroClaw's loose envelope handling (protocol.md §1.4, §9), checked on the bytes the peer receives.
describe("demo agent: JSON-RPC envelope", () => {
  let agent: AgentProcess;
  afterEach(async () => agent?.dispose());

  it("answers initialize with the v1 shape, ZeroClaw's key order, one compact line", async () => {
    agent = AgentProcess.start({ args: ["--max-sessions", "4", "--session-timeout", "120"] });
    agent.send({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: "1.0", clientInfo: { name: "t" } },
    });
    const reply = await agent.response(1);
    expect(reply.result).toEqual({
      protocolVersion: 1,
      agentCapabilities: {
        loadSession: true,
        promptCapabilities: { image: false, audio: false, embeddedContext: true },
        mcpCapabilities: { http: false, sse: false },
        sessionCapabilities: { resume: {}, close: {} },
      },
      agentInfo: { name: "zeroclaw-acp", title: expect.any(String), version: expect.any(String) },
      authMethods: [],
      _meta: { zeroclaw: { maxSessions: 4, sessionTimeoutSecs: 120, defaultModel: "demo-model" } },
    });
    const raw = agent.lines.find((line) => line.json === reply)!.raw;
    // Envelope in struct order; everything inside `result` sorted like serde_json's BTreeMap.
    expect(raw.startsWith('{"jsonrpc":"2.0","result":{"_meta":{"zeroclaw":{"defaultModel":')).toBe(true);
    expect(raw.endsWith(',"protocolVersion":1},"id":1}')).toBe(true);
    expect(raw).not.toMatch(/\n|": /);
  });

  it("answers a non-JSON line with -32700 and id null", async () => {
    agent = AgentProcess.start();
    agent.send("this is not json");
    const reply = await agent.waitFor((m) => m.error?.code === -32700);
    expect(reply).toEqual({
      jsonrpc: "2.0",
      error: { code: -32700, message: expect.stringMatching(/^Parse error: /) },
      id: null,
    });
    expect(Object.keys(reply.error)).toEqual(["code", "message"]);
  });

  it("answers a request without jsonrpc or method with -32700 and id null, even when it has an id", async () => {
    agent = AgentProcess.start();
    agent.send({ id: 7, method: "initialize" });
    agent.send({ jsonrpc: "2.0", id: 8 });
    agent.send("[]");
    const first = await agent.waitFor((m) => m.error?.message?.includes("`jsonrpc`"));
    const second = await agent.waitFor((m) => m.error?.message?.includes("`method`"));
    expect(first).toMatchObject({ error: { code: -32700 }, id: null });
    expect(second).toMatchObject({ error: { code: -32700 }, id: null });
    await agent.waitFor((m) => m.error?.code === -32700 && m.error.message.includes("sequence"));
  });

  it("answers a wrong jsonrpc version with -32600 when there is an id and drops it otherwise", async () => {
    agent = AgentProcess.start();
    agent.send({ jsonrpc: "1.0", method: "session/cancel", params: { sessionId: "x" } });
    agent.send({ jsonrpc: "1.0", id: "v", method: "initialize", params: {} });
    const reply = await agent.response("v");
    expect(reply).toEqual({ jsonrpc: "2.0", error: { code: -32600, message: "Invalid JSON-RPC version" }, id: "v" });
    expect(await agent.quietFor(200)).toBe(true);
    expect(agent.lines).toHaveLength(1);
  });

  it("answers an unknown method with -32601 and echoes string and numeric ids unchanged", async () => {
    agent = AgentProcess.start();
    agent.request("session/set_mode", {}, "abc");
    agent.request("authenticate", {}, 42);
    expect(await agent.response("abc")).toEqual({
      jsonrpc: "2.0",
      error: { code: -32601, message: "Method not found: session/set_mode" },
      id: "abc",
    });
    expect((await agent.response(42)).error).toEqual({ code: -32601, message: "Method not found: authenticate" });
  });

  it("never answers notifications, nor requests with id null, whatever they contain", async () => {
    agent = AgentProcess.start();
    agent.send({ jsonrpc: "2.0", method: "no/such/method", params: {} });
    agent.send({ jsonrpc: "2.0", id: null, method: "no/such/method", params: {} });
    agent.send({ jsonrpc: "2.0", id: null, method: "session/prompt", params: {} });
    agent.send({ jsonrpc: "2.0", method: "session/cancel", params: {} });
    agent.send({ jsonrpc: "2.0", method: "session/update", params: { sessionId: "unknown" } });
    agent.send({ jsonrpc: "2.0", id: null, method: "initialize", params: {} });
    agent.send("");
    agent.send("   ");
    agent.request("initialize", {}, "last");
    await agent.response("last");
    expect(await agent.quietFor(300)).toBe(true);
    expect(agent.lines.map((line) => line.json?.id)).toEqual(["last"]);
  });

  it("accepts CRLF line endings and surrounding whitespace", async () => {
    agent = AgentProcess.start();
    agent.child.stdin.write('  {"jsonrpc":"2.0","id":5,"method":"initialize","params":{}}  \r\n');
    expect((await agent.response(5)).result.protocolVersion).toBe(1);
  });

  it("exits with code 0 when stdin closes", async () => {
    agent = AgentProcess.start();
    agent.request("initialize", {});
    await agent.response(1);
    expect(await agent.end()).toEqual({ code: 0, signal: null });
  });
});
