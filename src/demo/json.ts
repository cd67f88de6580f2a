import { ErrorCode, RpcError } from "./wire.js";

/** Lookups on untrusted JSON with serde_json `Value::get` semantics (a non-object has no keys). */

export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

export function field(value: unknown, key: string): unknown {
  return isRecord(value) ? value[key] : undefined;
}

/**
 * The value of the first of `keys` present in `params` (a present `null` counts, as `Value::get` returns
 * `Some(Null)`): `sessionId` then `session_id`, `agentAlias` then `agent_alias` then `agent`, and so on.
 * A present key of the wrong type does not fall back to the next alias.
 */
export function firstPresent(params: unknown, keys: readonly string[]): unknown {
  if (!isRecord(params)) return undefined;
  for (const key of keys) if (Object.hasOwn(params, key)) return params[key];
  return undefined;
}

/** `sessionId` (alias `session_id`) or `-32602 Missing required parameter: sessionId`. */
export function requireSessionId(params: unknown): string {
  const id = firstPresent(params, ["sessionId", "session_id"]);
  if (typeof id !== "string") throw new RpcError(ErrorCode.invalidParams, "Missing required parameter: sessionId");
  return id;
}

export function sessionNotFound(sessionId: string): RpcError {
  return new RpcError(ErrorCode.sessionNotFound, `Session not found: ${sessionId}`);
}
