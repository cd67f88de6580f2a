import { ERROR_CODES, RpcHandlerError } from "../../rpc/errors.js";
import { errorMessage } from "../../common/error-message.js";

/**
 * Standard ACP's "resource not found" (acp-standard.md §4). We send it for a missing file, an unknown
 * session and an unknown terminal. The agent reads our codes in its own dialect; ZeroClaw, whose -32002
 * means "busy", never calls the client-side methods (protocol.md §2), and standard agents (gemini-cli,
 * qwen-code) map exactly this code to ENOENT, which is what lets them create a file that is not there yet.
 */
export const RESOURCE_NOT_FOUND = -32002;

/** Answers -32602 "Invalid params" with our explanation; `data` goes into the JSON-RPC error as is. */
export function invalidParams(message: string, data?: Record<string, unknown>): RpcHandlerError {
  return new RpcHandlerError(ERROR_CODES.invalidParams, `Invalid params: ${message}`, data);
}

/** Answers -32002 for a file path that does not exist (the SDK's `RequestError.resourceNotFound` wording). */
export function fileNotFound(path: string): RpcHandlerError {
  return new RpcHandlerError(RESOURCE_NOT_FOUND, `Resource not found: ${path}`, { path });
}

/** Answers -32002 with `data.sessionId`, as the spec and the SDK's `RequestError.sessionNotFound` do. */
export function unknownSession(sessionId: string): RpcHandlerError {
  return new RpcHandlerError(
    RESOURCE_NOT_FOUND,
    `Resource not found: session ${sessionId} is not open in this client`,
    { sessionId },
  );
}

/** Answers -32002 for a terminal id that was never created here, or was already released. */
export function unknownTerminal(terminalId: string): RpcHandlerError {
  return new RpcHandlerError(
    RESOURCE_NOT_FOUND,
    `Resource not found: terminal ${terminalId} does not exist or was released`,
    { terminalId },
  );
}

/** Answers -32603 for an I/O failure we did not anticipate (EACCES, EIO, ENOSPC, ...), naming the path. */
export function ioFailure(action: string, path: string, error: unknown): RpcHandlerError {
  const code = errorCode(error);
  const detail = errorMessage(error);
  return new RpcHandlerError(ERROR_CODES.internalError, `Internal error: could not ${action} ${path}: ${detail}`, {
    path,
    ...(code ? { errno: code } : {}),
  });
}

/** The `code` of a Node system error (`ENOENT`, `EACCES`, ...), if it has one. */
export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}
