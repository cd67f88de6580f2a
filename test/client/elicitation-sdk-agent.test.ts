import { afterEach, describe, expect, it } from "vitest";
import type { ClientEvent } from "../../src/client/events.js";
import { resultsOf, startSdkAgent, text, type StartedSdkAgent } from "../helpers/sdk-agent/start.js";

let started: StartedSdkAgent | undefined;
afterEach(async () => {
  await started?.client.dispose();
  started = undefined;
});

async function waitForElicitation(agent: StartedSdkAgent) {
  for (let tries = 0; tries < 400; tries++) {
    const first = agent.client.elicitations.pending[0];
    if (first) return first;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("no elicitation arrived");
}

const notices = (events: readonly ClientEvent[]) =>
  events.flatMap((event) => (event.type === "notice" ? [event.message] : []));

describe("elicitation against the ACP SDK 2.4.0 scripted agent", () => {
  it("offers form and url elicitation only when asked to", async () => {
    started = await startSdkAgent({ client: { elicitation: true } });
    const session = await started.client.newSession({ cwd: process.cwd() });
    await started.client.prompt(session.sessionId, text("whoami"));
    expect(resultsOf(started.events, session.sessionId)[0]).toMatchObject({
      clientCapabilities: { elicitation: { form: {}, url: {} } },
    });
    await started.client.dispose();
    started = await startSdkAgent();
    const plain = await started.client.newSession({ cwd: process.cwd() });
    await started.client.prompt(plain.sessionId, text("whoami"));
    expect(JSON.stringify(resultsOf(started.events, plain.sessionId)[0])).not.toContain("elicitation");
  });

  it("a form: the agent gets the accepted content exactly; the transcript says the answer in words", async () => {
    started = await startSdkAgent({ client: { elicitation: true } });
    const session = await started.client.newSession({ cwd: process.cwd() });
    const turn = started.client.prompt(session.sessionId, text("elicit-form"));
    const pending = await waitForElicitation(started);
    expect(pending.request).toMatchObject({ mode: "form", message: "Deploy settings", sessionId: session.sessionId });
    const content = { target: "prd", replicas: 3, dryRun: false, regions: ["eu", "ap"] };
    expect(started.client.elicitations.answer(pending.key, { action: "accept", content })).toBe(true);
    await turn;
    expect(resultsOf(started.events, session.sessionId)[0]).toEqual({
      op: "elicit-form",
      ok: true,
      result: { action: "accept", content },
    });
    expect(notices(started.events)).toContain("Deploy settings → Production · 3 · false · Europe, Asia");
  });

  it("a url: accepted, then the agent's elicitation/complete is shown", async () => {
    started = await startSdkAgent({ client: { elicitation: true } });
    const session = await started.client.newSession({ cwd: process.cwd() });
    const turn = started.client.prompt(session.sessionId, text("elicit-url"));
    const pending = await waitForElicitation(started);
    expect(pending.request).toMatchObject({ mode: "url", url: "https://tracker.example/login?state=abc" });
    started.client.elicitations.answer(pending.key, { action: "accept" });
    await turn;
    expect(resultsOf(started.events, session.sessionId)[0]).toMatchObject({ ok: true, result: { action: "accept" } });
    expect(notices(started.events)).toContain("the agent says the step in the browser is done (login-1)");
  });

  it("cancelling the turn answers an open elicitation `cancel`", async () => {
    started = await startSdkAgent({ client: { elicitation: true } });
    const session = await started.client.newSession({ cwd: process.cwd() });
    const turn = started.client.prompt(session.sessionId, text("elicit-form"));
    await waitForElicitation(started);
    started.client.cancel(session.sessionId);
    await turn;
    expect(resultsOf(started.events, session.sessionId)[0]).toMatchObject({ ok: true, result: { action: "cancel" } });
    expect(started.client.elicitations.pending).toEqual([]);
  });
});
