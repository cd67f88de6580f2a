import { withoutCi } from "../helpers/user-env.js";
import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";

/**
 * The demo gateway (`zc-pane demo-agent --gateway`) as a real process on 127.0.0.1 and an ephemeral port,
 * driven by a real `ws` client that reads and writes raw frames, so the tests check what a peer receives.
 */

const ROOT = new URL("../..", import.meta.url).pathname;
const BIN = join(ROOT, "bin", "zc-pane.js");
const TOKEN = "zc_0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
const UNAUTHORIZED =
  "Unauthorized - provide Authorization header, Sec-WebSocket-Protocol bearer, or ?token= query param";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- assertions walk arbitrary JSON-RPC shapes
type Msg = Record<string, any>;

interface Gateway {
  readonly child: ChildProcessWithoutNullStreams;
  /** `ws://127.0.0.1:PORT/acp` as printed by the gateway. */
  readonly url: string;
  readonly port: number;
  readonly stateDir: string;
  stderr(): string;
  stop(): Promise<number | null>;
}

async function startGateway(
  args: string[] = [],
  stateDir = mkdtempSync(join(tmpdir(), "zc-gateway-test-")),
): Promise<Gateway> {
  if (!existsSync(join(ROOT, "dist", "cli.js"))) throw new Error("dist/cli.js is missing: run `npm run build` first");
  const child = spawn(
    process.execPath,
    [BIN, "demo-agent", "--gateway", "--port", "0", "--state-dir", stateDir, ...args],
    { cwd: ROOT, env: withoutCi() },
  );
  let stderr = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (text: string) => {
      stderr += text;
      const match = /^listening on (ws:\/\/\S+)$/m.exec(stderr);
      if (match) resolve(match[1]!);
    });
    void exited.then((code) => reject(new Error(`the gateway exited (${code}) before listening: ${stderr}`)));
  });
  return {
    child,
    url,
    port: Number(new URL(url).port),
    stateDir,
    stderr: () => stderr,
    stop: async () => {
      child.kill("SIGTERM");
      return exited;
    },
  };
}

/** A raw WebSocket peer: every frame received, parsed, with whether it was binary. */
class Peer {
  readonly frames: { text: string; binary: boolean; json: Msg | undefined }[] = [];
  private nextId = 1;
  private waiters: (() => void)[] = [];
  readonly closed: Promise<number>;

