import type { ClientEvent } from "../../client/events.js";
import type { PendingPermission } from "../../client/permission-queue.js";
import type { DeliveryOutcome } from "../delivered-files.js";
import { JournalWriter, type JournalWriterOptions } from "./journal.js";
import { SessionIndex } from "./session-index.js";
import { sessionTitle, timeOf, type SessionEntry, type SessionFields } from "./session-entry.js";
import { errorMessage } from "../../common/error-message.js";
import { modelChoiceOf } from "../settings-actions.js";

/** What {@link SessionRecorder.open} needs to know about the session and where to write. */
export interface SessionRecorderOptions {
  /** `stateDir()` from `src/config/paths.ts` (tests pass a temp dir). */
  readonly stateDir: string;
  /**
   * The session as opened. `agent` and `transport` come from `describeConnection(connection)`. `title` may
   * be the first prompt's full text when it is already known (it is cut to the title here); leave it out
   * and the first {@link SessionRecorder.recordPrompt} sets it.
   */
  readonly session: Omit<SessionFields, "title" | "created"> & { readonly title?: string };
  /** Told once per kind of problem (index not writable, journal full or not writable). Never fatal. */
  readonly onWarning?: (message: string) => void;
  /** Size cap (config.json `maxJournalBytes`) and flush delay (tests) of the journal. */
  readonly journal?: Pick<JournalWriterOptions, "maxBytes" | "flushDelayMs">;
  readonly now?: () => Date;
}

/**
 * Records one session on disk as it happens: its entry in the session index, and its transcript journal
 * (design.md §5). Feed it the client's events ({@link handleEvent}, e.g. `client.subscribe(recorder.handleEvent)`)
 * and the user's prompts ({@link recordPrompt}). Nothing here ever throws or blocks a turn: a disk problem
 * becomes one warning and the session goes on unrecorded.
 */
export class SessionRecorder {
  private entry: SessionEntry;
  private saving: Promise<void> | undefined;
  private dirty = false;
  private indexWarned = false;
  /** This session's open permission requests by key, journaled once answered. */
  private readonly permissions = new Map<string, PendingPermission>();
  private readonly index: SessionIndex;
  private readonly now: () => Date;

  private constructor(
    entry: SessionEntry,
    private readonly journal: JournalWriter | undefined,
    private readonly options: SessionRecorderOptions,
  ) {
    this.entry = entry;
    this.index = new SessionIndex(options.stateDir, options.onWarning ? { onWarning: options.onWarning } : {});
    this.now = options.now ?? (() => new Date());
  }

  /**
   * Records the session in the index (merged with what is there: a resumed session keeps its title and
   * creation time) and opens its journal, appending to an existing one. Resolves even when the disk
   * refuses, after a warning.
   */
  static async open(options: SessionRecorderOptions): Promise<SessionRecorder> {
    const now = (options.now ?? (() => new Date()))().toISOString();
    const { title, ...session } = options.session;
    let entry: SessionEntry = { ...session, title: title ? sessionTitle(title) : "", created: now, lastActivity: now };
    let indexError: unknown;
    try {
      entry = await new SessionIndex(
        options.stateDir,
        options.onWarning ? { onWarning: options.onWarning } : {},
      ).record(entry);
    } catch (error) {
      indexError = error;
    }
    let journal: JournalWriter | undefined;
    try {
      const { lastActivity: _unused, ...fields } = entry;
      journal = JournalWriter.open(options.stateDir, fields, {
        ...options.journal,
        ...(options.onWarning ? { onWarning: options.onWarning } : {}),
      });
    } catch (error) {
      options.onWarning?.(
        `could not open the transcript journal (${(error as Error).message}); this session's messages are not saved locally`,
      );
    }
    const recorder = new SessionRecorder(entry, journal, options);
    if (indexError !== undefined) recorder.warnIndex(indexError);
    return recorder;
  }

  /** The session's index entry as this recorder knows it. */
  get session(): SessionEntry {
    return this.entry;
  }

  /** The journal file, when it could be opened. */
  get journalPath(): string | undefined {
    return this.journal?.path;
  }

