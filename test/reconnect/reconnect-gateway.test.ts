import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { connect } from "../../src/cli/connect.js";
import { resolveConnection } from "../../src/config/connection.js";
import { startDemoGateway, type DemoGateway } from "../../src/demo/gateway.js";
import { PaneStore } from "../../src/state/pane-store.js";
import { initialPaneState } from "../../src/state/reducer.js";
import { SessionController } from "../../src/state/session-controller.js";

/**
 * Reconnect against real sockets: the demo gateway in-process on 127.0.0.1, the pane's session controller
 * (no Ink) over the WebSocket transport. The gateway is stopped and started again on the same port with
 * the same state dir, as a restarted ZeroClaw daemon would be.
 */

let gateway: DemoGateway | undefined;
let controller: SessionController | undefined;
afterEach(async () => {
  await controller?.dispose();
  await gateway?.close();
  controller = undefined;
  gateway = undefined;
});

const agentStateDir = mkdtempSync(join(tmpdir(), "zc-reconnect-agent-"));

function startGateway(port = 0): Promise<DemoGateway> {
  return startDemoGateway({
    host: "127.0.0.1",
    port,
    tokens: [],
    log: () => undefined,
    stateDir: agentStateDir,
    sessionTimeoutSecs: 3600,
    maxSessions: 10,
  });
}

async function until<T>(check: () => T | undefined | false, timeoutMs = 10_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function setUp(url: string) {
  const home = mkdtempSync(join(tmpdir(), "zc-reconnect-home-"));
  const connection = resolveConnection({ gateway: url }, { env: {}, home });
  const sent: { method: string; text?: string }[] = [];
  let connects = 0;
  const store = new PaneStore({ initial: initialPaneState({ agentName: "gateway" }), flushIntervalMs: 1 });
  controller = new SessionController({
    store,
    cwd: home,
    downloadDir: join(home, "downloads"),
    onQuit: () => undefined,
    reconnectBackoff: { initialMs: 200, maxMs: 400 },
    connect: async () => {
      connects++;
      const connected = await connect(connection, { cwd: home, env: {} });
      // Every request the pane sends, to check what the restore did.
      const send = connected.transport.send.bind(connected.transport);
      connected.transport.send = (message: object) => {
        const { method, params } = message as { method?: string; params?: { prompt?: { text?: string }[] } };
        if (method) sent.push({ method, ...(params?.prompt ? { text: params.prompt[0]?.text } : {}) });
        send(message);
      };
      return connected;
    },
  });
  const text = () => {
    store.flush();
    return store
      .getState()
      .transcript.toArray()
      .map((item) => JSON.stringify(item))
      .join("\n");
  };
  return { store, controller, sent, text, connects: () => connects };
}

describe("reconnect to the gateway", () => {
  it("restores the session after the gateway restarts, keeps what was shown, and sends a prompt queued meanwhile exactly once", async () => {
    gateway = await startGateway();
    const { port } = gateway;
    const { store, controller: pane, sent, text, connects } = setUp(gateway.url);
    await pane.start();
    await until(() => store.getState().header.connection === "ready");
    pane.submit("think");
    await until(
      () =>
        !pane.turnRunning &&
        text().includes("agent-text") &&
        store.getState().turn.running === false &&
        sent.some((m) => m.method === "session/prompt"),
    );
    await until(() => !store.getState().turn.running);
    const before = store.getState().transcript.length;

    // The daemon goes away mid-session; a prompt typed during the outage waits.
    await gateway.close();
    await until(() => store.getState().header.connection === "reconnecting");
    pane.submit("think again");
    expect(store.getState().queue.map((queued) => queued.text)).toEqual(["think again"]);
    // One reconnect attempt fails against the closed port and the next is scheduled before the gateway is back.
    const attemptsBefore = connects();
    await until(() => connects() > attemptsBefore && store.getState().header.retryAt !== undefined);
    gateway = await startGateway(port);

    await until(() => sent.filter((m) => m.method === "session/prompt").length === 2, 15_000);
    await until(() => !store.getState().turn.running && store.getState().header.connection === "ready");
    expect(sent.map((m) => m.method)).toContain("session/resume");
    expect(sent.filter((m) => m.text === "think again")).toHaveLength(1);
    expect(store.getState().queue).toEqual([]);
    // Nothing shown before the drop was lost; the new turn's answer came after it.
    expect(store.getState().transcript.length).toBeGreaterThan(before);
    expect(store.getState().agentDied).toBeUndefined();
  }, 30_000);

  it("marks a turn cut by the drop as interrupted, its streamed text kept, then restores", async () => {
    gateway = await startGateway();
    const { port } = gateway;
    const { store, controller: pane, sent, text } = setUp(gateway.url);
    await pane.start();
    await until(() => store.getState().header.connection === "ready");
    pane.submit("slow");
    await until(() => (store.flush(), store.getState().live.stream?.text.includes("tick 3/")));
    await gateway.close();
    gateway = await startGateway(port);
    await until(
      () => store.getState().header.connection === "ready" && sent.some((m) => m.method === "session/resume"),
      15_000,
    );
    const shown = text();
    expect(shown).toContain("tick 1/300");
    expect(shown).toMatch(/interrupted/);
    // Restored: a following prompt works.
    pane.submit("think");
    await until(() => sent.filter((m) => m.method === "session/prompt").length === 2);
    await until(() => !store.getState().turn.running);
    expect(store.getState().agentDied).toBeUndefined();
  }, 30_000);
});
