import { RpcConnectionClosedError, RpcError, RpcTimeoutError } from "../rpc/errors.js";
import { ClientError } from "./errors.js";
import { errorMessage } from "../common/error-message.js";

/** What a failure message may name: the agent, the session, and how to authenticate. */
export interface FailureContext {
  readonly agentName: string;
  readonly sessionId?: string | undefined;
  readonly authHelp: () => string;
}

/**
 * Turns what an RPC call threw into a {@link ClientError} whose message a user can act on: an unknown
 * session, a busy agent, an unimplemented method, authentication, a lost connection. Anything already a
 * ClientError passes through.
 */
export function describeFailure(error: unknown, context: FailureContext): Error {
  if (error instanceof ClientError) return error;
  if (error instanceof RpcError) {
    switch (error.kind) {
      case "session-not-found":
        return new ClientError(
          `unknown session${context.sessionId ? ` ${context.sessionId}` : ""}: ${error.remoteMessage}`,
          "unknown-session",
          { cause: error },
        );
      case "busy":
        return new ClientError(`the agent is busy with another turn in this session: ${error.remoteMessage}`, "busy", {
          cause: error,
        });
      case "method-not-found":
        return new ClientError(`${context.agentName} does not implement ${error.method}`, "not-supported", {
          cause: error,
        });
      case "auth-required":
        return new ClientError(
          `${error.method}: ${context.agentName} requires authentication (${error.remoteMessage}). ${context.authHelp()}`,
          "auth-required",
          { cause: error },
        );
      default:
        return new ClientError(`${error.method} failed: ${error.remoteMessage} (code ${error.code})`, "agent-error", {
          cause: error,
        });
    }
  }
  if (error instanceof RpcConnectionClosedError)
    return new ClientError(`the connection to the agent was lost: ${error.reason}`, "connection", { cause: error });
  return error instanceof Error ? error : new Error(errorMessage(error));
}

/**
 * A failure before the agent answered `initialize`: a timeout or an early exit quotes the last lines the
 * agent wrote to stderr, which usually say why (a missing API key, a bad flag).
 */
export function describeStartupFailure(error: unknown, stderr: string, otherwise: (error: unknown) => Error): Error {
  const lines = stderr.trim();
  const tail = lines ? `\nThe agent's last stderr lines:\n${lines.split("\n").slice(-10).join("\n")}` : "";
  if (error instanceof RpcTimeoutError) {
    return new ClientError(
      `the agent did not answer initialize within ${error.timeoutMs / 1000} s; is it an ACP agent?${tail}`,
      "initialize-timeout",
      { cause: error },
    );
  }
  if (error instanceof RpcConnectionClosedError)
    return new ClientError(`${error.reason}${tail}`, "connection", { cause: error });
  return otherwise(error);
}
