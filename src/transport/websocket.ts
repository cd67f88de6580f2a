import { formatBytes } from "../common/format.js";
import type { IncomingMessage } from "node:http";
import WebSocket from "ws";
import { createLogger } from "../log/logger.js";
import { BaseTransport, TransportClosedError, type TransportClose } from "./transport.js";
import {
  describeConnectError,
  describeDrop,
  describeHttpRefusal,
  endpointOf,
  redactToken,
  type HandshakeFailure,
  type HandshakeFailureKind,
} from "./websocket-messages.js";

const log = createLogger("transport.websocket");

/** The subprotocol ZeroClaw's gateway echoes when offered (protocol.md §10.2). */
export const ZEROCLAW_SUBPROTOCOL = "zeroclaw.acp.v1";
/** Inbound message cap: the gateway's own limit (tungstenite's 64 MiB default, protocol.md §1.2). */
export const MAX_PAYLOAD_BYTES = 64 * 1024 * 1024;
const HANDSHAKE_TIMEOUT_MS = 10_000;
/** How long `close()` waits for the server to answer our close frame before dropping the socket. */
const CLOSE_TIMEOUT_MS = 2_000;
/** A ping this often; a socket that has not answered the previous one by the next tick is dead. */
const KEEPALIVE_MS = 30_000;
/** How much of a non-101 answer's body is read, for the message and the log. */
const REFUSAL_BODY_BYTES = 1024;
const REFUSAL_BODY_WAIT_MS = 500;

export interface WebSocketTransportOptions {
  /** `ws://` or `wss://` URL of the endpoint, without a token in it (see `tokenInQuery`). */
  readonly url: string;
  /** Sent as `Authorization: Bearer <token>`; never written to logs or messages. */
  readonly token?: string;
  /** Where `token` came from, in words ("the token from $ZEROCLAW_ACP_BRIDGE_TOKEN"), for the 401 explanation. */
  readonly tokenSource?: string;
  /** What to do about a 401 (how to pair), appended to its explanation. */
  readonly unauthorizedHelp?: string;
  /**
   * Also send the token as `?token=`, for proxies that strip the `Authorization` header. Off by default:
   * query strings end up in proxy and server access logs.
   */
  readonly tokenInQuery?: boolean;
  /** `wss://` without certificate verification (`--insecure`, for self-signed setups). Only when explicitly set. */
  readonly insecure?: boolean;
  /**
   * The subprotocol to offer; `false` offers none, as `zeroclaw-acp-bridge` does. When the server selects
   * none, the transport connects once more without offering it, since `ws` fails such a handshake.
   */
  readonly subprotocol?: string | false;
  /** Inbound message cap in bytes; over it, `ws` closes the connection with 1009. Default 64 MiB. */
  readonly maxPayload?: number;
  readonly handshakeTimeoutMs?: number;
  readonly closeTimeoutMs?: number;
  /** Ping interval; a missed pong by the next ping ends the socket as dropped. 0 turns it off. Default 30 s. */
  readonly keepAliveMs?: number;
}

/** How a WebSocket connection ended: {@link TransportClose} plus the close code or the handshake failure. */
export interface WebSocketClose extends TransportClose {
  /** The WebSocket close code (1000 normal, 1001 going away, 1006 dropped without a close frame, …). */
  readonly closeCode?: number;
  readonly closeReason?: string;
  /** Set when the socket never opened: retrying helps for `refused`/`timeout`/`network`, not for `unauthorized`. */
  readonly handshake?: HandshakeFailureKind;
  readonly httpStatus?: number;
}

/** Rejection of {@link WebSocketTransport.ready}: the socket did not open. `message` is the user-facing explanation. */
export class WebSocketConnectError extends Error {
  constructor(readonly close: WebSocketClose) {
    super(close.message);
    this.name = "WebSocketConnectError";
  }
}

type State = "connecting" | "open" | "closed";

/**
 * One JSON-RPC message per WebSocket text frame (ZeroClaw's gateway `/acp`, protocol.md §1.2), with the
 * gateway's auth (an `Authorization: Bearer` header, the `zeroclaw.acp.v1` subprotocol offered). Messages
 * sent before the socket opens are queued and go out on open; `ready` says when that happened, or why it
 * could not. Handshake failures become a {@link WebSocketClose} whose message says what to do.
 */
