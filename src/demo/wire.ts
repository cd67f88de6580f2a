/**
 * JSON-RPC encoding exactly as ZeroClaw's ACP server puts it on the wire (protocol.md §1.4, §9).
 *
 * Envelopes are Rust structs, so their keys keep declaration order: responses `{jsonrpc, result|error, id}`,
 * notifications `{jsonrpc, method, params}`, server requests `{jsonrpc, method, params, id}`, errors
 * `{code, message}` (never `data`). Everything inside `params` and `result` is a `serde_json::Value` built
 * with `json!`, and ZeroClaw builds serde_json without `preserve_order`, so those objects come out with
 * their keys sorted (BTreeMap order). We reproduce both, so a client tested against the demo sees the same
 * bytes as against the real server.
 */

/** Error codes the ACP server sends (protocol.md §9). */
export const ErrorCode = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  sessionNotFound: -32000,
  sessionLimitReached: -32001,
  sessionBusy: -32002,
} as const;

/** A JSON-RPC error a handler returns to the peer (`{code, message}`; ZeroClaw never sends `data`). */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = "RpcError";
  }
}

/** A JSON-RPC id as received (any JSON value; `null` for parse errors): echoed back unchanged. */
export type RpcId = unknown;

/** `JSON.stringify` with object keys sorted at every depth, the order serde_json's BTreeMap gives. */
export function stringifySorted(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) {
    return `[${value.map((item: unknown) => (item === undefined ? "null" : stringifySorted(item))).join(",")}]`;
  }
  const record = value as Record<string, unknown>;
  const parts: string[] = [];
  for (const key of Object.keys(record).sort()) {
    const item = record[key];
    if (item !== undefined) parts.push(`${JSON.stringify(key)}:${stringifySorted(item)}`);
  }
  return `{${parts.join(",")}}`;
}

function encodeId(id: RpcId): string {
  return stringifySorted(id);
}

/** `{"jsonrpc":"2.0","result":…,"id":…}` */
export function encodeResult(id: RpcId, result: unknown): string {
  return `{"jsonrpc":"2.0","result":${stringifySorted(result)},"id":${encodeId(id)}}`;
}

/** `{"jsonrpc":"2.0","error":{"code":…,"message":…},"id":…}` */
export function encodeError(id: RpcId, code: number, message: string): string {
  return `{"jsonrpc":"2.0","error":{"code":${code},"message":${JSON.stringify(message)}},"id":${encodeId(id)}}`;
}

/** `{"jsonrpc":"2.0","method":…,"params":…}` */
export function encodeNotification(method: string, params: unknown): string {
  return `{"jsonrpc":"2.0","method":${JSON.stringify(method)},"params":${stringifySorted(params)}}`;
}

/** `{"jsonrpc":"2.0","method":…,"params":…,"id":…}`: a server-to-client request. */
export function encodeRequest(method: string, params: unknown, id: string): string {
  return `{"jsonrpc":"2.0","method":${JSON.stringify(method)},"params":${stringifySorted(params)},"id":${JSON.stringify(id)}}`;
}

/**
 * A `session/update` text chunk, hand-serialized: it is the hot path of `burst` (100,000 chunks), and
 * the generic sorted encoder costs several times more per chunk. Same bytes as
 * `encodeNotification("session/update", {sessionId, update: {sessionUpdate: kind, content: {type, text}}})`.
 */
export function encodeTextChunk(
  sessionId: string,
  kind: "agent_message_chunk" | "agent_thought_chunk" | "user_message_chunk",
  text: string,
): string {
  return (
    `{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":${JSON.stringify(sessionId)},` +
    `"update":{"content":{"text":${JSON.stringify(text)},"type":"text"},"sessionUpdate":"${kind}"}}}`
  );
}
