import { basename } from "node:path";
import type { ClientEvent } from "../client/events.js";
import type { DeliveryOutcome } from "./delivered-files.js";
import { SessionRecorder, type SessionRecorderOptions } from "./persistence/session-recorder.js";

/** What the pane records about its sessions: {@link PaneRecording} in production, nothing in most tests. */
export interface SessionRecording {
  /** Keeps what arrives until {@link open} or {@link discard} (a session is being opened or restored). */
  hold(): void;
  discard(): void;
  /** Records `sessionId` from now on (closing another one's recording), with what was held; resolves once its files are open. */
  open(sessionId: string): Promise<void>;
  /** Every client event (subscribe it to each client the pane connects). */
  readonly handleEvent: (event: ClientEvent) => void;
  /** The agent's own name (`initialize`), recorded with the sessions opened from now on. */
  describeAgent(title: string): void;
  beginRestore(how: "load" | "resume"): void;
  endRestore(): void;
  /** A prompt that goes to the agent now; attachments are paths (only their names are kept). */
  recordPrompt(text: string, attachments: readonly string[]): void;
  /** Where a delivered file was saved, or why it was not. */
  recordDelivery(sessionId: string, outcome: DeliveryOutcome): void;
  close(): Promise<void>;
}

/** Options of {@link PaneRecording}: the recorder's, without the session id (known only once opened). */
export interface PaneRecordingOptions extends Omit<SessionRecorderOptions, "session"> {
  readonly session: Omit<SessionRecorderOptions["session"], "id" | "title">;
}

/**
 * The pane's session index entry and transcript journal (design.md §5), one {@link SessionRecorder} per
 * session the pane shows. Events that arrive while the recorder's files are being opened (ZeroClaw sends
 * its commands right after `session/new`) wait and are written once it is open, so none are lost.
 */
export class PaneRecording implements SessionRecording {
  private recorder: SessionRecorder | undefined;
  /** What waits for {@link open} after {@link hold}: events, restore marks, prompts, in order. */
  private held: ((recorder: SessionRecorder) => void)[] | undefined;
  private opening: Promise<void> | undefined;
  private agentTitle: string | undefined;

  constructor(private readonly options: PaneRecordingOptions) {}

  /** The session being recorded. */
  get sessionId(): string | undefined {
    return this.recorder?.session.id;
  }

  /**
   * Keeps what arrives from now on until {@link open} says which session it belongs to. Used before a
   * session is opened or restored: a restore that fails (an unknown id) must leave no entry in the index,
   * so the recorder is opened only once the agent has said yes.
   */
  hold(): void {
    this.held ??= [];
  }

  /** Drops what {@link hold} kept (the restore failed). */
  discard(): void {
    this.held = undefined;
  }

  async open(sessionId: string): Promise<void> {
    const opened = (async () => {
      if (this.recorder?.session.id !== sessionId) {
        const previous = this.recorder;
        this.recorder = undefined;
        await previous?.close();
        this.recorder = await SessionRecorder.open({
          ...this.options,
          session: {
            ...this.options.session,
            id: sessionId,
            ...(this.agentTitle ? { agentTitle: this.agentTitle } : {}),
          },
        });
      }
      const held = this.held ?? [];
      this.held = undefined;
      for (const step of held) step(this.recorder!);
    })();
    this.opening = opened;
    try {
      await opened;
    } finally {
      if (this.opening === opened) this.opening = undefined;
    }
  }

  readonly handleEvent = (event: ClientEvent): void => {
    this.step((recorder) => recorder.handleEvent(event));
  };

  describeAgent(title: string): void {
    this.agentTitle = title;
  }

  beginRestore(how: "load" | "resume"): void {
    this.step((recorder) => recorder.beginRestore(how));
  }

  endRestore(): void {
    this.step((recorder) => recorder.endRestore());
  }

  recordPrompt(text: string, attachments: readonly string[]): void {
    const names = attachments.map((path) => basename(path));
    this.step((recorder) => recorder.recordPrompt(text, names));
  }

  recordDelivery(sessionId: string, outcome: DeliveryOutcome): void {
    this.step((recorder) => recorder.recordDelivery(sessionId, outcome));
  }

  async close(): Promise<void> {
    await this.opening?.catch(() => undefined);
    await this.recorder?.close();
  }

  private step(run: (recorder: SessionRecorder) => void): void {
    if (this.held) this.held.push(run);
    else if (this.recorder) run(this.recorder);
  }
}
