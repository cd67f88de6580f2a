import { createLogger } from "../log/logger.js";
import type { Transport, TransportClose, TransportProblem } from "../transport/transport.js";
import { STANDARD_PROFILE, type ErrorProfile } from "./error-profile.js";
import {
  ERROR_CODES,
  RpcAbortedError,
  RpcConnectionClosedError,
  RpcError,
  RpcHandlerError,
  RpcTimeoutError,
} from "./errors.js";
import { classifyMessage, readMessageHead, type JsonRpcId } from "../protocol/jsonrpc.js";
import { errorMessage } from "../common/error-message.js";

const log = createLogger("rpc");

/** Per-request options. `timeoutMs: null` waits forever (session/prompt: turns can wait an hour for approval). */
export interface RequestOptions {
  readonly timeoutMs?: number | null;
  readonly signal?: AbortSignal;
}

/** What an inbound request handler receives besides its params. */
export interface InboundRequestContext {
  /** The request id exactly as the agent sent it (a string like `zc-out-0` stays a string). */
  readonly id: JsonRpcId;
  readonly method: string;
  /** Aborted when the agent sends `$/cancel_request` for this id, or when the connection closes. */
  readonly signal: AbortSignal;
}

export type RequestHandler = (params: unknown, context: InboundRequestContext) => unknown;
export type NotificationHandler = (params: unknown, method: string) => void;

interface Pending {
  readonly method: string;
  readonly resolve: (result: unknown) => void;
  readonly reject: (error: Error) => void;
  readonly cleanup: () => void;
}

export interface JsonRpcPeerOptions {
  /** Used when a request gives no `timeoutMs`; 30 s. */
  readonly defaultTimeoutMs?: number;
  readonly profile?: ErrorProfile;
}

/**
 * Our JSON-RPC 2.0 peer over any {@link Transport} (acp-standard.md §7 says why we do not use the SDK's
 * connection class). It correlates responses by `String(id)` so an agent that echoes `5` as `"5"` still
 * matches, answers unknown inbound methods with -32601, never answers notifications, and honours
 * `$/cancel_request` in both directions.
 */
export class JsonRpcPeer {
  private nextId = 1;
  private readonly pending = new Map<string, Pending>();
  private readonly requestHandlers = new Map<string, RequestHandler>();
  private readonly notificationHandlers = new Map<string, NotificationHandler>();
  private readonly inbound = new Map<string, AbortController>();
  private fallbackNotification: NotificationHandler | undefined;
  private readonly defaultTimeoutMs: number;
  private closeReason: string | undefined;
  /** The agent's error-code dialect; set after `initialize` identifies the agent. */
  profile: ErrorProfile;

  constructor(
    readonly transport: Transport,
    options: JsonRpcPeerOptions = {},
  ) {
    this.defaultTimeoutMs = options.defaultTimeoutMs ?? 30_000;
    this.profile = options.profile ?? STANDARD_PROFILE;
    transport.onMessage((message) => this.receive(message));
    transport.onProblem((problem) => this.receiveOversized(problem));
    transport.onClose((close) => this.failAll(close));
  }

  /** Sends a request and resolves with its `result`, or rejects with an {@link RpcError} (or timeout/close). */
  request(method: string, params: unknown, options: RequestOptions = {}): Promise<unknown> {
    if (this.closeReason !== undefined) return Promise.reject(new RpcConnectionClosedError(method, this.closeReason));
    if (options.signal?.aborted) return Promise.reject(new RpcAbortedError(method));
    const id = this.nextId++;
    const key = String(id);
    return new Promise<unknown>((resolve, reject) => {
      const timeoutMs = options.timeoutMs === undefined ? this.defaultTimeoutMs : options.timeoutMs;
      const timer =
        timeoutMs === null
          ? undefined
          : setTimeout(() => {
              this.pending.delete(key);
              cleanup();
              reject(new RpcTimeoutError(method, timeoutMs));
            }, timeoutMs);
      const onAbort = () => {
        this.pending.delete(key);
        cleanup();
        this.notify("$/cancel_request", { requestId: id });
        reject(new RpcAbortedError(method));
      };
      const cleanup = () => {
        if (timer) clearTimeout(timer);
        options.signal?.removeEventListener("abort", onAbort);
      };
      options.signal?.addEventListener("abort", onAbort, { once: true });
      this.pending.set(key, { method, resolve, reject, cleanup });
      try {
        this.transport.send({ jsonrpc: "2.0", id, method, params });
      } catch (error) {
        this.pending.delete(key);
        cleanup();
        reject(error instanceof Error ? error : new Error(errorMessage(error)));
      }
    });
  }

  /** Sends a notification (no id, never answered). Silently dropped once the connection is closed. */
  notify(method: string, params: unknown): void {
    if (this.closeReason !== undefined) return;
    try {
      this.transport.send({ jsonrpc: "2.0", method, params });
    } catch (error) {
      log.warn(`could not send ${method}`, error);
    }
  }

  /** Registers the handler for an inbound request method; its return value (or promise) is the result. */
  handleRequest(method: string, handler: RequestHandler): void {
    this.requestHandlers.set(method, handler);
  }

  /** Registers the handler for an inbound notification method. */
  handleNotification(method: string, handler: NotificationHandler): void {
    this.notificationHandlers.set(method, handler);
  }

  /** Receives notifications no specific handler claimed (custom `_vendor/...` methods, future ones). */
  handleOtherNotifications(handler: NotificationHandler): void {
    this.fallbackNotification = handler;
  }

