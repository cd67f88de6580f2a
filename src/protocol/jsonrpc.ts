import * as z from "zod";
import { isRecord } from "./lenient.js";

/**
 * A JSON-RPC request id. ZeroClaw's own requests use strings (`"zc-out-0"`), the SDK and most agents use
 * integers; both must be echoed back exactly (protocol.md §7).
 */
export const JsonRpcIdSchema = z.union([z.string(), z.number()]);
export type JsonRpcId = z.infer<typeof JsonRpcIdSchema>;

/** The `"2.0"` tag. Optional when reading (a peer that leaves it out is tolerated), always set by the builders. */
const JsonRpcVersionSchema = z.literal("2.0").optional();

/** A call that expects an answer: `method` plus a non-null `id`. */
export const JsonRpcRequestSchema = z.looseObject({
  jsonrpc: JsonRpcVersionSchema,
  id: JsonRpcIdSchema,
  method: z.string(),
  params: z.unknown().optional(),
});
export type JsonRpcRequest = z.infer<typeof JsonRpcRequestSchema>;

/** A fire-and-forget message: `method` with no `id` (or `id: null`, which ZeroClaw also treats as none). */
export const JsonRpcNotificationSchema = z.looseObject({
  jsonrpc: JsonRpcVersionSchema,
  id: z.null().optional(),
  method: z.string(),
  params: z.unknown().optional(),
});
export type JsonRpcNotification = z.infer<typeof JsonRpcNotificationSchema>;

/** The `error` member of an error response. ZeroClaw never sends `data`; other agents may. */
export const JsonRpcErrorObjectSchema = z.looseObject({
  code: z.number(),
  message: z.string(),
  data: z.unknown().optional(),
});
export type JsonRpcErrorObject = z.infer<typeof JsonRpcErrorObjectSchema>;

/** A successful answer. `result: null` is a valid (empty) result. */
export const JsonRpcSuccessResponseSchema = z.looseObject({
  jsonrpc: JsonRpcVersionSchema,
  id: JsonRpcIdSchema,
  result: z.unknown(),
});
export type JsonRpcSuccessResponse = z.infer<typeof JsonRpcSuccessResponseSchema>;

/** A failed answer. `id` is `null` when the peer could not read the id of the message it rejects (-32700). */
export const JsonRpcErrorResponseSchema = z.looseObject({
  jsonrpc: JsonRpcVersionSchema,
  id: JsonRpcIdSchema.nullable(),
  error: JsonRpcErrorObjectSchema,
});
export type JsonRpcErrorResponse = z.infer<typeof JsonRpcErrorResponseSchema>;

/** A success or error response; tell them apart with {@link isErrorResponse}. */
export type JsonRpcResponse = JsonRpcSuccessResponse | JsonRpcErrorResponse;
/** Any JSON-RPC message. */
export type JsonRpcMessage = JsonRpcRequest | JsonRpcNotification | JsonRpcResponse;

/** Narrows a response to its error form. */
export function isErrorResponse(response: JsonRpcResponse): response is JsonRpcErrorResponse {
  return isRecord(response.error);
}

/**
 * Where an incoming message goes. `invalid` carries the request id when one could be read (`null` when not:
 * an object or array id, a batch), and `answer`: whether JSON-RPC 2.0 §5 wants a -32600 reply (anything
 * that is not a response; a malformed response is never answered, or two peers could bounce errors).
 */
export type ClassifiedMessage =
  | { readonly kind: "request"; readonly message: JsonRpcRequest }
  | { readonly kind: "notification"; readonly message: JsonRpcNotification }
  | { readonly kind: "response"; readonly message: JsonRpcResponse }
  | { readonly kind: "invalid"; readonly reason: string; readonly id: JsonRpcId | null; readonly answer: boolean };

/**
 * Routes an already-parsed JSON value by shape (protocol.md §1.4, acp-standard.md §7):
 * `method` + non-null `id` is a request; `method` alone or with `id: null` is a notification; `result` or
 * `error` without `method` is a response (an error response may have `id: null`); anything else is invalid.
 *
 * Hand-written rather than a zod union: it runs once per message (≥ 100,000 notifications/s budget) and
 * returns the original object without copying it. A missing `jsonrpc` is tolerated; a wrong one is not.
 */