export class WebSocketTransport extends BaseTransport<WebSocketClose> {
  /** Resolves once the socket is open; rejects with a {@link WebSocketConnectError} if it never opens. */
  readonly ready: Promise<void>;
  private readonly endpoint: URL;
  private readonly token: string | undefined;
  private socket: WebSocket | undefined;
  private state: State = "connecting";
  private readonly queue: string[] = [];
  private offerSubprotocol: boolean;
  private retryWithoutSubprotocol = false;
  private handshakeFailure: HandshakeFailure | undefined;
  /** Why an open socket is going down, when we know better than its close code (oversized message, no pong). */
  private dropCause: string | undefined;
  private closingByUs = false;
  private awaitingPong = false;
  private keepAliveTimer: NodeJS.Timeout | undefined;
  private settleReady!: { resolve: () => void; reject: (error: Error) => void };
  private readonly finished: Promise<void>;
  private markFinished!: () => void;

  constructor(private readonly options: WebSocketTransportOptions) {
    super();
    this.token = options.token || undefined;
    this.offerSubprotocol = options.subprotocol !== false;
    this.ready = new Promise((resolve, reject) => (this.settleReady = { resolve, reject }));
    // Nobody may be waiting on `ready` (closes are also reported through onClose): never an unhandled rejection.
    this.ready.catch(() => {});
    this.finished = new Promise((resolve) => (this.markFinished = resolve));
    let endpoint: URL | undefined;
    try {
      endpoint = new URL(options.url);
    } catch {
      // Not thrown: a bad URL is a failed connection like any other, reported through ready and onClose.
    }
    if (!endpoint || (endpoint.protocol !== "ws:" && endpoint.protocol !== "wss:")) {
      this.endpoint = new URL("ws://invalid");
      this.finish({
        reason: "error",
        handshake: "not-a-gateway",
        message: `not a WebSocket URL: ${redactToken(options.url, this.token)} (it must start with ws:// or wss://)`,
      });
      return;
    }
    this.endpoint = endpoint;
    this.open();
  }

  /** Creates the transport and waits until the socket is open; rejects with a {@link WebSocketConnectError}. */
  static async connect(options: WebSocketTransportOptions): Promise<WebSocketTransport> {
    const transport = new WebSocketTransport(options);
    await transport.ready;
    return transport;
  }

  /** The endpoint as shown to the user and the log: no query string, so never a token. */
  get url(): string {
    return endpointOf(this.endpoint);
  }

  /** The subprotocol the server selected, `""` when none (or before the socket opened). */
  get protocol(): string {
    return this.state === "open" ? (this.socket?.protocol ?? "") : "";
  }

  send(message: object): void {
    if (this.closeInfo) throw new TransportClosedError(this.closeInfo);
    if (this.closingByUs) throw new TransportClosedError({ reason: "closed-by-us", message: "closing" });
    // One message per frame, no trailing newline: the gateway parses each frame as exactly one JSON value.
    const text = JSON.stringify(message);
    if (this.state === "connecting") {
      this.queue.push(text);
      return;
    }
    this.socket!.send(text, (error) => {
      if (error) log.warn(`send failed: ${this.redact(error.message)}`);
    });
  }

  /** Sends a normal close frame (1000) and resolves once the socket is closed; drops it if the server never answers. */
  async close(): Promise<void> {
    if (this.closeInfo) return;
    if (!this.closingByUs) {
      this.closingByUs = true;
      const socket = this.socket!;
      if (this.state === "connecting") {
        socket.terminate();
      } else {
        socket.close(1000);
        const timer = setTimeout(() => socket.terminate(), this.options.closeTimeoutMs ?? CLOSE_TIMEOUT_MS);
        void this.finished.then(() => clearTimeout(timer));
      }
    }
    await this.finished;
  }