  /** Number of our requests still waiting for an answer (for tests and diagnostics). */
  get pendingCount(): number {
    return this.pending.size;
  }

  private receive(message: unknown): void {
    const shape = classifyMessage(message);
    switch (shape.kind) {
      case "response":
        return this.receiveResponse(shape.message.id, shape.message);
      case "request":
        return this.receiveRequest(shape.message.id, shape.message.method, shape.message.params);
      case "notification":
        return this.receiveNotification(shape.message.method, shape.message.params);
      case "invalid":
        log.warn(`ignored a message that is not JSON-RPC: ${shape.reason}`);
        // A malformed request still deserves an answer (id null when its id was unreadable), or its sender
        // waits forever.
        if (shape.answer) this.respondError(shape.id, ERROR_CODES.invalidRequest, `Invalid Request: ${shape.reason}`);
        return;
    }
  }

  /**
   * A message too large to read (over the transport's line cap): when its first KiB names a request, that
   * request is answered with an error; when it answers one of ours, our call fails now instead of at its
   * timeout (a prompt turn has none).
   */
  private receiveOversized(problem: TransportProblem): void {
    if (problem.kind !== "oversized-message" || problem.head === undefined) return;
    const head = readMessageHead(problem.head);
    if (head.id === undefined) return;
    if (head.method !== undefined) {
      this.respondError(head.id, ERROR_CODES.invalidRequest, `Invalid Request: ${problem.message}`);
      return;
    }
    const key = String(head.id);
    const pending = this.pending.get(key);
    if (!pending) return;
    this.pending.delete(key);
    pending.cleanup();
    pending.reject(
      new RpcError(
        pending.method,
        ERROR_CODES.internalError,
        problem.message,
        this.profile.classify(ERROR_CODES.internalError),
      ),
    );
  }

  private receiveResponse(id: JsonRpcId | null, message: { error?: unknown; result?: unknown }): void {
    if (id === null) {
      // An error with id null answers a request the agent could not parse; nothing to correlate it with.
      log.warn("the agent reported an error for a message it could not read", message.error);
      return;
    }
    const key = String(id);
    const pending = this.pending.get(key);
    if (!pending) {
      log.warn("ignored a response to an unknown or expired request", { id });
      return;
    }
    this.pending.delete(key);
    pending.cleanup();
    if ("error" in message && message.error !== undefined && message.error !== null) {
      const error = message.error as { code?: unknown; message?: unknown; data?: unknown };
      const code = typeof error.code === "number" ? error.code : ERROR_CODES.internalError;
      const text = typeof error.message === "string" ? error.message : "the agent answered with an error";
      pending.reject(new RpcError(pending.method, code, text, this.profile.classify(code), error.data));
    } else {
      pending.resolve(message.result);
    }
  }

  private receiveRequest(id: JsonRpcId, method: string, params: unknown): void {
    const handler = this.requestHandlers.get(method);
    if (!handler) {
      this.respondError(id, ERROR_CODES.methodNotFound, `Method not found: ${method}`);
      return;
    }
    const key = String(id);
    const controller = new AbortController();
    this.inbound.set(key, controller);
    Promise.resolve()
      .then(() => handler(params, { id, method, signal: controller.signal }))
      .then(
        (result) => this.respond(id, key, controller, { result: result ?? null }),
        (error: unknown) => {
          if (controller.signal.aborted) {
            this.respond(id, key, controller, {
              error: { code: ERROR_CODES.requestCancelled, message: "Request cancelled" },
            });
          } else if (error instanceof RpcHandlerError) {
            const body =
              error.data === undefined
                ? { code: error.code, message: error.message }
                : { code: error.code, message: error.message, data: error.data };
            this.respond(id, key, controller, { error: body });
          } else {
            log.error(`handler for ${method} failed`, error);
            const text = errorMessage(error);
            this.respond(id, key, controller, { error: { code: ERROR_CODES.internalError, message: text } });
          }
        },
      );
  }

  private respond(
    id: JsonRpcId,
    key: string,
    controller: AbortController,
    body: { result: unknown } | { error: object },
  ): void {
    if (this.inbound.get(key) === controller) this.inbound.delete(key);
    if (this.closeReason !== undefined) return;
    try {
      this.transport.send({ jsonrpc: "2.0", id, ...body });
    } catch (error) {
      log.warn("could not send a response", error);
    }
  }

  private respondError(id: JsonRpcId | null, code: number, message: string): void {
    try {
      this.transport.send({ jsonrpc: "2.0", id, error: { code, message } });
    } catch (error) {
      log.warn("could not send an error response", error);
    }
  }

  private receiveNotification(method: string, params: unknown): void {
    if (method === "$/cancel_request") {
      const requestId = (params as { requestId?: unknown } | null)?.requestId;
      if (typeof requestId === "string" || typeof requestId === "number") this.inbound.get(String(requestId))?.abort();
      return;
    }
    const handler = this.notificationHandlers.get(method) ?? this.fallbackNotification;
    if (!handler) {
      log.debug(`ignored notification ${method}`);
      return;
    }
    try {
      handler(params, method);
    } catch (error) {
      // A bug in one handler must not stop the stream of the rest.
      log.error(`notification handler for ${method} failed`, error);
    }
  }

  private failAll(close: TransportClose): void {
    this.closeReason = close.message;
    for (const [key, pending] of this.pending) {
      this.pending.delete(key);
      pending.cleanup();
      pending.reject(new RpcConnectionClosedError(pending.method, close.message));
    }
    for (const controller of this.inbound.values()) controller.abort();
    this.inbound.clear();
  }
}