  private constructor(readonly socket: WebSocket) {
    socket.on("message", (data, binary) => {
      const text = Buffer.from(data as Buffer).toString("utf8");
      let json: Msg | undefined;
      try {
        json = JSON.parse(text) as Msg;
      } catch {
        json = undefined;
      }
      this.frames.push({ text, binary, json });
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) => socket.once("close", (code) => resolve(code)));
    void this.closed.then(() => {
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  static open(url: string, options: { headers?: Record<string, string>; protocols?: string[] } = {}): Promise<Peer> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, options.protocols ?? [], { headers: options.headers ?? {} });
      socket.once("open", () => resolve(new Peer(socket)));
      socket.once("error", reject);
      socket.once("unexpected-response", (_request, response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => reject(new HttpRefusal(response.statusCode ?? 0, body, response.headers)));
      });
    });
  }

  get messages(): Msg[] {
    return this.frames.flatMap((frame) => (frame.json ? [frame.json] : []));
  }

  send(message: object | string, options: { binary?: boolean } = {}): void {
    const text = typeof message === "string" ? message : JSON.stringify(message);
    this.socket.send(options.binary ? Buffer.from(text, "utf8") : text, { binary: options.binary === true });
  }

  /** Sends a request and resolves with its reply. */
  async call(method: string, params: unknown = {}): Promise<Msg> {
    const id = this.nextId++;
    this.send({ jsonrpc: "2.0", id, method, params });
    return this.waitFor((message) => message.id === id && ("result" in message || "error" in message));
  }

  async waitFor(predicate: (message: Msg) => boolean, timeoutMs = 10_000): Promise<Msg> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find(predicate);
      if (found) return found;
      if (this.socket.readyState === WebSocket.CLOSED) throw new Error("the socket closed while waiting");
      if (Date.now() > deadline)
        throw new Error(`timed out; frames so far: ${this.frames.map((frame) => frame.text).join("\n")}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 100);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  close(): Promise<number> {
    this.socket.close();
    return this.closed;
  }
}

class HttpRefusal extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    readonly headers: IncomingHttpHeaders,
  ) {
    super(`HTTP ${status}: ${body}`);
  }
}

/** The raw handshake answer (status and headers), for what a `ws` client would refuse before we could look. */
function rawUpgrade(
  port: number,
  headers: Record<string, string>,
): Promise<{ status: number; headers: IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({
      host: "127.0.0.1",
      port,
      path: "/acp",
      headers: {
        Connection: "Upgrade",
        Upgrade: "websocket",
        "Sec-WebSocket-Version": "13",
        "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
        ...headers,
      },
    });
    request.once("upgrade", (response, socket) => {
      socket.destroy();
      resolve({ status: response.statusCode ?? 0, headers: response.headers });
    });
    request.once("response", (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, headers: response.headers });
    });
    request.once("error", reject);
    request.end();
  });
}

const initialize = { protocolVersion: 1, clientCapabilities: {}, clientInfo: { name: "test", version: "0" } };

describe("demo gateway without a token (pairing off)", () => {
  let gateway: Gateway;
  beforeAll(async () => {
    gateway = await startGateway(["--max-sessions", "1"]);
  });
  afterAll(async () => {
    expect(await gateway.stop()).toBe(0);
  });

  it("binds 127.0.0.1 and prints the real port", () => {
    expect(gateway.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+\/acp$/);
    expect(gateway.port).toBeGreaterThan(0);
  });

  it("runs initialize, session/new and a prompt turn, one JSON-RPC message per text frame", async () => {
    const peer = await Peer.open(gateway.url);
    const init = await peer.call("initialize", initialize);
    expect(init.result).toMatchObject({ protocolVersion: 1, agentCapabilities: { loadSession: true } });
    const created = await peer.call("session/new", {});
    const sessionId = created.result.sessionId as string;
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    const turn = await peer.call("session/prompt", { sessionId, prompt: [{ type: "text", text: "think about it" }] });
    expect(turn.result).toMatchObject({ stopReason: "end_turn" });
    const updates = peer.messages.filter((message) => message.method === "session/update");
    expect(updates.length).toBeGreaterThan(3);
    expect(updates.some((message) => message.params.update.sessionUpdate === "agent_thought_chunk")).toBe(true);
    // Every frame is one compact message: text, JSON, no newline, none after the result of its turn.
    expect(peer.frames.every((frame) => !frame.binary && frame.json !== undefined && !frame.text.includes("\n"))).toBe(
      true,
    );
    expect(peer.messages.indexOf(turn)).toBe(peer.messages.length - 1);
    await peer.close();
  });

  it("a frame with two messages is a parse error (-32700, id null); the connection goes on", async () => {
    const peer = await Peer.open(gateway.url);
    peer.send(
      `${JSON.stringify({ jsonrpc: "2.0", id: 101, method: "initialize", params: initialize })}\n${JSON.stringify({ jsonrpc: "2.0", id: 102, method: "session/new", params: {} })}`,
    );
    const error = await peer.waitFor((message) => "error" in message);
    expect(error).toEqual({
      jsonrpc: "2.0",
      error: { code: -32700, message: expect.stringMatching(/^Parse error: trailing characters/) },
      id: null,
    });
    expect((await peer.call("initialize", initialize)).result).toBeDefined();
    expect(peer.messages.some((message) => message.id === 101 || message.id === 102)).toBe(false);
    await peer.close();
  });

  it("reads UTF-8 binary frames like text, drops others with a log line", async () => {
    const peer = await Peer.open(gateway.url);
    peer.send(Buffer.from([0xff, 0xfe, 0x7b]).toString("latin1"), { binary: false });
    peer.socket.send(Buffer.from([0xff, 0xfe, 0x7b, 0x7d]), { binary: true });
    peer.send(
      {
        jsonrpc: "2.0",
        id: 7,
        method: "initialize",
        params: { ...initialize, clientInfo: { name: "tëst ✓", version: "0" } },
      },
      { binary: true },
    );
    const reply = await peer.waitFor((message) => message.id === 7);
    expect(reply.result.protocolVersion).toBe(1);
    // The replies are text frames even when the request came as binary.
    expect(peer.frames.every((frame) => !frame.binary)).toBe(true);
    await expect.poll(() => gateway.stderr()).toMatch(/dropped a binary frame of 4 bytes that is not UTF-8/);
    await peer.close();
  });

  it("?agent= is the connection's default alias for session/new; an explicit alias wins; unknown is -32602", async () => {
    const coder = await Peer.open(`${gateway.url}?agent=coder`);
    const created = await coder.call("session/new", {});
    expect(created.result.workspaceDir).toBe(join(gateway.stateDir, "agents", "coder", "workspace"));
    await coder.close();

    const explicit = await Peer.open(`${gateway.url}?agent=coder`);
    expect((await explicit.call("session/new", { agentAlias: "demo" })).result.workspaceDir).toBe(
      join(gateway.stateDir, "agents", "demo", "workspace"),
    );
    await explicit.close();

    const blank = await Peer.open(`${gateway.url}?agent=%20%20`);
    expect((await blank.call("session/new", { agentAlias: null })).result.workspaceDir).toBe(
      join(gateway.stateDir, "agents", "demo", "workspace"),
    );
    await blank.close();

    const unknown = await Peer.open(`${gateway.url}?agent=nobody`);
    expect((await unknown.call("session/new", {})).error).toEqual({
      code: -32602,
      message: "Unknown agent `nobody` — no [agents.nobody] entry configured",
    });
    await unknown.close();
  });

  it("each connection has its own session limit and zc-out counter; a session loads on another connection", async () => {
    const first = await Peer.open(gateway.url);
    await first.call("initialize", initialize);
    const sessionId = (await first.call("session/new", {})).result.sessionId as string;
    // --max-sessions 1: this connection is full…
    expect((await first.call("session/new", {})).error.code).toBe(-32001);
    first.send({
      jsonrpc: "2.0",
      id: 50,
      method: "session/prompt",
      params: { sessionId, prompt: [{ type: "text", text: "shell" }] },
    });
    const firstAsk = await first.waitFor((message) => message.method === "session/request_permission");
    expect(firstAsk.id).toBe("zc-out-0");
    first.send({
      jsonrpc: "2.0",
      id: firstAsk.id,
      result: { outcome: { outcome: "selected", optionId: "allow-once" } },
    });
    expect((await first.waitFor((message) => message.id === 50)).result.stopReason).toBe("end_turn");

    // …but another connection has its own count and its own zc-out-N.
    const second = await Peer.open(gateway.url);
    await second.call("initialize", initialize);
    const other = (await second.call("session/new", {})).result.sessionId as string;
    second.send({
      jsonrpc: "2.0",
      id: 60,
      method: "session/prompt",
      params: { sessionId: other, prompt: [{ type: "text", text: "shell" }] },
    });
    expect((await second.waitFor((message) => message.method === "session/request_permission")).id).toBe("zc-out-0");
    await second.close();

    // The first connection ends; its session is stored and a new connection replays it.
    await first.close();
    const third = await Peer.open(gateway.url);
    await third.call("initialize", initialize);
    const loaded = await third.call("session/load", { sessionId, cwd: "/ignored", mcpServers: [] });
    expect(loaded.result).toEqual({});
    const replayed = third.messages.filter(
      (message) => message.method === "session/update" && message.params.sessionId === sessionId,
    );
    expect(replayed[0]?.params.update).toMatchObject({
      sessionUpdate: "user_message_chunk",
      content: { text: expect.stringMatching(/\] shell$/) },
    });
    expect(replayed.some((message) => message.params.update.sessionUpdate === "tool_call")).toBe(true);
    // It is live on this connection now, which is full: the limit is checked before "already active" (§8.4).
    expect((await third.call("session/load", { sessionId })).error).toEqual({
      code: -32001,
      message: "Maximum session limit reached (1)",
    });
    await third.call("session/close", { sessionId });
    expect((await third.call("session/resume", { sessionId })).result).toEqual({});
    await third.close();
  });

  it("a crash turn drops only its own connection", async () => {
    const doomed = await Peer.open(gateway.url);
    const sessionId = (await doomed.call("session/new", {})).result.sessionId as string;
    doomed.send({
      jsonrpc: "2.0",
      id: 9,
      method: "session/prompt",
      params: { sessionId, prompt: [{ type: "text", text: "crash" }] },
    });
    expect(await doomed.closed).toBe(1006);
    const next = await Peer.open(gateway.url);
    expect((await next.call("initialize", initialize)).result).toBeDefined();
    await next.close();
  });

  it("echoes zeroclaw.acp.v1 only when it is offered", async () => {
    const offered = await Peer.open(gateway.url, { protocols: ["zeroclaw.acp.v1"] });
    expect(offered.socket.protocol).toBe("zeroclaw.acp.v1");
    await offered.close();
    const none = await Peer.open(gateway.url);
    expect(none.socket.protocol).toBe("");
    await none.close();
    const other = await rawUpgrade(gateway.port, { "Sec-WebSocket-Protocol": "something.else" });
    expect(other.status).toBe(101);
    expect(other.headers["sec-websocket-protocol"]).toBeUndefined();
  });
});

describe("demo gateway with --token", () => {
  let gateway: Gateway;
  beforeAll(async () => {
    gateway = await startGateway(["--token", TOKEN]);
  });
  afterAll(async () => {
    await gateway.stop();
  });

  async function refusal(url: string, options: Parameters<typeof Peer.open>[1] = {}): Promise<HttpRefusal> {
    const error = await Peer.open(url, options).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(HttpRefusal);
    return error as HttpRefusal;
  }

  it("answers 401 with ZeroClaw's exact plain-text body before the upgrade, without or with a wrong token", async () => {
    for (const attempt of [
      refusal(gateway.url),
      refusal(gateway.url, { headers: { Authorization: "Bearer zc_wrong" } }),
      refusal(gateway.url, { headers: { Authorization: `bearer ${TOKEN}` } }),
      refusal(`${gateway.url}?token=zc_wrong`),
    ]) {
      const refused = await attempt;
      expect(refused.status).toBe(401);
      expect(refused.body).toBe(UNAUTHORIZED);
      expect(refused.headers["content-type"]).toBe("text/plain; charset=utf-8");
    }
    expect(gateway.stderr()).toMatch(/refused a connection .*no valid bearer token/);
    expect(gateway.stderr()).not.toContain(TOKEN);
  });

  it("accepts the token as a bearer header, a bearer.<token> subprotocol or ?token=", async () => {
    const header = await Peer.open(gateway.url, { headers: { Authorization: `Bearer  ${TOKEN} ` } });
    expect((await header.call("initialize", initialize)).result).toBeDefined();
    expect(header.socket.protocol).toBe("");
    await header.close();

    const subprotocol = await Peer.open(gateway.url, { protocols: ["zeroclaw.acp.v1", `bearer.${TOKEN}`] });
    expect(subprotocol.socket.protocol).toBe("zeroclaw.acp.v1");
    expect((await subprotocol.call("session/new", {})).result.sessionId).toBeDefined();
    await subprotocol.close();

    const query = await Peer.open(`${gateway.url}?token=${TOKEN}&agent=coder`);
    expect((await query.call("session/new", {})).result.workspaceDir).toMatch(/agents\/coder\/workspace$/);
    await query.close();
  });

  it("takes only the first token present: a wrong header is not rescued by a right ?token=", async () => {
    const refused = await refusal(`${gateway.url}?token=${TOKEN}`, { headers: { Authorization: "Bearer zc_wrong" } });
    expect(refused.status).toBe(401);
    // A bearer subprotocol alone is a valid token, but the server never echoes it: the handshake has no protocol.
    const raw = await rawUpgrade(gateway.port, { "Sec-WebSocket-Protocol": `bearer.${TOKEN}` });
    expect(raw.status).toBe(101);
    expect(raw.headers["sec-websocket-protocol"]).toBeUndefined();
  });

  it("refuses other paths with 404", async () => {
    const refused = await refusal(gateway.url.replace(/\/acp$/, "/other"), {
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    expect(refused.status).toBe(404);
  });
});

describe("demo gateway restarts", () => {
  it("a session created before a restart loads and resumes afterwards (same state dir)", async () => {
    const before = await startGateway();
    const peer = await Peer.open(before.url);
    const sessionId = (await peer.call("session/new", {})).result.sessionId as string;
    await peer.call("session/prompt", { sessionId, prompt: [{ type: "text", text: "plan" }] });
    await peer.close();
    expect(await before.stop()).toBe(0);

    const after = await startGateway([], before.stateDir);
    const resumer = await Peer.open(after.url);
    expect((await resumer.call("session/resume", { sessionId })).result).toEqual({});
    expect(
      resumer.messages
        .filter((message) => message.method === "session/update")
        .map((message) => message.params.update.sessionUpdate),
    ).toEqual(["plan"]);
    await resumer.close();
    const loader = await Peer.open(after.url);
    expect((await loader.call("session/load", { sessionId })).result).toEqual({});
    expect(loader.messages.filter((message) => message.method === "session/update").length).toBeGreaterThan(1);
    await loader.close();
    expect(await after.stop()).toBe(0);
  });

  it("refuses bad flags with exit 2", async () => {
    const child = spawn(process.execPath, [BIN, "demo-agent", "--port", "1234"], { cwd: ROOT });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(code).toBe(2);
    expect(stderr).toContain("--port only apply with --gateway");
  });
});
