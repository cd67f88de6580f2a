import { afterEach, describe, expect, it } from "vitest";
import { chooseScript } from "../../src/demo/scripts.js";
import { AgentProcess } from "./agent-process.js";

// The scenarios `npm run bench` drives (test/bench/): their shape is what the harness parses.
describe("demo agent: benchmark scenarios", () => {
  let agent: AgentProcess;
  afterEach(async () => agent?.dispose());

  it("parses the optional second number: burst N xW, stamp N MS, defaults otherwise", () => {
    expect(chooseScript("burst 50000 x40")).toEqual({ keyword: "burst", count: 50_000, second: 40 });
    expect(chooseScript("burst 12")).toEqual({ keyword: "burst", count: 12, second: 0 });
    expect(chooseScript("stamp 30 5")).toEqual({ keyword: "stamp", count: 30, second: 5 });
    expect(chooseScript("stamp")).toEqual({ keyword: "stamp", count: 200, second: 20 });
    expect(chooseScript("long 3").count).toBe(3);
  });

  it("burst N xW: chunk i is c<i> padded with dots to W bytes, the result their concatenation", async () => {
    agent = AgentProcess.start();
    const sessionId = await agent.newSession();
    const reply = await agent.response(agent.request("session/prompt", { sessionId, prompt: "burst 2000 x40" }));
    const chunks = agent.updates(sessionId, "agent_message_chunk").map((u) => u.content.text as string);
    expect(chunks).toHaveLength(2000);
    expect(
      chunks.every((text, index) => text.length === 40 && text.startsWith(`c${index}.`) && text.endsWith(". ")),
    ).toBe(true);
    expect(reply.result.content).toBe(chunks.join(""));
  });

  it("stamp N MS: N 100-byte chunks led by s<i>@<epoch ms>, paced by the clock, a paragraph every ten", async () => {
    agent = AgentProcess.start();
    const sessionId = await agent.newSession();
    const started = Date.now();
    const reply = await agent.response(agent.request("session/prompt", { sessionId, prompt: "stamp 20 10" }));
    const chunks = agent.updates(sessionId, "agent_message_chunk").map((u) => u.content.text as string);
    expect(chunks).toHaveLength(20);
    const stamps = chunks.map((text, index) => {
      expect(Buffer.byteLength(text)).toBe(100);
      const match = /^s(\d+)@(\d+) /.exec(text);
      expect(Number(match?.[1])).toBe(index);
      return Number(match?.[2]);
    });
    expect(stamps[0]).toBeGreaterThanOrEqual(started);
    expect(stamps[19]! - stamps[0]!).toBeGreaterThanOrEqual(19 * 10 - 5);
    expect(chunks[9]!.endsWith("\n\n")).toBe(true);
    expect(reply.result.stopReason).toBe("end_turn");
  });
});
