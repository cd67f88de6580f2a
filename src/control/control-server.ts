import { formatBytes } from "../common/format.js";
import { chmodSync, unlinkSync } from "node:fs";
import { createConnection, createServer, type Server, type Socket } from "node:net";
import { dirname } from "node:path";
import { createLogger } from "../log/logger.js";
import { ensurePrivateDir } from "./private-dir.js";
import {
  CONTROL_PROTOCOL_VERSION,
  ControlProtocolError,
  encodeControlLine,
  MAX_CONTROL_MESSAGE_BYTES,
  parseControlRequest,
  type ControlReply,
  type ControlRequest,
} from "./protocol.js";

const log = createLogger("control.server");

/** A connection that sends nothing for this long is closed: a stuck sender must not hold a slot forever. */
const IDLE_TIMEOUT_MS = 10_000;

/** Concurrent connections; `send` uses one at a time, so this only bounds a misbehaving client. */
const MAX_CONNECTIONS = 8;

/** What the server does with a valid request (throws {@link ControlProtocolError} to refuse it). */
export type ControlHandler = (request: ControlRequest) => Promise<ControlReply> | ControlReply;

/** Options of {@link ControlServer.start}. */
export interface ControlServerOptions {
  readonly socketPath: string;
  readonly handle: ControlHandler;
  /** Largest request line in bytes; default {@link MAX_CONTROL_MESSAGE_BYTES}. */
  readonly maxMessageBytes?: number;
}

/**
 * The pane's control socket: a Unix socket (mode 0600, in a 0700 directory) taking one JSON request per
 * line and answering each with one line. A request that is not JSON, has another version, or is over the
 * size cap gets an error reply and the connection is closed; the pane itself never sees it. Removes its
 * socket when closed and when the process exits, however it exits.
 */
export class ControlServer {
  private closed = false;
  private readonly connections = new Set<Socket>();
  private readonly onExit = () => this.removeSocket();

  private constructor(
    private readonly server: Server,
    readonly socketPath: string,
  ) {
    process.on("exit", this.onExit);
  }

  /**
   * Binds the socket. A socket file left by a pane that died without cleaning up is replaced; one that a
   * live pane still answers on is not (throws: two panes cannot share a tmux pane id).
   */
  static async start(options: ControlServerOptions): Promise<ControlServer> {
    ensurePrivateDir(dirname(options.socketPath));
    const maxBytes = options.maxMessageBytes ?? MAX_CONTROL_MESSAGE_BYTES;
    const server = createServer({ allowHalfOpen: false });
    server.maxConnections = MAX_CONNECTIONS;
    let instance: ControlServer | undefined;
    server.on("connection", (socket) => instance?.accept(socket, options.handle, maxBytes));
    try {
      await listen(server, options.socketPath);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE") throw error;
      if (await isAlive(options.socketPath))
        throw new Error(`another zc-pane already listens on ${options.socketPath}`, { cause: error });
      unlinkSync(options.socketPath);
      await listen(server, options.socketPath);
    }
    // The 0700 directory already keeps other users out; the mode is the second lock (design.md §5).
    chmodSync(options.socketPath, 0o600);
    instance = new ControlServer(server, options.socketPath);
    return instance;
  }

  /** Stops listening, drops open connections and removes the socket file. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    process.off("exit", this.onExit);
    for (const socket of this.connections) socket.destroy();
    this.server.close();
    this.removeSocket();
  }

  private removeSocket(): void {
    try {
      unlinkSync(this.socketPath);
    } catch {
      // Already gone (or replaced by the directory's owner): nothing to clean.
    }
  }

  private accept(socket: Socket, handle: ControlHandler, maxBytes: number): void {
    this.connections.add(socket);
    socket.on("close", () => this.connections.delete(socket));
    socket.on("error", (error) => log.debug("control connection error", error));
    socket.setTimeout(IDLE_TIMEOUT_MS, () => socket.destroy());
    let chunks: Buffer[] = [];
    let size = 0;
    let busy: Promise<void> = Promise.resolve();
    let refused = false;

    const refuse = (message: string) => {
      if (refused) return;
      refused = true;
      log.warn(`control request refused: ${message}`);
      socket.removeAllListeners("data");
      // Reply, then close; the bytes still arriving are dropped with the connection.
      socket.end(encodeControlLine({ v: CONTROL_PROTOCOL_VERSION, ok: false, error: message }));
      setTimeout(() => socket.destroy(), 1000).unref();
    };

    const serve = (line: string) => {
      busy = busy.then(async () => {
        if (refused || socket.destroyed) return;
        let reply: ControlReply;
        try {
          reply = await handle(parseControlRequest(line));
        } catch (error) {
          refuse(
            error instanceof ControlProtocolError
              ? error.message
              : `the pane could not take it: ${(error as Error).message}`,
          );
          if (!(error instanceof ControlProtocolError)) log.error("control handler failed", error);
          return;
        }
        socket.write(encodeControlLine(reply));
      });
    };

    socket.on("data", (data: Buffer) => {
      let start = 0;
      for (;;) {
        const newline = data.indexOf(0x0a, start);
        if (newline === -1) break;
        const part = data.subarray(start, newline);
        if (size + part.length > maxBytes) return refuse(oversized(maxBytes));
        chunks.push(part);
        const line = Buffer.concat(chunks, size + part.length)
          .toString("utf8")
          .replace(/\r$/, "");
        chunks = [];
        size = 0;
        start = newline + 1;
        if (line.trim() !== "") serve(line);
      }
      const rest = data.subarray(start);
      // Refused as soon as the cap is passed, not at the newline: a sender that never ends its line must
      // not make the pane buffer it.
      if (size + rest.length > maxBytes) return refuse(oversized(maxBytes));
      if (rest.length > 0) {
        chunks.push(rest);
        size += rest.length;
      }
    });
  }
}

function oversized(maxBytes: number): string {
  return `message too large: over ${formatBytes(maxBytes)} (attach big files with --file, which the pane reads itself)`;
}

function listen(server: Server, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => {
      server.off("listening", onListening);
      reject(error);
    };
    const onListening = () => {
      server.off("error", onError);
      resolve();
    };
    server.once("error", onError);
    server.once("listening", onListening);
    server.listen(path);
  });
}

/** Whether something accepts connections on `path` (a live pane) rather than a stale file. */
function isAlive(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection(path);
    const done = (alive: boolean) => {
      socket.destroy();
      resolve(alive);
    };
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
    socket.setTimeout(1000, () => done(false));
  });
}
