import { isUtf8 } from "node:buffer";
import { Writable } from "node:stream";
import { WebSocket, type RawData } from "ws";
import { firstPresent, isRecord } from "./json.js";
import { startAgentInstance, type AgentInstance, type DemoAgentSettings } from "./run.js";
import { errorMessage } from "../common/error-message.js";

/** What one gateway connection runs with. */
export interface ConnectionSettings extends DemoAgentSettings {
  readonly log: (line: string) => void;
  /** The connection's `?agent=` (trimmed; undefined when absent or blank): the default alias for `session/new`. */
  readonly defaultAlias: string | undefined;
}

/**
 * Serves one WebSocket connection with its own demo-agent instance (protocol.md §1.2): one JSON-RPC message
 * per frame in both directions, UTF-8 binary frames read like text ones, anything else dropped with a log
 * line. When the socket closes, the instance is shut down like stdio at EOF: in-flight turns are abandoned
 * and not persisted; stored sessions stay loadable from any later connection.
 */
export function serveConnection(socket: WebSocket, settings: ConnectionSettings): void {
  let instance: AgentInstance | undefined;
  let closed = false;
  // Frames that arrive while the instance opens its store are handled, in order, once it is ready.
  const early: string[] = [];
  const deliver = (text: string) => instance!.handleMessage(withDefaultAlias(text, settings.defaultAlias));

  socket.on("message", (data: RawData, isBinary: boolean) => {
    const bytes = toBuffer(data);
    if (isBinary && !isUtf8(bytes)) {
      settings.log(`WARN demo-gateway: dropped a binary frame of ${bytes.length} bytes that is not UTF-8`);
      return;
    }
    const text = bytes.toString("utf8");
    if (instance) deliver(text);
    else early.push(text);
  });
  socket.on("close", () => {
    closed = true;
    void instance?.shutdown();
  });
  socket.on("error", (error) => settings.log(`WARN demo-gateway: connection error: ${error.message}`));

  startAgentInstance({
    stateDir: settings.stateDir,
    sessionTimeoutSecs: settings.sessionTimeoutSecs,
    maxSessions: settings.maxSessions,
    output: new FrameWriter(socket),
    log: settings.log,
    // The gateway has no reaper (§11.3): sessions live until the socket closes.
    reaper: false,
    // A panicking connection task drops its socket; the gateway and its other connections live on.
    onCrash: () => socket.terminate(),
  }).then(
    (started) => {
      instance = started;
      if (closed) {
        void started.shutdown();
        return;
      }
      for (const text of early.splice(0)) deliver(text);
    },
    (error: unknown) => {
      settings.log(`ERROR demo-gateway: could not start a server instance: ${errorMessage(error)}`);
      socket.close(1011, "internal error");
    },
  );
}

/**
 * The demo's server core takes a connection default alias the way ZeroClaw resolves one (§4: explicit
 * param, then `?agent=`, then `[acp].default_agent`): when a `session/new` names no usable alias (absent,
 * not a string, or blank), the connection's alias is put in as `agentAlias`. Anything else, including a
 * frame that is not JSON, passes through untouched, so errors stay the core's.
 */
export function withDefaultAlias(text: string, alias: string | undefined): string {
  if (alias === undefined || !text.includes("session/new")) return text;
  let message: unknown;
  try {
    message = JSON.parse(text);
  } catch {
    return text;
  }
  if (!isRecord(message) || message["method"] !== "session/new") return text;
  const params = message["params"];
  const requested = firstPresent(params, ["agentAlias", "agent_alias", "agent"]);
  if (typeof requested === "string" && requested.trim() !== "") return text;
  return JSON.stringify({ ...message, params: { ...(isRecord(params) ? params : {}), agentAlias: alias } });
}

/**
 * The output stream of one connection's instance. The instance's writer hands over `\n`-terminated batches
 * of messages; each message becomes one text frame, without its newline (§1.2). The write completes when
 * the last frame of the batch is on the socket, so a slow client slows the producer down (backpressure),
 * as a full stdout pipe does.
 */
class FrameWriter extends Writable {
  constructor(private readonly socket: WebSocket) {
    super({ decodeStrings: false, highWaterMark: 256 * 1024 });
  }

  override _write(chunk: string | Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    // Nobody to send to any more: drop quietly, as ZeroClaw's writer does once the socket is gone.
    if (this.socket.readyState !== WebSocket.OPEN) {
      callback();
      return;
    }
    const messages = (typeof chunk === "string" ? chunk : chunk.toString("utf8"))
      .split("\n")
      .filter((message) => message !== "");
    const last = messages.pop();
    if (last === undefined) {
      callback();
      return;
    }
    for (const message of messages) this.socket.send(message);
    this.socket.send(last, (error) => callback(error ?? null));
  }
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  if (Array.isArray(data)) return Buffer.concat(data);
  return Buffer.from(data);
}
