import { describe, expect, it } from "vitest";
import { classifyMessage, parseSessionNotification } from "../../src/protocol/index.js";

// A regression guard, not a benchmark (that is `npm run bench`): classify + validate of a streamed chunk must
// stay under the 10 µs per notification that the ≥ 100,000 notifications/s core budget allows (design.md §6),
// which also has to pay for JSON.parse and the reducer. Measured at ~0.35 µs in the esbuild bundle and ~1.2 µs
// under vitest's module runner once warm, so the bound (the whole budget) only trips on a gross regression,
// such as a union that tries every variant or a deep copy per message.
describe("chunk parsing cost", () => {
  const line = JSON.stringify({
    jsonrpc: "2.0",
    method: "session/update",
    params: {
      sessionId: "0b6f2a0e-5f1d-4c1e-9a57-2f1a3f0c9d11",
      update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "The last commit changed " } },
    },
  });

  function parseAll(messages: unknown[]): number {
    let parsed = 0;
    for (const message of messages) {
      const classified = classifyMessage(message);
      if (classified.kind !== "notification") continue;
      const notification = parseSessionNotification(classified.message.params);
      if (notification.ok && notification.value.update.sessionUpdate === "agent_message_chunk") parsed++;
    }
    return parsed;
  }

  it("classifies and validates 20,000 agent_message_chunk notifications within the per-message budget", () => {
    const batch = () => Array.from({ length: 20_000 }, () => JSON.parse(line) as unknown);
    parseAll(batch()); // warm-up: zod compiles its object parsers on first use
    const messages = batch();
    const started = performance.now();
    const parsed = parseAll(messages);
    const elapsedMs = performance.now() - started;
    expect(parsed).toBe(20_000);
    expect(elapsedMs).toBeLessThan(200);
  });
});
