/** JSON-RPC and ACP error codes (acp-standard.md §4, protocol.md §9). */
export const ERROR_CODES = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  requestCancelled: -32800,
} as const;

/**
 * What an error code means for the peer that sent it. The same code means different things to different
 * agents: -32000 is "authentication required" in standard ACP but "session not found" in ZeroClaw, and
 * -32002 is "resource not found" vs "session busy" (acp-standard.md §4).
 */
export type RpcErrorKind =
  | "session-not-found"
  | "busy"
  | "session-limit"
  | "auth-required"
  | "method-not-found"
  | "invalid-params"
  | "invalid-request"
  | "parse-error"
  | "internal"
  | "cancelled"
  | "other";

/** An error the agent answered with, classified through the peer's error profile. */
export class RpcError extends Error {
  constructor(
    readonly method: string,
    readonly code: number,
    readonly remoteMessage: string,
    readonly kind: RpcErrorKind,
    readonly data?: unknown,
  ) {
    super(remoteMessage);
    this.name = "RpcError";
  }
}

/** Our own request got no answer in time. */
export class RpcTimeoutError extends Error {
  constructor(
    readonly method: string,
    readonly timeoutMs: number,
  ) {
    super(`the agent did not answer ${method} within ${formatSeconds(timeoutMs)}`);
    this.name = "RpcTimeoutError";
  }
}

/** The connection ended while the request was waiting for its answer. */
export class RpcConnectionClosedError extends Error {
  constructor(
    readonly method: string,
    readonly reason: string,
  ) {
    super(`${method} could not complete: ${reason}`);
    this.name = "RpcConnectionClosedError";
  }
}

/** We aborted our own request (its AbortSignal fired); `$/cancel_request` was sent to the agent. */
export class RpcAbortedError extends Error {
  constructor(readonly method: string) {
    super(`${method} was cancelled`);
    this.name = "RpcAbortedError";
  }
}

/**
 * A handler of an inbound request throws this to answer with a specific JSON-RPC error (anything else
 * thrown becomes -32603 with the error's message).
 */
export class RpcHandlerError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = "RpcHandlerError";
  }
}

function formatSeconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`;
}