  private open(): void {
    const target = new URL(this.endpoint);
    if (this.options.tokenInQuery && this.token) target.searchParams.set("token", this.token);
    const subprotocol = typeof this.options.subprotocol === "string" ? this.options.subprotocol : ZEROCLAW_SUBPROTOCOL;
    const protocols = this.offerSubprotocol ? [subprotocol] : [];
    const insecure = this.options.insecure === true && this.endpoint.protocol === "wss:";
    log.info(`connecting to ${redactToken(target.toString(), this.token)}`, {
      token: this.options.tokenSource ?? (this.token ? "given" : "none"),
      tokenInQuery: this.options.tokenInQuery === true,
      subprotocols: protocols,
      insecure,
    });
    if (insecure) log.warn("TLS certificate verification is off (--insecure)");
    let socket: WebSocket;
    try {
      socket = new WebSocket(target, protocols, {
        headers: this.token ? { Authorization: `Bearer ${this.token}` } : {},
        maxPayload: this.options.maxPayload ?? MAX_PAYLOAD_BYTES,
        handshakeTimeout: this.options.handshakeTimeoutMs ?? HANDSHAKE_TIMEOUT_MS,
        rejectUnauthorized: !insecure,
        // A redirect would carry the Authorization header to wherever it points.
        followRedirects: false,
        // tungstenite does not negotiate it; offering it only costs a zlib context per socket.
        perMessageDeflate: false,
      });
    } catch (error) {
      this.finish({
        reason: "error",
        handshake: "not-a-gateway",
        message: this.redact(`cannot connect to ${this.url}: ${(error as Error).message}`),
      });
      return;
    }
    this.socket = socket;
    socket.on("open", () => this.opened(socket));
    socket.on("unexpected-response", (_request, response) => this.refused(socket, response));
    socket.on("error", (error) => this.failed(socket, error));
    socket.on("close", (code, reason) => this.socketClosed(socket, code, reason.toString("utf8")));
    socket.on("message", (data, isBinary) => this.receiveFrame(data, isBinary));
    socket.on("pong", () => (this.awaitingPong = false));
  }

  private opened(socket: WebSocket): void {
    if (socket !== this.socket) return;
    this.state = "open";
    log.info(`connected to ${this.url}`, { subprotocol: socket.protocol || "none" });
    for (const text of this.queue.splice(0)) {
      socket.send(text, (error) => {
        if (error) log.warn(`send failed: ${this.redact(error.message)}`);
      });
    }
    this.startKeepAlive(socket);
    this.settleReady.resolve();
  }

