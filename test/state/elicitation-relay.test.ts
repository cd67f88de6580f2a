import { describe, expect, it } from "vitest";
import { ElicitationQueue, type PendingElicitation } from "../../src/client/elicitation-queue.js";
import type { ElicitationResult } from "../../src/protocol/index.js";
import { ElicitationRelay } from "../../src/state/elicitation-relay.js";
import { HOSTILE } from "./fixtures.js";

const form: PendingElicitation = {
  key: "7",
  requestId: 7,
  receivedAt: 0,
  request: {
    sessionId: "s",
    mode: "form",
    message: `Which size?${HOSTILE.osc52}`,
    requestedSchema: {
      type: "object",
      required: ["size"],
      properties: { size: { type: "string", enum: ["s", "m"], default: "m" } },
    },
  },
};

const link: PendingElicitation = {
  key: "8",
  requestId: 8,
  receivedAt: 0,
  request: {
    sessionId: "s",
    mode: "url",
    elicitationId: "e",
    message: "Sign in",
    url: `https://example.com/${HOSTILE.osc0}`,
  },
};

/** A relay over a real queue: what the modal reads, and the answer each request's promise settles with. */
function relayWith(...pending: PendingElicitation[]) {
  const queue = new ElicitationQueue();
  const answers = pending.map((request) => queue.add(request));
  const relay = new ElicitationRelay();
  relay.follow(queue);
  return { relay, answers };
}

describe("ElicitationRelay: the modal's views and decisions, the agent's answers", () => {
  it("shows a form as its fields with their defaults and a URL as one line, agent text sanitized", () => {
    const { relay } = relayWith(form, link);
    const [first, second] = relay.getPending();
    expect(first).toMatchObject({ key: "7", kind: "form", message: "Which size?", initialValues: { size: "m" } });
    expect(first?.kind === "form" && first.fields.map((field) => [field.key, field.kind])).toEqual([
      ["size", "select"],
    ]);
    expect(second).toEqual({ key: "8", kind: "url", message: "Sign in", url: "https://example.com/" });
    // The same array until the queue changes (useSyncExternalStore re-renders on a new identity).
    expect(relay.getPending()).toBe(relay.getPending());
  });

  it("answers accept with the form's content, a visited URL with accept alone, decline and cancel as such", async () => {
    const { relay, answers } = relayWith(
      form,
      link,
      { ...link, key: "9", requestId: 9 },
      { ...link, key: "10", requestId: 10 },
    );
    relay.decide("7", { type: "accept", content: { size: "s" } });
    relay.decide("8", { type: "accept" });
    relay.decide("9", { type: "decline" });
    relay.decide("10", { type: "cancel" });
    expect(await Promise.all(answers)).toEqual<ElicitationResult[]>([
      { action: "accept", content: { size: "s" } },
      { action: "accept" },
      { action: "decline" },
      { action: "cancel" },
    ]);
    expect(relay.getPending()).toEqual([]);
  });
});
