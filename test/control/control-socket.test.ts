import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { createConnection } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ControlConnectError, sendControlRequest } from "../../src/control/control-client.js";
import { ControlServer } from "../../src/control/control-server.js";
import { CONTROL_PROTOCOL_VERSION, type ControlReply, type ControlRequest } from "../../src/control/protocol.js";

const roots: string[] = [];
const servers: ControlServer[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function socketIn(): string {
  const root = mkdtempSync(join(tmpdir(), "zcp-ctl-"));
  roots.push(root);
  return join(root, "run", "zc-pane", "tmux-1-3.sock");
}

async function serve(options: { maxMessageBytes?: number; handle?: (request: ControlRequest) => ControlReply } = {}) {
  const socketPath = socketIn();
  const received: ControlRequest[] = [];
  const server = await ControlServer.start({
    socketPath,
    ...(options.maxMessageBytes ? { maxMessageBytes: options.maxMessageBytes } : {}),
    handle:
      options.handle ??
      ((request) => {
        received.push(request);
        return { v: CONTROL_PROTOCOL_VERSION, ok: true, pane: { pid: process.pid, cwd: "/" } };
      }),
  });
  servers.push(server);
  return { socketPath, received, server };
}

/** Writes raw bytes and collects whatever comes back until the pane closes the connection. */
function raw(
  socketPath: string,
  payload: Buffer | string,
  options: { end?: boolean } = {},
): Promise<{ reply: string; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(socketPath);
    let reply = "";
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ reply, closed: false });
    }, 5000);
    socket.on("connect", () => {
      socket.write(payload);
      if (options.end) socket.end();
    });
    socket.on("data", (data) => (reply += data.toString("utf8")));
    socket.on("error", (error) => {
      // The pane may close while we still write (EPIPE): what it answered before counts.
      if (reply) return;
      clearTimeout(timer);
      reject(error);
    });
    socket.on("close", () => {
      clearTimeout(timer);
      resolve({ reply, closed: true });
    });
  });
}

