import type { SessionUpdate } from "../protocol/index.js";
import type { TransportClose, TransportProblem } from "../transport/transport.js";
import type { PendingPermission } from "./permission-queue.js";

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
  | { readonly type: "notice"; readonly level: "info" | "warning" | "error"; readonly message: string; readonly sessionId?: string }
  | { readonly type: "problem"; readonly problem: TransportProblem }
  | { readonly type: "history-trimmed"; readonly sessionId: string; readonly droppedMessages: number; readonly keptTurns: number; readonly reason: string }
  | { readonly type: "unknown-notification"; readonly method: string }
  | { readonly type: "disconnected"; readonly close: TransportClose };

export type ClientEventListener = (event: ClientEvent) => void;
