import { describe, expect, it } from "vitest";
import {
  classifyMessage,
  readMessageHead,
  isErrorResponse,
  JsonRpcErrorResponseSchema,
  JsonRpcNotificationSchema,
  JsonRpcRequestSchema,
  JsonRpcSuccessResponseSchema,
  makeErrorResponse,
  makeNotification,
  makeRequest,
  makeSuccessResponse,
} from "../../src/protocol/index.js";
import { ERROR_RESPONSES } from "./fixtures/extra-examples.js";

describe("classifyMessage", () => {
  it("routes a request with ZeroClaw's string id and keeps the id exactly", () => {
    const message = {
      jsonrpc: "2.0",
      method: "session/request_permission",
      params: { sessionId: "s" },
      id: "zc-out-0",
    };
    const classified = classifyMessage(message);
    expect(classified).toEqual({ kind: "request", message });
    if (classified.kind === "request") expect(classified.message.id).toBe("zc-out-0");
  });

  it("routes a request with a numeric id (the SDK's), including 0", () => {
    const classified = classifyMessage({ jsonrpc: "2.0", id: 0, method: "session/request_permission", params: {} });
    expect(classified.kind).toBe("request");
    if (classified.kind === "request") expect(classified.message.id).toBe(0);
  });

  it("treats id: null and a missing id as a notification", () => {
    expect(classifyMessage({ jsonrpc: "2.0", id: null, method: "session/cancel", params: {} }).kind).toBe(
      "notification",
    );
    expect(classifyMessage({ jsonrpc: "2.0", method: "session/update", params: {} }).kind).toBe("notification");
    expect(classifyMessage({ jsonrpc: "2.0", method: "_zeroclaw/history_trimmed" }).kind).toBe("notification");
  });

  it("routes success responses with string and numeric ids, including a null result", () => {
    expect(classifyMessage({ jsonrpc: "2.0", result: {}, id: "zc-out-1" }).kind).toBe("response");
    const classified = classifyMessage({ jsonrpc: "2.0", result: null, id: 7 });
    expect(classified.kind).toBe("response");
    if (classified.kind === "response") {
      expect(isErrorResponse(classified.message)).toBe(false);
      expect(classified.message.id).toBe(7);
    }
  });

  it("routes error responses, including id: null (parse errors)", () => {
    for (const message of ERROR_RESPONSES) {
      const classified = classifyMessage(message);
      expect(classified).toEqual({ kind: "response", message });
      if (classified.kind === "response") expect(isErrorResponse(classified.message)).toBe(true);
    }
  });

  it("answers a malformed error object with an internal error that keeps the original", () => {
    const classified = classifyMessage({ jsonrpc: "2.0", id: 4, error: "boom" });
    expect(classified).toMatchObject({
      kind: "response",
      message: { id: 4, error: { code: -32603, data: "boom" } },
    });
  });

  it("tolerates a missing jsonrpc tag but refuses a wrong one", () => {
    expect(classifyMessage({ id: 1, method: "x" }).kind).toBe("request");
    expect(classifyMessage({ jsonrpc: "1.0", id: 1, method: "x" })).toEqual({
      kind: "invalid",
      reason: 'unsupported jsonrpc version "1.0"',
      id: 1,
      answer: true,
    });
  });

  it("marks garbage invalid, with the id when one can be read", () => {
    const garbage: unknown[] = [
      null,
      undefined,
      3,
      "text",
      true,
      [{ jsonrpc: "2.0", id: 1, method: "x" }],
      {},
      { id: 5 },
    ];
    for (const value of garbage) expect(classifyMessage(value).kind, JSON.stringify(value)).toBe("invalid");
    expect(classifyMessage({ id: 5 })).toMatchObject({ kind: "invalid", id: 5 });
    expect(classifyMessage([])).toMatchObject({ kind: "invalid", reason: "batch arrays are not supported" });
    expect(classifyMessage({ jsonrpc: "2.0", id: "r", method: 12 })).toMatchObject({ kind: "invalid", id: "r" });
    expect(classifyMessage({ jsonrpc: "2.0", id: { x: 1 }, method: "m" })).toMatchObject({ kind: "invalid", id: null });
    expect(classifyMessage({ jsonrpc: "2.0", id: true, result: {} })).toMatchObject({ kind: "invalid" });
    expect(classifyMessage({ jsonrpc: "2.0", result: {} })).toMatchObject({ kind: "invalid" });
  });

  it("returns the original object for well-formed messages (no copy on the hot path)", () => {
    const message = { jsonrpc: "2.0", method: "session/update", params: {} };
    const classified = classifyMessage(message);
    expect(classified.kind === "notification" && classified.message).toBe(message);
  });
});

describe("builders and envelope schemas", () => {
  it("builds messages that the envelope schemas accept", () => {
    expect(JsonRpcRequestSchema.parse(makeRequest("c-1", "session/new", { cwd: "/" }))).toEqual({
      jsonrpc: "2.0",
      id: "c-1",
      method: "session/new",
      params: { cwd: "/" },
    });
    expect(makeRequest(1, "logout")).toEqual({ jsonrpc: "2.0", id: 1, method: "logout" });
    expect(JsonRpcNotificationSchema.parse(makeNotification("session/cancel", { sessionId: "s" }))).toMatchObject({
      method: "session/cancel",
    });
    expect(JsonRpcSuccessResponseSchema.parse(makeSuccessResponse("zc-out-0", { outcome: {} }))).toMatchObject({
      id: "zc-out-0",
    });
    expect(JsonRpcErrorResponseSchema.parse(makeErrorResponse(null, -32601, "Method not found"))).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32601, message: "Method not found" },
    });
    expect(makeErrorResponse("zc-out-3", -32602, "bad", { field: "x" }).error.data).toEqual({ field: "x" });
  });

  it("classifies what the builders produce", () => {
    expect(classifyMessage(makeRequest("c-1", "m")).kind).toBe("request");
    expect(classifyMessage(makeNotification("m")).kind).toBe("notification");
    expect(classifyMessage(makeSuccessResponse(1, null)).kind).toBe("response");
    expect(classifyMessage(makeErrorResponse(1, -32603, "x")).kind).toBe("response");
  });
});

describe("readMessageHead", () => {
  it("reads the top-level id and method of a cut-off message, never a key nested in params", () => {
    expect(
      readMessageHead('{"jsonrpc":"2.0","id":"big-1","method":"fs/write_text_file","params":{"content":"xx'),
    ).toEqual({
      id: "big-1",
      method: "fs/write_text_file",
    });
    expect(readMessageHead('{"params":{"id":9,"method":"evil"},"id":4,"method":"m","x":"')).toEqual({
      id: 4,
      method: "m",
    });
    expect(readMessageHead('{"jsonrpc":"2.0","params":{"content":"xxxx')).toEqual({});
    // A value cut by the end of the head is not guessed at.
    expect(readMessageHead('{"jsonrpc":"2.0","id":"abc')).toEqual({});
    expect(readMessageHead('{"id":{"x":1},"method":"m",')).toEqual({ method: "m" });
  });
});
