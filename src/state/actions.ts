import type { ClientEvent } from "../client/events.js";
import type { AgentDeath, ConnectionState, TranscriptItem } from "./view-model.js";

/**
 * Everything that changes the pane state: client events, coalesced stream text from the store, and what the
 * user or the session controller did locally. `at` is the time the store stamped on the action (ms since
 * epoch), so the reducer stays pure while rows still show elapsed times.
 */
export type PaneAction =
  /** A client event other than message/thought chunks (those arrive as `stream-append`). */
  | { readonly type: "client"; readonly event: ClientEvent; readonly at: number }
  /**
   * Coalesced, sanitized text of one stream. `splitPoint` is the stream's safe split point as an index into
   * the whole segment (the store's incremental splitter finds it; 0 when there is none): everything before
   * it moves into the transcript.
   */
  | {
      readonly type: "stream-append";
      readonly stream: "message" | "thought" | "user";
      readonly text: string;
      readonly splitPoint: number;
      readonly at: number;
    }
  /**
   * The first `cut` characters of the message tail are finished wrapped lines of a paragraph still being
   * streamed (`finishedLinesCut` in `markdown/line-commit.ts`): they move into the transcript as a
   * continuation, printed with no paragraph gap before the rest.
   */
  | { readonly type: "stream-lines"; readonly cut: number; readonly at: number }
  | {
      readonly type: "connection";
      readonly state: ConnectionState;
      readonly agentName?: string;
      readonly agentTitle?: string;
      readonly retryAt?: number;
      readonly at: number;
    }
  | {
      readonly type: "session-opened";
      readonly sessionId: string;
      readonly how: "new" | "resume" | "load";
      readonly alias?: string;
      readonly cwd?: string;
      readonly at: number;
    }
  /** The restore replay (if any) is over: whatever it streamed is final. */
  | { readonly type: "session-restored"; readonly at: number }
  /** The user sent a prompt and it goes to the agent now. */
  | {
      readonly type: "prompt-submitted";
      readonly text: string;
      readonly attachments: readonly string[];
      readonly at: number;
    }
  /** The user sent a prompt while a turn runs (or before the session is ready): it waits. */
  | {
      readonly type: "prompt-queued";
      readonly text: string;
      readonly attachments: readonly string[];
      readonly at: number;
    }
  /** Ctrl+S while a turn runs: the prompt goes first in the queue, to be sent once the turn is cancelled. */
  | {
      readonly type: "prompt-steered";
      readonly text: string;
      readonly attachments: readonly string[];
      readonly at: number;
    }
  /** Up on an empty input: the last queued prompt leaves the queue, back into the editor. */
  | { readonly type: "queue-taken-back"; readonly id: number; readonly at: number }
  /** The oldest queued prompt leaves the queue to be sent. */
  | { readonly type: "queue-shifted"; readonly at: number }
  /** Queued prompts go back into the input (after a cancel), so nothing typed is lost. */
  | { readonly type: "queue-to-draft"; readonly at: number }
  /** A prompt that could not be sent goes back into the input. */
  | { readonly type: "draft-restore"; readonly text: string; readonly at: number }
  | { readonly type: "cancel-requested"; readonly at: number }
  | { readonly type: "tool-toggle"; readonly at: number }
  /** Ctrl+R: the focused row's raw fields instead of its output (expanding it), or back. */
  | { readonly type: "tool-raw"; readonly at: number }
  | { readonly type: "tool-focus"; readonly direction: -1 | 1; readonly at: number }
  | { readonly type: "agent-died"; readonly death: AgentDeath; readonly at: number }
  | { readonly type: "delivery-saved"; readonly toolCallId: string; readonly path: string; readonly at: number }
  | { readonly type: "delivery-failed"; readonly toolCallId: string; readonly error: string; readonly at: number }
  | {
      readonly type: "notice";
      readonly level: "info" | "warning" | "error";
      readonly message: string;
      readonly at: number;
    }
  /**
   * An open permission request is being answered from outside the pane (`zc-pane answer`, the tmux popup):
   * its transcript note says so when it settles.
   */
  | { readonly type: "permission-answered-outside"; readonly key: string; readonly at: number }
  /** Ends whatever still streams or runs outside a turn (e.g. before quitting), printing it. */
  | { readonly type: "finalize"; readonly at: number }
  /** `--resume` of a long session: the newest turns are in; the older ones are still being read. */
  | { readonly type: "earlier-pending"; readonly sessionId: string; readonly at: number }
  /**
   * The older turns of that session, replayed on their own: their records go before the transcript's (they
   * are already past the scrollback, never written), their prompts before the input's history.
   */
  | {
      readonly type: "earlier-loaded";
      readonly sessionId: string;
      readonly items: readonly TranscriptItem[];
      readonly prompts: readonly string[];
      readonly at: number;
    };

/** An action without its timestamp (the store adds `at`). */
export type PaneActionInput = PaneAction extends infer A ? (A extends PaneAction ? Omit<A, "at"> : never) : never;
