import { formatBytes } from "../common/format.js";
import { createConnection } from "node:net";
import { checkPrivateSocket, UnsafeControlPathError } from "./private-dir.js";
import {
  ControlProtocolError,
  encodeControlLine,
  MAX_CONTROL_MESSAGE_BYTES,
  parseControlReply,
  type ControlReply,
} from "./protocol.js";

/** A `pending` reply carries the requests' diffs, as large as a request; anything bigger is not our pane. */
const MAX_REPLY_BYTES = MAX_CONTROL_MESSAGE_BYTES;

/** Why a request could not be delivered, with the message `zc-pane send` prints. */
export class ControlConnectError extends Error {
  override readonly name = "ControlConnectError";
  constructor(
    message: string,
    /** `not-running`: nothing listens there (exit 1 with a hint to open the pane). */
    readonly code: "not-running" | "unsafe" | "too-large" | "timeout" | "failed",
  ) {
    super(message);
  }
}

/** Options of {@link sendControlRequest}. */
export interface ControlRequestOptions {
  /** Keep retrying a missing or refusing socket this long (a pane that was just opened is still starting). */
  readonly waitMs?: number;
  /** How long the pane may take to answer once connected. */
  readonly replyTimeoutMs?: number;
  /** What the pane is called in messages (`tmux pane %3`). */
  readonly label?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends one request to the pane listening on `socketPath` and returns its reply. Checks that the socket and
 * its directory are ours first. A socket that does not exist or refuses connections is reported as "not
 * running" (after `waitMs` of retries).
 */
export async function sendControlRequest(
  socketPath: string,
  request: object,
  options: ControlRequestOptions = {},
): Promise<ControlReply> {
  const line = encodeControlLine(request);
  if (Buffer.byteLength(line) > MAX_CONTROL_MESSAGE_BYTES) {
    throw new ControlConnectError(
      `the message is ${formatBytes(Buffer.byteLength(line))}, over the pane's 16 MiB limit; attach large content with --file instead`,
      "too-large",
    );
  }
  const label = options.label ?? socketPath;
  const deadline = Date.now() + (options.waitMs ?? 0);
  for (;;) {
    try {
      checkPrivateSocket(socketPath);
      return await exchange(socketPath, line, options.replyTimeoutMs ?? 10_000);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const missing = code === "ENOENT" || code === "ECONNREFUSED";
      if (missing && Date.now() < deadline) {
        await sleep(100);
        continue;
      }
      if (missing) {
        throw new ControlConnectError(
          `no zc-pane is running in ${label} (${code === "ENOENT" ? "no control socket" : "stale control socket"} at ${socketPath})`,
          "not-running",
        );
      }
      if (error instanceof UnsafeControlPathError) throw new ControlConnectError(error.message, "unsafe");
      if (error instanceof ControlConnectError) throw error;
      if (error instanceof ControlProtocolError) throw new ControlConnectError(error.message, "failed");
      throw new ControlConnectError(`could not reach the pane in ${label}: ${(error as Error).message}`, "failed");
    }
  }
}

function exchange(socketPath: string, line: string, replyTimeoutMs: number): Promise<ControlReply> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(socketPath);
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const finish = (result: ControlReply | Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const timer = setTimeout(
      () => finish(new ControlConnectError(`the pane did not answer within ${replyTimeoutMs / 1000} s`, "timeout")),
      replyTimeoutMs,
    );
    socket.once("connect", () => socket.write(line));
    socket.on("data", (data: Buffer) => {
      chunks.push(data);
      size += data.length;
      const all = Buffer.concat(chunks, size);
      const newline = all.indexOf(0x0a);
      if (newline !== -1) {
        try {
          finish(parseControlReply(all.subarray(0, newline).toString("utf8")));
        } catch (error) {
          finish(error as Error);
        }
      } else if (size > MAX_REPLY_BYTES) {
        finish(new ControlConnectError("the pane's answer is too large to be a reply", "failed"));
      }
    });
    // A refused request is answered and then closed: the reply may arrive together with the close.
    socket.once("end", () =>
      finish(new ControlConnectError("the pane closed the connection without answering", "failed")),
    );
    socket.once("error", (error) => finish(error));
  });
}
