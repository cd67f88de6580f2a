import { readAttachment } from "../client/attachments.js";
import { ClientError } from "../client/errors.js";
import { createLogger } from "../log/logger.js";
import type { ContentBlock } from "../protocol/index.js";
import type { PaneStore } from "./pane-store.js";
import type { Connection } from "./session-lifecycle.js";
import type { SessionRecording } from "./session-recording.js";

const log = createLogger("pane.session");

/** What the dispatcher needs to know of the session's lifecycle (a {@link SessionLifecycle} in the pane). */
export interface DispatchTarget {
  readonly connection: Connection | undefined;
  readonly sessionId: string | undefined;
  /** Open (or restored) and not switching: a prompt may go out now. */
  readonly ready: boolean;
  readonly quitting: boolean;
  /** A dropped socket is being reconnected: the cut turn is no change of course. */
  readonly reconnecting: boolean;
}

export interface PromptDispatcherOptions {
  readonly store: PaneStore;
  readonly cwd: string;
  readonly session: DispatchTarget;
  readonly recording?: SessionRecording;
  /** Reads an attachment (in-memory captures from `zc-pane send` stand in for files). */
  readonly readAttachment?: typeof readAttachment;
}

/**
 * The prompt queue and its dispatch: a prompt goes out when the session is ready and no turn runs, else it
 * waits in the store's queue; each finished turn sends the next one, and a cancelled or failed turn brings
 * the queue back into the input instead.
 */
export class PromptDispatcher {
  private busy = false;

  constructor(private readonly options: PromptDispatcherOptions) {}

  /** Whether a prompt is on its way or a turn runs. */
  get turnRunning(): boolean {
    return this.busy;
  }

  /** A prompt from the input: sent now, or queued while a turn runs or the session opens. */
  submit(text: string, attachments: readonly string[]): void {
    if (this.busy || !this.options.session.ready) {
      this.options.store.dispatch({ type: "prompt-queued", text, attachments });
      return;
    }
    void this.send(text, attachments);
  }

  /** Esc: cancels the running turn (open permission requests are answered `cancelled` by the client). */
  cancel(): boolean {
    const { connection, sessionId } = this.options.session;
    if (!this.busy || !sessionId || !connection) return false;
    this.options.store.dispatch({ type: "cancel-requested" });
    connection.client.cancel(sessionId);
    return true;
  }

  /**
   * Steers the running turn: `text` is queued ahead of the rest and goes out once the agent confirms the
   * cancel; empty `text` steers the oldest queued prompt in. Only while a turn runs.
   */
  steer(text: string, attachments: readonly string[]): void {
    const { store } = this.options;
    if (text) {
      store.dispatch({ type: "prompt-steered", text, attachments });
    } else {
      const oldest = store.getState().queue[0];
      if (!oldest) return;
      store.dispatch({ type: "queue-taken-back", id: oldest.id });
      store.dispatch({ type: "prompt-steered", text: oldest.text, attachments: oldest.attachments });
    }
    this.cancel();
  }

  /** The session is (again) ready: the first queued prompt goes out, if any. */
  sendNextQueued(): void {
    if (this.busy || !this.options.session.ready || this.options.session.quitting) return;
    const next = this.options.store.getState().queue[0];
    if (!next) return;
    this.options.store.dispatch({ type: "queue-shifted" });
    void this.send(next.text, next.attachments);
  }

  /** The connection is gone: no turn runs on it any more. */
  connectionGone(): void {
    this.busy = false;
  }

  private async send(text: string, attachmentPaths: readonly string[]): Promise<void> {
    const { connection, sessionId } = this.options.session;
    const { store, cwd } = this.options;
    if (!connection || !sessionId) {
      store.dispatch({ type: "prompt-queued", text, attachments: attachmentPaths });
      return;
    }
    this.busy = true;
    let cancelled: boolean;
    try {
      // Attachments are read before anything is sent: one over 10 MiB refuses the whole prompt (design.md §2).
      const read = this.options.readAttachment ?? readAttachment;
      const attachments = await Promise.all(
        attachmentPaths.map((path) => read(path, connection.agent.promptCapabilities, cwd)),
      );
      const blocks: ContentBlock[] = [{ type: "text", text }, ...attachments.map((attachment) => attachment.block)];
      store.dispatch({ type: "prompt-submitted", text, attachments: attachmentPaths });
      this.options.recording?.recordPrompt(text, attachmentPaths);
      const result = await connection.client.prompt(sessionId, blocks);
      cancelled = result.stopReason === "cancelled";
    } catch (error) {
      if (error instanceof ClientError && error.code === "attachment") {
        store.dispatch({ type: "notice", level: "error", message: `${error.message}` });
        store.dispatch({ type: "draft-restore", text });
      } else {
        // The client already reported the failure as a turn-failed event (shown as an error row).
        log.warn("the prompt failed", error);
      }
      cancelled = true;
    } finally {
      this.busy = false;
    }
    // After a cancel or a failure the user is changing course: queued prompts come back into the input
    // rather than going out unseen, unless the cancel was a steer (Ctrl+S), whose prompt goes out now.
    // A turn cut by a dropped socket is no change of course: its queue goes out once the session is back.
    const steered = store.getState().queue[0]?.steer === true;
    if (cancelled && !steered && !this.options.session.reconnecting) store.dispatch({ type: "queue-to-draft" });
    else this.sendNextQueued();
  }
}