describe("the control socket", () => {
  it("lives in a 0700 directory as a 0600 socket, and is removed on close", async () => {
    const { socketPath, server } = await serve();
    expect(statSync(join(socketPath, "..")).mode & 0o777).toBe(0o700);
    expect(statSync(socketPath).mode & 0o777).toBe(0o600);
    server.close();
    expect(existsSync(socketPath)).toBe(false);
  });

  it("tightens a control directory that others can read", async () => {
    const socketPath = socketIn();
    const dir = join(socketPath, "..");
    mkdirSync(dir, { recursive: true });
    chmodSync(dir, 0o755);
    servers.push(
      await ControlServer.start({ socketPath, handle: () => ({ v: 1, ok: true, pane: { pid: 1, cwd: "/" } }) }),
    );
    expect(statSync(dir).mode & 0o777).toBe(0o700);
  });

  it("answers a valid request through the client", async () => {
    const { socketPath, received } = await serve();
    const reply = await sendControlRequest(socketPath, {
      v: CONTROL_PROTOCOL_VERSION,
      type: "send",
      text: "hello",
      resources: [{ uri: "stdin:", text: "x" }],
    });
    expect(reply.ok).toBe(true);
    expect(received).toEqual([
      { v: 1, type: "send", text: "hello", files: [], resources: [{ uri: "stdin:", text: "x" }] },
    ]);
  });

  it("refuses a line that is not JSON with a clear error and closes the connection", async () => {
    const { socketPath, received } = await serve();
    const { reply, closed } = await raw(socketPath, "this is not json\n");
    expect(JSON.parse(reply)).toEqual({ v: 1, ok: false, error: expect.stringMatching(/not a JSON message/) });
    expect(closed).toBe(true);
    expect(received).toHaveLength(0);
  });

  it("refuses another protocol version, an unknown type and a wrong field", async () => {
    const { socketPath, received } = await serve();
    const version = await raw(socketPath, `${JSON.stringify({ v: 2, type: "send", text: "x" })}\n`);
    expect(JSON.parse(version.reply).error).toMatch(/unsupported protocol version 2 \(this pane speaks 1\)/);
    const unknown = await raw(socketPath, `${JSON.stringify({ v: 1, type: "rm -rf" })}\n`);
    expect(JSON.parse(unknown.reply).error).toMatch(/malformed request at type/);
    const field = await raw(socketPath, `${JSON.stringify({ v: 1, type: "send", files: "not-a-list" })}\n`);
    expect(JSON.parse(field.reply).error).toMatch(/malformed request at files/);
    const array = await raw(socketPath, "[1,2]\n");
    expect(JSON.parse(array.reply).error).toMatch(/not a JSON object/);
    expect(received).toHaveLength(0);
  });

  it("refuses an oversized message as soon as it passes the cap, without waiting for its newline", async () => {
    const { socketPath, received } = await serve({ maxMessageBytes: 64 * 1024 });
    const { reply, closed } = await raw(socketPath, Buffer.alloc(200 * 1024, 0x61));
    expect(JSON.parse(reply.split("\n")[0]!).error).toMatch(/message too large/);
    expect(closed).toBe(true);
    expect(received).toHaveLength(0);
  });

  it("keeps serving after refusing garbage", async () => {
    const { socketPath, received } = await serve({ maxMessageBytes: 1024 });
    await raw(socketPath, Buffer.alloc(4096, 0x7b));
    await raw(socketPath, "\u0000\u0001garbage\n");
    const reply = await sendControlRequest(socketPath, { v: 1, type: "ping" });
    expect(reply.ok).toBe(true);
    expect(received).toEqual([{ v: 1, type: "ping" }]);
  });

  it("serves several requests on one connection, in order", async () => {
    const { socketPath, received } = await serve();
    const lines = [
      { v: 1, type: "ping" },
      { v: 1, type: "send", text: "a" },
    ]
      .map((message) => JSON.stringify(message))
      .join("\n");
    const { reply } = await raw(socketPath, `${lines}\n`, { end: true });
    expect(reply.trim().split("\n")).toHaveLength(2);
    expect(received.map((request) => request.type)).toEqual(["ping", "send"]);
  });

  it("replaces a stale socket left by a pane that was killed, but not a live one", async () => {
    const socketPath = socketIn();
    mkdirSync(join(socketPath, ".."), { recursive: true, mode: 0o700 });
    // A pane killed with SIGKILL cannot remove its socket.
    try {
      execFileSync(process.execPath, [
        "-e",
        `require("node:net").createServer().listen(${JSON.stringify(socketPath)}, () => process.kill(process.pid, "SIGKILL"))`,
      ]);
    } catch {
      // Killed, as intended.
    }
    expect(existsSync(socketPath)).toBe(true);
    const handle = () => ({ v: 1, ok: true as const, pane: { pid: 1, cwd: "/" } });
    const first = await ControlServer.start({ socketPath, handle });
    servers.push(first);
    expect((await sendControlRequest(socketPath, { v: 1, type: "ping" })).ok).toBe(true);
    await expect(ControlServer.start({ socketPath, handle })).rejects.toThrow(/another zc-pane already listens/);
  });

  it("client: a missing socket is 'not running', after waiting when asked to", async () => {
    const socketPath = socketIn();
    const started = Date.now();
    const error = await sendControlRequest(
      socketPath,
      { v: 1, type: "ping" },
      { label: "tmux pane %3", waitMs: 300 },
    ).catch((caught: unknown) => caught);
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(error).toBeInstanceOf(ControlConnectError);
    expect((error as ControlConnectError).code).toBe("not-running");
    expect((error as Error).message).toMatch(/no zc-pane is running in tmux pane %3 \(no control socket at /);
  });

  it("client: reaches a pane that starts while it waits", async () => {
    const socketPath = socketIn();
    const request = sendControlRequest(socketPath, { v: 1, type: "ping" }, { waitMs: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    servers.push(
      await ControlServer.start({ socketPath, handle: () => ({ v: 1, ok: true, pane: { pid: 7, cwd: "/" } }) }),
    );
    await expect(request).resolves.toMatchObject({ ok: true, pane: { pid: 7 } });
  });

  it("client: refuses a socket in a directory open to others", async () => {
    const { socketPath } = await serve();
    chmodSync(join(socketPath, ".."), 0o755);
    await expect(sendControlRequest(socketPath, { v: 1, type: "ping" })).rejects.toMatchObject({
      code: "unsafe",
      message: expect.stringMatching(/open to other users/),
    });
  });

  it("client: refuses to send more than the pane would take", async () => {
    const { socketPath } = await serve();
    const text = "x".repeat(17 * 1024 * 1024);
    await expect(sendControlRequest(socketPath, { v: 1, type: "send", text })).rejects.toMatchObject({
      code: "too-large",
    });
  });
});
