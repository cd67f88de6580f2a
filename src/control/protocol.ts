/**
 * The control protocol between `zc-pane send` and a running pane: one JSON object per line over the pane's
 * Unix socket, each carrying a version `v`; the pane answers every request with one reply line. Nothing here
 * does I/O.
 */
import * as z from "zod";
import { PermissionOutcomeSchema, type PermissionOption, type PermissionToolCall } from "../protocol/index.js";

/** The version this build speaks; a request with another version is refused with a message, not guessed at. */
export const CONTROL_PROTOCOL_VERSION = 1;

/**
 * 16 MiB per message: room for the 10 MiB an attachment may weigh (design.md §7) once JSON-escaped, while a
 * runaway writer (`cat /dev/urandom | nc -U`) is cut off long before it can take the pane's memory.
 */
export const MAX_CONTROL_MESSAGE_BYTES = 16 * 1024 * 1024;

/** Text sent as an attached resource (a tmux capture, stdin), with where it came from. */
export const sentResourceSchema = z.object({
  /** Names the source honestly (`tmux://pane/3`, `stdin:`): the agent must not take it for a file it can read. */
  uri: z.string().min(1).max(4096),
  mimeType: z.string().min(1).max(255).optional(),
  text: z.string(),
});

/** A text resource handed to the pane. */
export type SentResource = z.infer<typeof sentResourceSchema>;

/** `send`: text for the input (not sent to the agent: the user edits and sends it), and attachments. */
export const sendRequestSchema = z.object({
  v: z.number(),
  type: z.literal("send"),
  text: z.string().default(""),
  /** Absolute paths; the pane reads them when the prompt goes out, as it does for `@path`. */
  files: z.array(z.string().min(1).max(4096)).max(64).default([]),
  resources: z.array(sentResourceSchema).max(64).default([]),
});

/** `ping`: is a pane listening here, and which. */
export const pingRequestSchema = z.object({ v: z.number(), type: z.literal("ping") });

/** `pending`: the permission requests waiting in this pane, oldest first. */
export const pendingRequestSchema = z.object({ v: z.number(), type: z.literal("pending") });

/**
 * `answer`: decides one waiting request. `key` and `receivedAt` together name it (a restarted agent reuses
 * JSON-RPC ids, so the key alone could name a newer request than the one the sender saw).
 */
export const answerRequestSchema = z.object({
  v: z.number(),
  type: z.literal("answer"),
  key: z.string().min(1).max(4096),
  receivedAt: z.number(),
  outcome: PermissionOutcomeSchema,
});

/** Why an `answer` was refused when its request was settled before it arrived. */
export const NO_LONGER_WAITING = "that request is no longer waiting (answered, cancelled or withdrawn meanwhile)";

/** A request the pane understands. */
export const controlRequestSchema = z.discriminatedUnion("type", [
  sendRequestSchema,
  pingRequestSchema,
  pendingRequestSchema,
  answerRequestSchema,
]);

/** A valid `send` request. */
export type SendRequest = z.infer<typeof sendRequestSchema>;
/** A valid `answer` request. */
export type AnswerRequest = z.infer<typeof answerRequestSchema>;
/** Any valid request. */
export type ControlRequest = z.infer<typeof controlRequestSchema>;

/** What the pane says about itself in a reply. */
export interface PaneInfo {
  readonly pid: number;
  readonly sessionId?: string;
  readonly cwd: string;
  /** The multiplexer's id of the pane (`%3` in tmux, `2` in zellij), for `answer --pane`. */
  readonly paneId?: string;
  /** How messages name the pane (`tmux pane %3`). */
  readonly label?: string;
  /** The agent's name as the header shows it (unsanitized: whoever prints it sanitizes it). */
  readonly agent?: string;
}

/** A permission request waiting in a pane, as `pending` lists it: what the modal needs to show it. */
export interface WaitingRequest {
  readonly key: string;
  readonly receivedAt: number;
  readonly sessionId: string;
  readonly toolCall: PermissionToolCall;
  readonly options: readonly PermissionOption[];
}

/** The pane's answer to one request. */
export type ControlReply =
  | {
      readonly v: number;
      readonly ok: true;
      readonly pane: PaneInfo;
      readonly attached?: number;
      /** `pending`'s answer. */
      readonly requests?: readonly WaitingRequest[];
    }
  | { readonly v: number; readonly ok: false; readonly error: string };

/** A request refused, with the message the sender shows the user. */
export class ControlProtocolError extends Error {
  override readonly name = "ControlProtocolError";
}

/**
 * Parses one request line. Throws {@link ControlProtocolError} with a message naming what was wrong: not
 * JSON, not an object, another protocol version, an unknown type, or a field of the wrong shape.
 */
export function parseControlRequest(line: string): ControlRequest {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new ControlProtocolError("not a JSON message: the control socket takes one JSON object per line");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ControlProtocolError("not a JSON object: the control socket takes one JSON object per line");
  }
  const version = (value as { v?: unknown }).v;
  if (version !== CONTROL_PROTOCOL_VERSION) {
    throw new ControlProtocolError(
      version === undefined
        ? `missing protocol version "v" (this pane speaks ${CONTROL_PROTOCOL_VERSION})`
        : `unsupported protocol version ${JSON.stringify(version)} (this pane speaks ${CONTROL_PROTOCOL_VERSION}): use the zc-pane that runs the pane`,
    );
  }
  const parsed = controlRequestSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? ` at ${issue.path.join(".")}` : "";
    throw new ControlProtocolError(`malformed request${where}: ${issue?.message ?? "invalid"}`);
  }
  return parsed.data;
}

/** One reply or request as a line (JSON plus the newline). */
export function encodeControlLine(message: object): string {
  return `${JSON.stringify(message)}\n`;
}

/** Parses the pane's reply line; a reply that makes no sense is reported as such. */
export function parseControlReply(line: string): ControlReply {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new ControlProtocolError("the pane answered with something that is not JSON");
  }
  if (typeof value !== "object" || value === null)
    throw new ControlProtocolError("the pane answered with something that is not a JSON object");
  const reply = value as { ok?: unknown; error?: unknown };
  if (reply.ok === true) return value as ControlReply;
  if (reply.ok === false && typeof reply.error === "string") return value as ControlReply;
  throw new ControlProtocolError("the pane's answer has no ok/error field");
}
