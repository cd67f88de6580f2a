import type { SessionUpdate } from "../protocol/index.js";
import type { TransportClose, TransportProblem } from "../transport/transport.js";
import type { PendingPermission } from "./permission-queue.js";
import type { SessionSettings } from "./session-settings.js";

/**
 * How a terminal's process ended: `exitCode` for a normal exit, `signal` (e.g. `SIGTERM`) when killed. A type
 * alias rather than an interface so it is assignable to the protocol's open (index-signature) result types.
 */
export type TerminalExit = {
  readonly exitCode: number | null;
  readonly signal: string | null;
};

/**
 * Everything the client core tells its consumers (the pane's store, `zc-pane prompt`, the journal). The UI
 * never sees JSON-RPC: only these typed events.
 */
export type ClientEvent =
  /** A `session/update`, parsed leniently (unknown kinds arrive as the `unsupported` case). */
  | { readonly type: "update"; readonly sessionId: string; readonly update: SessionUpdate }
  | { readonly type: "turn-started"; readonly sessionId: string; readonly turnId: number }
  /**
   * The turn's result. `finalText` is ZeroClaw's `content` when it adds something the stream did not
   * show (protocol.md §5.2: shown after the streamed text only when it differs).
   */
  | {
      readonly type: "turn-ended";
      readonly sessionId: string;
      readonly turnId: number;
      readonly stopReason: string;
      readonly finalText?: string;
    }
  | { readonly type: "turn-failed"; readonly sessionId: string; readonly turnId: number; readonly message: string }
  | { readonly type: "permission-requested"; readonly request: PendingPermission }
  | { readonly type: "permission-settled"; readonly key: string; readonly outcome: string }
  /** Something the user should know that is not an error of the turn (a session restored, a skipped line). */
  | {
      readonly type: "notice";
      readonly level: "info" | "warning" | "error";
      readonly message: string;
      readonly sessionId?: string;
    }
  | { readonly type: "problem"; readonly problem: TransportProblem }
  | {
      readonly type: "history-trimmed";
      readonly sessionId: string;
      readonly droppedMessages: number;
      readonly keptTurns: number;
      readonly reason: string;
    }
  | { readonly type: "unknown-notification"; readonly method: string }
  /**
   * The agent wrote a file through `fs/write_text_file` (already on disk). `created`: the file did not exist
   * (no old text). An overwrite carries `oldText` unless the old file was over the 10 MiB diff cap. `path`
   * is absolute as the agent named it. Both texts are file content: sanitize before rendering.
   */
  | {
      readonly type: "file-written";
      readonly sessionId: string;
      readonly path: string;
      readonly created: boolean;
      readonly oldText?: string;
      readonly newText: string;
    }
  /** `terminal/create` started a command; tool rows embedding `{type:"terminal", terminalId}` show it. */
  | {
      readonly type: "terminal-created";
      readonly sessionId: string;
      readonly terminalId: string;
      readonly command: string;
      readonly args: readonly string[];
      readonly cwd: string;
    }
  /**
   * New output of a terminal since the previous event (stdout and stderr merged), at most ~10 per second per
   * terminal. Append `chunk`; under a flood it is only the tail of what arrived, and `droppedBytes` says how
   * much before it never made it into an event. Raw process output: sanitize it.
   */
  | {
      readonly type: "terminal-output";
      readonly sessionId: string;
      readonly terminalId: string;
      readonly chunk: string;
      readonly droppedBytes: number;
    }
  /** The terminal's command exited; its last output event comes before this one. */
  | {
      readonly type: "terminal-exited";
      readonly sessionId: string;
      readonly terminalId: string;
      readonly exitStatus: TerminalExit;
    }
  /** The agent released the terminal (or its session closed): its id is gone, its output should stay shown. */
  | { readonly type: "terminal-released"; readonly sessionId: string; readonly terminalId: string }
  /**
   * A session's modes, config options, legacy models or usage changed (from its `session/new`, `load` or
   * `resume` result, an update, or a `set_*` call): the whole current set, as `client.sessionSettings(id)`.
   * Sent after the `update` event that caused it, if any.
   */
  | { readonly type: "session-settings"; readonly sessionId: string; readonly settings: SessionSettings }
  | { readonly type: "disconnected"; readonly close: TransportClose };

export type ClientEventListener = (event: ClientEvent) => void;