  /** The server answered the upgrade with an HTTP status (401 without a paired token). */
  private refused(socket: WebSocket, response: IncomingMessage): void {
    const status = response.statusCode ?? 0;
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const conclude = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      const body = Buffer.concat(chunks).toString("utf8");
      this.handshakeFailure ??= describeHttpRefusal(
        this.url,
        status,
        response.statusMessage ?? "",
        status === 401 ? "" : body,
        {
          hadToken: this.token !== undefined,
          tokenSource: this.options.tokenSource ?? (this.token ? "the token given" : "no token"),
          ...(this.options.unauthorizedHelp ? { help: this.options.unauthorizedHelp } : {}),
        },
      );
      log.warn(`handshake refused with HTTP ${status}`, { body: this.redact(body.slice(0, 300)) });
      // Aborts the request too; `ws` then emits error and close, and socketClosed() reports our failure.
      socket.terminate();
    };
    const timer = setTimeout(conclude, REFUSAL_BODY_WAIT_MS);
    response.on("data", (chunk: Buffer) => {
      if (size < REFUSAL_BODY_BYTES) chunks.push(chunk.subarray(0, REFUSAL_BODY_BYTES - size));
      size += chunk.length;
      if (size >= REFUSAL_BODY_BYTES) conclude();
    });
    response.on("end", conclude);
    response.on("error", conclude);
  }

  private failed(socket: WebSocket, error: Error & { code?: string }): void {
    if (socket !== this.socket) return;
    log.warn(`socket error: ${this.redact(error.message)}`, { code: error.code });
    if (this.closingByUs) return;
    if (this.state === "connecting") {
      if (this.handshakeFailure) return;
      if (error.message === "Server sent no subprotocol" && this.offerSubprotocol) {
        // `ws` refuses a handshake where the offered subprotocol was not selected; ZeroClaw always selects
        // it, but a proxy or another gateway may not, and the bridge offers none: try once more without.
        this.retryWithoutSubprotocol = true;
        return;
      }
      this.handshakeFailure = describeConnectError(
        error,
        this.endpoint,
        this.options.handshakeTimeoutMs ?? HANDSHAKE_TIMEOUT_MS,
      );
      return;
    }
    if (error.code === "WS_ERR_UNSUPPORTED_MESSAGE_LENGTH") {
      this.dropCause = `the gateway sent a message over the ${formatBytes(this.options.maxPayload ?? MAX_PAYLOAD_BYTES)} limit`;
      this.problems.emit({ kind: "oversized-message", message: `${this.dropCause}; the connection was closed` });
      return;
    }
    this.dropCause ??= this.redact(error.message);
  }

  private socketClosed(socket: WebSocket, code: number, reason: string): void {
    if (socket !== this.socket) return;
    this.stopKeepAlive();
    if (this.retryWithoutSubprotocol && !this.closingByUs) {
      this.retryWithoutSubprotocol = false;
      this.offerSubprotocol = false;
      log.info(`the server selected no subprotocol; connecting again without offering one`);
      this.open();
      return;
    }
    const wasOpen = this.state === "open";
    if (this.closingByUs) {
      this.finish({
        reason: "closed-by-us",
        message: "closed",
        closeCode: code,
        ...(reason ? { closeReason: reason } : {}),
      });
    } else if (!wasOpen) {
      const failure = this.handshakeFailure ?? {
        kind: "network" as const,
        message: `cannot connect to the gateway at ${this.url} (the socket closed during the handshake, code ${code})`,
      };
      this.finish({
        reason: "error",
        message: this.redact(failure.message),
        handshake: failure.kind,
        ...(failure.httpStatus !== undefined ? { httpStatus: failure.httpStatus } : {}),
      });
    } else {
      this.finish({
        reason: "socket-closed",
        message: this.redact(describeDrop(code, reason, this.dropCause)),
        closeCode: code,
        ...(reason ? { closeReason: reason } : {}),
      });
    }
  }

  private receiveFrame(data: WebSocket.RawData, isBinary: boolean): void {
    const bytes = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
    let text: string;
    if (isBinary) {
      try {
        text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
      } catch {
        // The gateway itself drops non-UTF-8 binary frames (protocol.md §1.2); we do the same, visibly.
        const message = `the gateway sent a binary frame of ${bytes.length} bytes that is not UTF-8 text; it was skipped`;
        log.warn(message);
        this.problems.emit({ kind: "malformed-json", message });
        return;
      }
    } else {
      // `ws` has already checked that a text frame is valid UTF-8 (it closes with 1007 otherwise).
      text = bytes.toString("utf8");
    }
    const raw = text.trim();
    // Also rejects several newline-separated messages packed into one frame, which the protocol forbids.
    if (raw !== "") this.receiveText(raw, "the gateway sent a frame");
  }

  /**
   * A laptop that slept or a NAT that forgot us leaves a socket that looks open and never closes: a ping
   * that goes unanswered until the next one ends it, so the drop is reported (and can be reconnected).
   */
  private startKeepAlive(socket: WebSocket): void {
    const interval = this.options.keepAliveMs ?? KEEPALIVE_MS;
    if (interval <= 0) return;
    this.keepAliveTimer = setInterval(() => {
      if (this.awaitingPong) {
        this.dropCause = `no answer to a ping within ${Math.round(interval / 1000)} s`;
        log.warn(this.dropCause);
        socket.terminate();
        return;
      }
      this.awaitingPong = true;
      socket.ping();
    }, interval);
    // The keep-alive alone must not hold the process open (`zc-pane prompt` exits when its turn is done).
    this.keepAliveTimer.unref();
  }

  private stopKeepAlive(): void {
    if (this.keepAliveTimer) clearInterval(this.keepAliveTimer);
    this.keepAliveTimer = undefined;
  }

  private redact(text: string): string {
    return redactToken(text, this.token);
  }

  private finish(info: WebSocketClose): void {
    if (this.closeInfo) return;
    this.state = "closed";
    this.queue.length = 0;
    log.info("transport closed", info);
    // A no-op once the socket has opened; before that, whoever awaits `ready` learns why it never will.
    this.settleReady.reject(new WebSocketConnectError(info));
    this.recordClose(info);
    this.markFinished();
  }
}