  /** Takes every client event; keeps this session's updates, turn ends and failures. */
  readonly handleEvent = (event: ClientEvent): void => {
    switch (event.type) {
      case "update":
        if (event.sessionId !== this.entry.id) return;
        this.journal?.appendUpdate(event.update);
        if (event.update.sessionUpdate === "session_info_update") this.recordInfo(event.update);
        return;
      case "turn-ended":
        if (event.sessionId !== this.entry.id) return;
        this.journal?.appendTurnEnd(event.stopReason, event.finalText);
        this.touch();
        return;
      case "turn-failed":
        if (event.sessionId !== this.entry.id) return;
        this.journal?.appendTurnFailed(event.message);
        this.touch();
        return;
      case "permission-requested":
        if (event.request.sessionId === this.entry.id) this.permissions.set(event.request.key, event.request);
        return;
      case "permission-settled": {
        const request = this.permissions.get(event.key);
        if (!request) return;
        this.permissions.delete(event.key);
        this.journal?.appendPermission(request, event.outcome);
        return;
      }
      case "session-settings":
        if (event.sessionId === this.entry.id) this.recordModel(modelChoiceOf(event.settings)?.current);
        return;
      case "disconnected":
        this.journal?.flush();
        return;
      default:
        return;
    }
  };

  /**
   * A prompt the user sent (call it when the prompt goes to the agent, before `client.prompt`): journaled
   * at once; the first one gives the session its title.
   */
  recordPrompt(text: string, attachments: readonly string[] = []): void {
    this.journal?.appendPrompt(text, attachments);
    if (this.entry.title === "") this.entry = { ...this.entry, title: sessionTitle(text) };
    this.touch();
  }

  /**
   * The agent's `session_info_update`: its title (cleared by `null`) goes into the index, which listings
   * show; its `updatedAt`, when later than what is recorded, becomes the last activity.
   */
  private recordInfo(update: { readonly title?: string | null; readonly updatedAt?: string | null }): void {
    let entry = this.entry;
    if (update.title !== undefined)
      entry = { ...entry, titleFromAgent: update.title ? sessionTitle(update.title) : "" };
    if (update.updatedAt && timeOf(update.updatedAt) > timeOf(entry.lastActivity))
      entry = { ...entry, lastActivity: new Date(timeOf(update.updatedAt)).toISOString() };
    if (entry === this.entry) return;
    this.entry = entry;
    this.saveIndex();
  }

  /** The session's current model, kept in the index so that `--resume` can set it again. */
  private recordModel(model: string | undefined): void {
    if (model === undefined || model === this.entry.model) return;
    this.entry = { ...this.entry, model };
    this.saveIndex();
  }

  /** Call before `session/load` or `session/resume`: the updates that follow are the agent's restore. */
  beginRestore(how: "load" | "resume"): void {
    this.journal?.appendRestore(how);
  }

  /** Call when the load or resume has answered. */
  endRestore(): void {
    this.journal?.appendRestored();
  }

  /** Where a file the agent delivered in this session was saved, or why it was not. */
  recordDelivery(sessionId: string, outcome: DeliveryOutcome): void {
    if (sessionId === this.entry.id) this.journal?.appendDelivery(outcome);
  }

  /** Writes what the journal buffers now. */
  flush(): void {
    this.journal?.flush();
  }

  /** Flushes and closes the journal, and waits for the index to be up to date. */
  async close(): Promise<void> {
    this.journal?.close();
    await this.saving;
  }

  private touch(): void {
    const now = this.now().toISOString();
    if (timeOf(now) > timeOf(this.entry.lastActivity)) this.entry = { ...this.entry, lastActivity: now };
    this.saveIndex();
  }

  /** Writes the entry to the index, one write at a time; changes made meanwhile go in the next write. */
  private saveIndex(): void {
    this.dirty = true;
    if (this.saving) return;
    this.saving = (async () => {
      while (this.dirty) {
        this.dirty = false;
        try {
          const merged = await this.index.record(this.entry);
          // Keep what changed here while the write was under way; adopt what another process knew.
          const titleFromAgent = this.entry.titleFromAgent ?? merged.titleFromAgent;
          const model = this.entry.model ?? merged.model;
          this.entry = {
            ...merged,
            title: merged.title || this.entry.title,
            ...(titleFromAgent !== undefined ? { titleFromAgent } : {}),
            ...(model !== undefined ? { model } : {}),
            lastActivity:
              timeOf(this.entry.lastActivity) > timeOf(merged.lastActivity)
                ? this.entry.lastActivity
                : merged.lastActivity,
          };
        } catch (error) {
          this.warnIndex(error);
        }
      }
    })().finally(() => {
      this.saving = undefined;
    });
  }

  private warnIndex(error: unknown): void {
    if (this.indexWarned) return;
    this.indexWarned = true;
    this.options.onWarning?.(`could not record the session in ${this.index.path} (${errorMessage(error)})`);
  }
}
