import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { JsonRpcPeer } from "../../src/rpc/peer.js";
import {
  RpcAbortedError,
  RpcConnectionClosedError,
  RpcError,
  RpcHandlerError,
  RpcTimeoutError,
} from "../../src/rpc/errors.js";
import { STANDARD_PROFILE, ZEROCLAW_PROFILE } from "../../src/rpc/error-profile.js";
import { MemoryTransport } from "../helpers/memory-transport.js";

function setup(options: ConstructorParameters<typeof JsonRpcPeer>[1] = {}) {
  const transport = new MemoryTransport();
  const peer = new JsonRpcPeer(transport, options);
  return { transport, peer };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("JsonRpcPeer", () => {
  it("matches out-of-order responses to their requests by id", async () => {
    const { transport, peer } = setup();
    const first = peer.request("session/prompt", { n: 1 }, { timeoutMs: null });
    const second = peer.request("session/cancel", { n: 2 });
    const [a, b] = transport.sentMessages;
    expect(a).toMatchObject({ jsonrpc: "2.0", method: "session/prompt", params: { n: 1 } });
    transport.deliver({ jsonrpc: "2.0", result: { which: "second" }, id: b!.id });
    transport.deliver({ jsonrpc: "2.0", result: { which: "first" }, id: a!.id });
    await expect(second).resolves.toEqual({ which: "second" });
    await expect(first).resolves.toEqual({ which: "first" });
    expect(peer.pendingCount).toBe(0);
  });

  it("matches a response whose id was echoed as a string", async () => {
    const { transport, peer } = setup();
    const pending = peer.request("initialize", {});
    const id = transport.sentMessages[0]!.id as number;
    transport.deliver({ jsonrpc: "2.0", result: { ok: true }, id: String(id) });
    await expect(pending).resolves.toEqual({ ok: true });
  });

  it("resolves a null result", async () => {
    const { transport, peer } = setup();
    const pending = peer.request("session/load", {});
    transport.deliver({ jsonrpc: "2.0", result: null, id: transport.sentMessages[0]!.id });
    await expect(pending).resolves.toBeNull();
  });

  it("rejects with a classified RpcError using the peer's profile", async () => {
    const { transport, peer } = setup({ profile: ZEROCLAW_PROFILE });
    const prompt = peer.request("session/prompt", {}, { timeoutMs: null });
    transport.deliver({
      jsonrpc: "2.0",
      error: { code: -32002, message: "Session already has an active prompt turn: x" },
      id: 1,
    });
    const error = await prompt.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcError);
    expect(error).toMatchObject({
      code: -32002,
      kind: "busy",
      method: "session/prompt",
      message: "Session already has an active prompt turn: x",
    });

    peer.profile = STANDARD_PROFILE;
    const other = peer.request("session/prompt", {}, { timeoutMs: null });
    transport.deliver({ jsonrpc: "2.0", error: { code: -32002, message: "Resource not found" }, id: 2 });
    await expect(other).rejects.toMatchObject({ kind: "session-not-found" });
  });

  it("echoes string request ids exactly and answers with the handler's result", async () => {
    const { transport, peer } = setup();
    peer.handleRequest("session/request_permission", async () => ({ outcome: { outcome: "cancelled" } }));
    transport.deliver({ jsonrpc: "2.0", method: "session/request_permission", params: {}, id: "zc-out-0" });
    transport.deliver({ jsonrpc: "2.0", method: "session/request_permission", params: {}, id: 7 });
    await transport.waitForSent(2);
    expect(transport.sent).toContain('{"jsonrpc":"2.0","id":"zc-out-0","result":{"outcome":{"outcome":"cancelled"}}}');
    expect(transport.sent).toContain('{"jsonrpc":"2.0","id":7,"result":{"outcome":{"outcome":"cancelled"}}}');
  });

  it("answers unknown methods with -32601 and never answers notifications", async () => {
    const { transport, peer } = setup();
    const seen: string[] = [];
    peer.handleNotification("session/update", (_params, method) => seen.push(method));
    transport.deliver({ jsonrpc: "2.0", method: "fs/read_text_file", params: {}, id: "zc-out-3" });
    transport.deliver({ jsonrpc: "2.0", method: "session/update", params: {} });
    transport.deliver({ jsonrpc: "2.0", method: "_vendor/unknown", params: {} });
    transport.deliver({ jsonrpc: "2.0", method: "_vendor/unknown", params: {}, id: null });
    await tick();
    expect(transport.sentMessages).toEqual([
      { jsonrpc: "2.0", id: "zc-out-3", error: { code: -32601, message: "Method not found: fs/read_text_file" } },
    ]);
    expect(seen).toEqual(["session/update"]);
  });

  it("maps handler failures to JSON-RPC errors", async () => {
    const { transport, peer } = setup();
    peer.handleRequest("fs/read_text_file", () => {
      throw new RpcHandlerError(-32602, "path is outside the session directory");
    });
    peer.handleRequest("terminal/create", () => {
      throw new Error("boom");
    });
    transport.deliver({ jsonrpc: "2.0", method: "fs/read_text_file", params: {}, id: 1 });
    transport.deliver({ jsonrpc: "2.0", method: "terminal/create", params: {}, id: 2 });
    await transport.waitForSent(2);
    expect(transport.sentMessages).toEqual(
      expect.arrayContaining([
        { jsonrpc: "2.0", id: 1, error: { code: -32602, message: "path is outside the session directory" } },
        { jsonrpc: "2.0", id: 2, error: { code: -32603, message: "boom" } },
      ]),
    );
  });

  describe("timeouts (on a fake clock)", () => {
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it("times out a request when its time is up, not before, and ignores the late answer", async () => {
      const { transport, peer } = setup();
      const pending = peer.request("initialize", {}, { timeoutMs: 20 });
      const outcome = pending.catch((error: unknown) => error);
      await vi.advanceTimersByTimeAsync(19);
      expect(peer.pendingCount).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(await outcome).toBeInstanceOf(RpcTimeoutError);
      transport.deliver({ jsonrpc: "2.0", result: {}, id: 1 });
      expect(peer.pendingCount).toBe(0);
    });

    it("never times out a request given timeoutMs null", async () => {
      const { transport, peer } = setup({ defaultTimeoutMs: 10 });
      const pending = peer.request("session/prompt", {}, { timeoutMs: null });
      await vi.advanceTimersByTimeAsync(60 * 60_000);
      expect(peer.pendingCount).toBe(1);
      transport.deliver({ jsonrpc: "2.0", result: { stopReason: "end_turn" }, id: 1 });
      await expect(pending).resolves.toEqual({ stopReason: "end_turn" });
    });
  });

  it("sends $/cancel_request when our request is aborted", async () => {
    const { transport, peer } = setup();
    const controller = new AbortController();
    const pending = peer.request("session/list", {}, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(RpcAbortedError);
    expect(transport.sentMessages[1]).toEqual({ jsonrpc: "2.0", method: "$/cancel_request", params: { requestId: 1 } });
  });

  it("aborts an inbound handler on $/cancel_request and answers -32800", async () => {
    const { transport, peer } = setup();
    let aborted = false;
    peer.handleRequest("session/request_permission", (_params, { signal }) => {
      return new Promise((_resolve, reject) => {
        signal.addEventListener("abort", () => {
          aborted = true;
          reject(new Error("aborted"));
        });
      });
    });
    transport.deliver({ jsonrpc: "2.0", method: "session/request_permission", params: {}, id: "zc-out-4" });
    await tick();
    transport.deliver({ jsonrpc: "2.0", method: "$/cancel_request", params: { requestId: "zc-out-4" } });
    await transport.waitForSent(1);
    expect(aborted).toBe(true);
    expect(transport.sentMessages[0]).toEqual({
      jsonrpc: "2.0",
      id: "zc-out-4",
      error: { code: -32800, message: "Request cancelled" },
    });
  });

  it("rejects every pending request when the connection closes, and refuses new ones", async () => {
    const { transport, peer } = setup();
    const a = peer.request("session/prompt", {}, { timeoutMs: null });
    const b = peer.request("session/new", {});
    transport.drop("the agent exited with code 3");
    await expect(a).rejects.toBeInstanceOf(RpcConnectionClosedError);
    await expect(b).rejects.toThrow("session/new could not complete: the agent exited with code 3");
    await expect(peer.request("session/new", {})).rejects.toBeInstanceOf(RpcConnectionClosedError);
  });

  it("ignores responses to unknown ids and values that are not JSON-RPC", async () => {
    const { transport, peer } = setup();
    transport.deliver({ jsonrpc: "2.0", result: {}, id: 99 });
    transport.deliver([1, 2]);
    transport.deliver("text");
    transport.deliver({ jsonrpc: "2.0" });
    const pending = peer.request("initialize", {});
    transport.deliver({ jsonrpc: "2.0", result: { protocolVersion: 1 }, id: 1 });
    await expect(pending).resolves.toEqual({ protocolVersion: 1 });
  });
});
