/** A JSON-RPC id as sent on the wire; kept exactly (string ids like `zc-out-0` must be echoed as strings). */
export type JsonRpcId = string | number;

/** How an incoming, already-parsed value is routed (protocol.md §1.4, acp-standard.md §7). */
export type MessageShape =
  | { readonly type: "request"; readonly id: JsonRpcId; readonly method: string; readonly params: unknown }
  | { readonly type: "notification"; readonly method: string; readonly params: unknown }
  | { readonly type: "response"; readonly id: JsonRpcId; readonly message: Record<string, unknown> }
  | { readonly type: "invalid"; readonly reason: string };

function isId(value: unknown): value is JsonRpcId {
  return typeof value === "string" || (typeof value === "number" && Number.isFinite(value));
}

/**
 * Routes by shape, leniently: `method` + a real id is a request, `method` without one (or with `id: null`)
 * is a notification, `result`/`error` with an id is a response. A missing `jsonrpc` field is tolerated on
 * receive; we always send it.
 */
export function classifyMessage(value: unknown): MessageShape {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { type: "invalid", reason: Array.isArray(value) ? "batches are not supported" : "not an object" };
  }
  const message = value as Record<string, unknown>;
  if (typeof message.method === "string") {
    return isId(message.id)
      ? { type: "request", id: message.id, method: message.method, params: message.params }
      : { type: "notification", method: message.method, params: message.params };
  }
  if (("result" in message || "error" in message) && isId(message.id)) {
    return { type: "response", id: message.id, message };
  }
  return { type: "invalid", reason: "neither a request, a notification nor a response with an id" };
}
