import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { createServer as createHttpServer } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocketServer } from "ws";
import { closeLogFile, configureLogFile } from "../../src/log/logger.js";
import { TransportClosedError, type TransportProblem } from "../../src/transport/transport.js";
import {
  WebSocketConnectError,
  WebSocketTransport,
  ZEROCLAW_SUBPROTOCOL,
  type WebSocketClose,
  type WebSocketTransportOptions,
} from "../../src/transport/websocket.js";
import { startServer, unusedPort, type TestServer } from "./websocket-server.js";

const TOKEN = "zc_" + "ab12".repeat(16);

const servers: TestServer[] = [];
const transports: WebSocketTransport[] = [];
afterEach(async () => {
  await Promise.all(transports.splice(0).map((transport) => transport.close()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function server(options: Parameters<typeof startServer>[0] = {}): Promise<TestServer> {
  const started = await startServer(options);
  servers.push(started);
  return started;
}

function transport(options: WebSocketTransportOptions) {
  const created = new WebSocketTransport(options);
  transports.push(created);
  const messages: unknown[] = [];
  const raws: string[] = [];
  const problems: TransportProblem[] = [];
  created.onMessage((message, raw) => {
    messages.push(message);
    raws.push(raw);
  });
  created.onProblem((problem) => problems.push(problem));
  const closed = new Promise<WebSocketClose>((resolve) => created.onClose(resolve));
  return { transport: created, messages, raws, problems, closed };
}

function hasOpenssl(): boolean {
  try {
    execFileSync("openssl", ["version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** A throwaway certificate for 127.0.0.1, made by the openssl CLI (Node cannot issue certificates). */
function selfSignedCertificate(dir: string): { key: Buffer; cert: Buffer } {
  const key = join(dir, "key.pem");
  const cert = join(dir, "cert.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-keyout",
      key,
      "-out",
      cert,
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
    ],
    { stdio: "ignore" },
  );
  return { key: readFileSync(key), cert: readFileSync(cert) };
}

/** A server that answers every upgrade with the gateway's 401 (protocol.md §10.2). */
function unauthorizedServer() {
  return server({
    verifyClient: (_info, callback) =>
      callback(
        false,
        401,
        "Unauthorized - provide Authorization header, Sec-WebSocket-Protocol bearer, or ?token= query param",
      ),
  });
}

describe("WebSocketTransport framing", () => {
  it("sends exactly one JSON-RPC message per text frame, with no newline, queuing until the socket opens", async () => {
    const gateway = await server();
    const connection = gateway.nextConnection();
    const { transport: client } = transport({ url: gateway.url });
    // Sent before the socket is open: queued, then sent in order.
    client.send({ jsonrpc: "2.0", id: 1, method: "initialize", params: { text: "é\nline" } });
    client.send({ jsonrpc: "2.0", method: "session/cancel", params: { sessionId: "s" } });
    await client.ready;
    client.send({ jsonrpc: "2.0", id: 2, method: "session/new", params: {} });
    const accepted = await connection;
    await expect.poll(() => accepted.frames.length).toBe(3);
    expect(accepted.frames).toEqual([
      { text: '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"text":"é\\nline"}}', binary: false },
      { text: '{"jsonrpc":"2.0","method":"session/cancel","params":{"sessionId":"s"}}', binary: false },
      { text: '{"jsonrpc":"2.0","id":2,"method":"session/new","params":{}}', binary: false },
    ]);
  });

  it("receives one message per frame and hands over the exact text", async () => {
    const gateway = await server();
    const connection = gateway.nextConnection();
    const { transport: client, messages, raws } = transport({ url: gateway.url });
    const accepted = await connection;
    await client.ready;
    accepted.socket.send('{"jsonrpc":"2.0","result":{"ok":true},"id":1}');
    accepted.socket.send('{"jsonrpc":"2.0","method":"session/update","params":{"t":"a\\nb"}}');
    await expect.poll(() => messages.length).toBe(2);
    expect(messages).toEqual([
      { jsonrpc: "2.0", result: { ok: true }, id: 1 },
      { jsonrpc: "2.0", method: "session/update", params: { t: "a\nb" } },
    ]);
    expect(raws).toEqual([
      '{"jsonrpc":"2.0","result":{"ok":true},"id":1}',
      '{"jsonrpc":"2.0","method":"session/update","params":{"t":"a\\nb"}}',
    ]);
  });

  it("reports a frame with two messages in it as malformed, skips it, and stays connected", async () => {
    const gateway = await server();
    const connection = gateway.nextConnection();
    const { transport: client, messages, problems } = transport({ url: gateway.url });
    const accepted = await connection;
    await client.ready;
    accepted.socket.send('{"id":1,"result":{}}\n{"id":2,"result":{}}');
    accepted.socket.send('{"id":3,"result":{}}');
    await expect.poll(() => messages.length).toBe(1);
    expect(messages).toEqual([{ id: 3, result: {} }]);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.kind).toBe("malformed-json");
    expect(problems[0]!.message).toContain("not one JSON message");
    expect(client.closed).toBeUndefined();
    client.send({ jsonrpc: "2.0", method: "still-here" });
    await expect.poll(() => accepted.frames.length).toBe(1);
  });

  it("accepts UTF-8 binary frames like text and reports other binary frames", async () => {
    const gateway = await server();
    const connection = gateway.nextConnection();
    const { transport: client, messages, raws, problems } = transport({ url: gateway.url });
    const accepted = await connection;
    await client.ready;
    accepted.socket.send(Buffer.from('{"id":"zc-out-0","method":"x","text":"héllo"}', "utf8"), { binary: true });
    accepted.socket.send(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), { binary: true });
    accepted.socket.send('{"after":true}');
    await expect.poll(() => messages.length).toBe(2);
    expect(messages).toEqual([{ id: "zc-out-0", method: "x", text: "héllo" }, { after: true }]);
    expect(raws[0]).toBe('{"id":"zc-out-0","method":"x","text":"héllo"}');
    expect(problems).toEqual([
      {
        kind: "malformed-json",
        message: "the gateway sent a binary frame of 4 bytes that is not UTF-8 text; it was skipped",
      },
    ]);
  });

  it("closes with 1009 and says so when a message is over the size cap", async () => {
    const gateway = await server();
    const connection = gateway.nextConnection();
    const { transport: client, problems, closed } = transport({ url: gateway.url, maxPayload: 1024 });
    const accepted = await connection;
    await client.ready;
    accepted.socket.send(JSON.stringify({ text: "x".repeat(4096) }));
    const info = await closed;
    expect(problems.map((problem) => problem.kind)).toEqual(["oversized-message"]);
    expect(info.reason).toBe("socket-closed");
    expect(info.message).toMatch(
      /^the connection to the gateway was (lost|closed): the gateway sent a message over the 1 KiB limit \(code 10\d\d\)$/,
    );
  });
});

describe("WebSocketTransport auth and URL", () => {
  it("sends the token as a Bearer header, offers zeroclaw.acp.v1 and keeps the token out of the URL", async () => {
    const gateway = await server({
      handleProtocols: (protocols) => (protocols.has(ZEROCLAW_SUBPROTOCOL) ? ZEROCLAW_SUBPROTOCOL : false),
    });
    const connection = gateway.nextConnection();
    const { transport: client } = transport({ url: `${gateway.url}?agent=coder`, token: TOKEN });
    const accepted = await connection;
    await client.ready;
    expect(accepted.request.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(accepted.request.headers["sec-websocket-protocol"]).toBe(ZEROCLAW_SUBPROTOCOL);
    expect(accepted.request.url).toBe("/acp?agent=coder");
    expect(client.protocol).toBe(ZEROCLAW_SUBPROTOCOL);
    expect(client.url).toBe(gateway.url);
  });

  it("adds ?token= only with tokenInQuery", async () => {
    const gateway = await server();
    const first = gateway.nextConnection();
    const { transport: plain } = transport({ url: gateway.url, token: TOKEN });
    expect((await first).request.url).toBe("/acp");
    await plain.ready;

    const second = gateway.nextConnection();
    const { transport: inQuery } = transport({ url: `${gateway.url}?agent=a`, token: TOKEN, tokenInQuery: true });
    const accepted = await second;
    await inQuery.ready;
    expect(new URL(accepted.request.url!, "ws://x").searchParams.get("token")).toBe(TOKEN);
    expect(new URL(accepted.request.url!, "ws://x").searchParams.get("agent")).toBe("a");
    expect(accepted.request.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it("connects again without a subprotocol when the server selects none", async () => {
    const gateway = await server({ handleProtocols: () => false });
    const { transport: client, messages } = transport({ url: gateway.url });
    await client.ready;
    expect(client.protocol).toBe("");
    await expect.poll(() => gateway.accepted.length).toBe(2);
    expect(gateway.accepted[0]!.request.headers["sec-websocket-protocol"]).toBe(ZEROCLAW_SUBPROTOCOL);
    expect(gateway.accepted[1]!.request.headers["sec-websocket-protocol"]).toBeUndefined();
    client.send({ jsonrpc: "2.0", id: 1, method: "ping" });
    await expect.poll(() => gateway.accepted[1]!.frames.length).toBe(1);
    gateway.accepted[1]!.socket.send('{"jsonrpc":"2.0","result":null,"id":1}');
    await expect.poll(() => messages.length).toBe(1);
  });

  it("offers no subprotocol when told not to, as the bridge does", async () => {
    const gateway = await server();
    const connection = gateway.nextConnection();
    const { transport: client } = transport({ url: gateway.url, subprotocol: false });
    await client.ready;
    expect((await connection).request.headers["sec-websocket-protocol"]).toBeUndefined();
    expect(gateway.accepted).toHaveLength(1);
  });

  it("explains a 401 with the token's source and how to pair, without the token", async () => {
    const gateway = await unauthorizedServer();
    const { transport: client, closed } = transport({
      url: gateway.url,
      token: TOKEN,
      tokenInQuery: true,
      tokenSource: "the token from $ZEROCLAW_ACP_BRIDGE_TOKEN",
      unauthorizedHelp:
        "To pair: run `zeroclaw gateway get-paircode --new`, then `zeroclaw-acp-bridge --pair-code <code>`, or pass --token.",
    });
    const error = await client.ready.then(
      () => undefined,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(WebSocketConnectError);
    const info = await closed;
    expect(info).toMatchObject({ reason: "error", handshake: "unauthorized", httpStatus: 401 });
    expect(info.message).toBe(
      `the gateway at ${gateway.url} rejected the token from $ZEROCLAW_ACP_BRIDGE_TOKEN (HTTP 401 Unauthorized): it is not one of this gateway's paired tokens. ` +
        "To pair: run `zeroclaw gateway get-paircode --new`, then `zeroclaw-acp-bridge --pair-code <code>`, or pass --token.",
    );
    expect((error as Error).message).toBe(info.message);
    expect(info.message).not.toContain(TOKEN);
  });

  it("explains a 401 when there was no token to send", async () => {
    const gateway = await unauthorizedServer();
    const { closed } = transport({ url: gateway.url, tokenSource: "no token (none in $ZEROCLAW_ACP_BRIDGE_TOKEN)" });
    const info = await closed;
    expect(info.message).toBe(
      `the gateway at ${gateway.url} requires a paired token (HTTP 401 Unauthorized) and zc-pane had no token (none in $ZEROCLAW_ACP_BRIDGE_TOKEN).`,
    );
  });

  it("says nothing serves ACP on a 404", async () => {
    const http = createHttpServer((_request, response) => {
      response.writeHead(404, { "content-type": "text/plain" });
      response.end("no route\u001b[31m here");
    });
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    try {
      const url = `ws://127.0.0.1:${(http.address() as AddressInfo).port}/prefix/acp`;
      const info = await transport({ url }).closed;
      expect(info).toMatchObject({ reason: "error", handshake: "not-a-gateway", httpStatus: 404 });
      // The body is the server's text: shown, but with the escape sequence blanked.
      expect(info.message).toBe(
        `nothing serves ACP at ${url} (HTTP 404): check the URL, and [gateway] path_prefix in ZeroClaw's config.toml: no route [31m here`,
      );
    } finally {
      http.closeAllConnections();
      await new Promise((resolve) => http.close(resolve));
    }
  });

  it("never writes the token to the log, even when it travels in the query", async () => {
    const dir = mkdtempSync(join(tmpdir(), "zc-pane-ws-log-"));
    const logPath = join(dir, "zc-pane.log");
    configureLogFile(logPath, { debug: true });
    try {
      const refusing = await unauthorizedServer();
      await transport({ url: refusing.url, token: TOKEN, tokenInQuery: true }).closed;
      const gateway = await server();
      const { transport: client } = transport({ url: gateway.url, token: TOKEN, tokenInQuery: true });
      await client.ready;
      await client.close();
      await closeLogFile();
      const log = readFileSync(logPath, "utf8");
      expect(log).toContain("token=[redacted]");
      expect(log).toContain("HTTP 401");
      expect(log).not.toContain(TOKEN);
    } finally {
      await closeLogFile();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("WebSocketTransport connection failures and closes", () => {
  it("says no gateway is running when the connection is refused", async () => {
    const port = await unusedPort();
    const { transport: client, closed } = transport({ url: `ws://127.0.0.1:${port}/acp?agent=coder` });
    await expect(client.ready).rejects.toThrow(
      `no ZeroClaw gateway at ws://127.0.0.1:${port}/acp (is \`zeroclaw daemon\` running?)`,
    );
    expect(await closed).toMatchObject({ reason: "error", handshake: "refused" });
    expect(() => client.send({ jsonrpc: "2.0", method: "x" })).toThrow(TransportClosedError);
  });

  it("rejects connect() the same way", async () => {
    const port = await unusedPort();
    await expect(WebSocketTransport.connect({ url: `ws://127.0.0.1:${port}/acp` })).rejects.toBeInstanceOf(
      WebSocketConnectError,
    );
  });

  it("reports a non-WebSocket URL as a failed connection, not a throw", async () => {
    const { transport: client, closed } = transport({ url: `http://127.0.0.1:1/acp?token=${TOKEN}`, token: TOKEN });
    const info = await closed;
    expect(info.message).toBe(
      "not a WebSocket URL: http://127.0.0.1:1/acp?token=[redacted] (it must start with ws:// or wss://)",
    );
    await expect(client.ready).rejects.toThrow(WebSocketConnectError);
  });

  it("explains wss:// to a server without TLS", async () => {
    const gateway = await server();
    const { closed } = transport({ url: `wss://127.0.0.1:${gateway.port}/acp` });
    const info = await closed;
    expect(info).toMatchObject({ reason: "error", handshake: "tls" });
    expect(info.message).toContain(`the server at 127.0.0.1:${gateway.port} does not speak TLS`);
    expect(info.message).toContain("use ws://");
  });

  it.skipIf(!hasOpenssl())(
    "refuses a self-signed wss:// certificate with the fix, and accepts it only with insecure",
    async () => {
      const dir = mkdtempSync(join(tmpdir(), "zc-pane-tls-"));
      const https = createHttpsServer(selfSignedCertificate(dir));
      const wss = new WebSocketServer({ server: https });
      await new Promise<void>((resolve) => https.listen(0, "127.0.0.1", resolve));
      try {
        const url = `wss://127.0.0.1:${(https.address() as AddressInfo).port}/acp`;
        const refused = await transport({ url }).closed;
        expect(refused).toMatchObject({ reason: "error", handshake: "tls" });
        expect(refused.message).toContain(`cannot verify the TLS certificate of 127.0.0.1:`);
        expect(refused.message).toContain("DEPTH_ZERO_SELF_SIGNED_CERT");
        expect(refused.message).toContain("--insecure");

        const { transport: trusting } = transport({ url, insecure: true });
        await trusting.ready;
        expect(trusting.closed).toBeUndefined();
      } finally {
        for (const client of wss.clients) client.terminate();
        wss.close();
        https.closeAllConnections();
        await new Promise((resolve) => https.close(resolve));
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it("reports a server-side close as socket-closed with its code and reason", async () => {
    const gateway = await server();
    const connection = gateway.nextConnection();
    const { transport: client, closed } = transport({ url: gateway.url });
    const accepted = await connection;
    await client.ready;
    accepted.socket.close(1001, "restarting");
    const info = await closed;
    expect(info).toMatchObject({ reason: "socket-closed", closeCode: 1001, closeReason: "restarting" });
    expect(info.message).toBe(
      'the gateway closed the connection (code 1001, going away: the gateway is shutting down or restarting: "restarting")',
    );
    expect(client.closed).toBe(info);
  });

  it("reports a dropped socket (no close frame) as socket-closed with 1006", async () => {
    const gateway = await server();
    const connection = gateway.nextConnection();
    const { transport: client, closed } = transport({ url: gateway.url });
    const accepted = await connection;
    await client.ready;
    accepted.socket.terminate();
    const info = await closed;
    expect(info).toMatchObject({ reason: "socket-closed", closeCode: 1006 });
    expect(info.message).toMatch(/^the connection to the gateway was lost \(code 1006/);
  });

  it("notices a peer that stopped answering pings", async () => {
    const gateway = await server({ autoPong: false });
    const connection = gateway.nextConnection();
    const { transport: client, closed } = transport({ url: gateway.url, keepAliveMs: 50 });
    await connection;
    await client.ready;
    const info = await closed;
    expect(info).toMatchObject({ reason: "socket-closed", closeCode: 1006 });
    expect(info.message).toContain("no answer to a ping");
  });

  it("close() sends a normal close frame and resolves once closed", async () => {
    const gateway = await server();
    const connection = gateway.nextConnection();
    const { transport: client, closed } = transport({ url: gateway.url });
    const accepted = await connection;
    await client.ready;
    await client.close();
    expect(client.closed).toMatchObject({ reason: "closed-by-us", closeCode: 1000 });
    expect(await accepted.closed).toEqual({ code: 1000, reason: "" });
    expect((await closed).reason).toBe("closed-by-us");
    expect(() => client.send({ jsonrpc: "2.0", method: "late" })).toThrow(TransportClosedError);
    await client.close();
  });

  it("close() while connecting ends the attempt and rejects ready", async () => {
    const gateway = await server({ verifyClient: (_info, callback) => setTimeout(() => callback(true), 200) });
    const { transport: client, closed } = transport({ url: gateway.url });
    await client.close();
    expect((await closed).reason).toBe("closed-by-us");
    await expect(client.ready).rejects.toThrow(WebSocketConnectError);
  });
});