export function classifyMessage(value: unknown): ClassifiedMessage {
  if (!isRecord(value)) {
    const reason = Array.isArray(value) ? "batch arrays are not supported" : "message is not a JSON object";
    return { kind: "invalid", reason, id: null, answer: true };
  }
  const rawId = value.id;
  const id = isJsonRpcId(rawId) ? rawId : null;
  const isResponse = !("method" in value) && (value.error !== undefined || "result" in value);
  if (value.jsonrpc !== undefined && value.jsonrpc !== "2.0") {
    const reason = `unsupported jsonrpc version ${JSON.stringify(value.jsonrpc)}`;
    return { kind: "invalid", reason, id, answer: !isResponse };
  }
  if ("method" in value) {
    if (typeof value.method !== "string")
      return { kind: "invalid", reason: "method is not a string", id, answer: true };
    if (rawId === undefined || rawId === null) {
      return { kind: "notification", message: value as JsonRpcNotification };
    }
    if (id === null)
      return { kind: "invalid", reason: "request id is neither a string nor a number", id: null, answer: true };
    return { kind: "request", message: value as JsonRpcRequest };
  }
  if (value.error !== undefined) {
    if (rawId !== undefined && rawId !== null && id === null) {
      return { kind: "invalid", reason: "response id is neither a string nor a number", id: null, answer: false };
    }
    const error = isValidErrorObject(value.error) ? value.error : malformedError(value.error);
    const message = error === value.error && rawId === id ? value : { ...value, id, error };
    return { kind: "response", message: message as JsonRpcErrorResponse };
  }
  if ("result" in value) {
    if (id === null)
      return { kind: "invalid", reason: "success response without a usable id", id: null, answer: false };
    return { kind: "response", message: value as JsonRpcSuccessResponse };
  }
  return { kind: "invalid", reason: "message has neither method nor result/error", id, answer: true };
}

/** What the first KiB of a message too large to parse says about it: its top-level `id` and `method`. */
export interface MessageHead {
  readonly id?: JsonRpcId;
  readonly method?: string;
}

/**
 * Reads the top-level `id` and `method` of a JSON object from its first bytes, without parsing the rest
 * (which was too large to keep). Keys nested inside `params` are skipped; a value cut by the end of the
 * head is not read. Used to answer an over-cap request with an error instead of leaving its sender waiting.
 */
export function readMessageHead(head: string): MessageHead {
  const found: { id?: JsonRpcId; method?: string } = {};
  let depth = 0;
  let index = head.indexOf("{");
  if (index === -1) return found;
  const string = /"(?:[^"\\]|\\.)*"/y;
  const scalar = /\s*:\s*("(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)\s*[,}]/y;
  while (index < head.length) {
    const char = head[index]!;
    if (char === '"') {
      string.lastIndex = index;
      const match = string.exec(head);
      if (!match) break;
      index += match[0].length;
      if (depth !== 1) continue;
      const key = JSON.parse(match[0]) as string;
      if (key !== "id" && key !== "method") continue;
      scalar.lastIndex = index;
      const value = scalar.exec(head);
      if (!value) continue;
      const parsed = JSON.parse(value[1]!) as unknown;
      if (key === "id" && isJsonRpcId(parsed)) found.id = parsed;
      if (key === "method" && typeof parsed === "string") found.method = parsed;
      continue;
    }
    if (char === "{" || char === "[") depth++;
    else if (char === "}" || char === "]") depth--;
    index++;
  }
  return found;
}

/** True for a usable request id: a string or a finite number. */
export function isJsonRpcId(value: unknown): value is JsonRpcId {
  return typeof value === "string" || (typeof value === "number" && Number.isFinite(value));
}

function isValidErrorObject(value: unknown): value is JsonRpcErrorObject {
  return isRecord(value) && typeof value.code === "number" && typeof value.message === "string";
}

/**
 * A response whose `error` is malformed still answers the request (treating it as invalid would leave the call
 * pending until its timeout), so it is reported as an internal error carrying the original value.
 */
function malformedError(original: unknown): JsonRpcErrorObject {
  return { code: -32603, message: "malformed error response from the agent", data: original };
}

/** Builds an outgoing request. */
export function makeRequest(id: JsonRpcId, method: string, params?: unknown): JsonRpcRequest {
  return params === undefined ? { jsonrpc: "2.0", id, method } : { jsonrpc: "2.0", id, method, params };
}

/** Builds an outgoing notification (no id, never answered). */
export function makeNotification(method: string, params?: unknown): JsonRpcNotification {
  return params === undefined ? { jsonrpc: "2.0", method } : { jsonrpc: "2.0", method, params };
}

/** Builds a success response; `id` is echoed exactly as received. */
export function makeSuccessResponse(id: JsonRpcId, result: unknown): JsonRpcSuccessResponse {
  return { jsonrpc: "2.0", id, result };
}

/** Builds an error response; `id` is echoed exactly as received, or `null` when it could not be read. */
export function makeErrorResponse(
  id: JsonRpcId | null,
  code: number,
  message: string,
  data?: unknown,
): JsonRpcErrorResponse {
  const error: JsonRpcErrorObject = data === undefined ? { code, message } : { code, message, data };
  return { jsonrpc: "2.0", id, error };
}
