import type { AgentContext } from "./context.js";
import { classifyLine } from "./envelope.js";
import {
  handleCancel,
  handleClose,
  handleInitialize,
  handleLoad,
  handleNew,
  handleResume,
  handleSessionEvent,
  handleStop,
} from "./lifecycle.js";
import { handlePrompt } from "./prompt.js";
import { encodeError, encodeResult, ErrorCode, RpcError, type RpcId } from "./wire.js";
import { errorMessage } from "../common/error-message.js";

/**
 * One inbound request being answered. `respond`/`fail` write at most one reply, and none at all for a
 * notification (no id, or `"id": null`): notifications never get a result or an error (§1.4).
 */
export class Call {
  private answered = false;

  constructor(
    private readonly context: AgentContext,
    readonly id: RpcId | undefined,
  ) {}

  get isNotification(): boolean {
    return this.id === undefined;
  }

  respond(result: unknown): void {
    if (this.answered || this.id === undefined) return;
    this.answered = true;
    this.context.writer.writeLine(encodeResult(this.id, result));
  }

  fail(error: unknown): void {
    if (this.answered || this.id === undefined) return;
    this.answered = true;
    const rpc =
      error instanceof RpcError
        ? error
        : new RpcError(ErrorCode.internalError, `Agent task panicked: ${errorMessage(error)}`);
    this.context.writer.writeLine(encodeError(this.id, rpc.code, rpc.message));
  }
}

type Handler = (context: AgentContext, params: unknown, call: Call) => unknown;

/** The methods ZeroClaw's ACP server handles (§2); anything else is -32601. */
const HANDLERS: Readonly<Record<string, Handler>> = {
  initialize: handleInitialize,
  "session/new": handleNew,
  "session/load": handleLoad,
  "session/resume": handleResume,
  "session/close": handleClose,
  "session/prompt": handlePrompt,
  "session/stop": handleStop,
  "session/cancel": handleCancel,
  "session/event": handleSessionEvent,
  "session/update": handleSessionEvent,
};

/**
 * Handles one inbound line with ZeroClaw's loose envelope rules (§1.4): replies to our own requests are
 * routed by id as a string; a line that is not a request is -32700 with id null; a wrong `jsonrpc` is
 * -32600 when there is an id and silently dropped otherwise; every request then runs on its own, so
 * replies can come out of order.
 */
export function processLine(context: AgentContext, line: string): void {
  const trimmed = line.trim();
  if (trimmed === "") return;
  const inbound = classifyLine(trimmed);
  switch (inbound.kind) {
    case "reply":
      context.outbound.dispatch(inbound.idKey, inbound.message);
      return;
    case "parse-error":
      context.writer.writeLine(encodeError(null, ErrorCode.parseError, `Parse error: ${inbound.detail}`));
      return;
    case "request": {
      if (inbound.jsonrpc !== "2.0") {
        if (inbound.id !== undefined) {
          context.writer.writeLine(encodeError(inbound.id, ErrorCode.invalidRequest, "Invalid JSON-RPC version"));
        }
        return;
      }
      dispatch(context, inbound.method, inbound.params, new Call(context, inbound.id));
    }
  }
}

/** Runs a handler; a synchronous one answers at once, so simple request/reply pairs keep their order. */
function dispatch(context: AgentContext, method: string, params: unknown, call: Call): void {
  const handler = Object.hasOwn(HANDLERS, method) ? HANDLERS[method] : undefined;
  if (!handler) {
    call.fail(new RpcError(ErrorCode.methodNotFound, `Method not found: ${method}`));
    return;
  }
  try {
    const result = handler(context, params, call);
    if (result instanceof Promise) {
      result.then(
        (value: unknown) => call.respond(value),
        (error: unknown) => call.fail(error),
      );
    } else {
      call.respond(result);
    }
  } catch (error) {
    call.fail(error);
  }
}
