import { withTimeout } from "../common/timeout.js";
import type { AcpClient } from "../client/acp-client.js";
import type { AgentInfo } from "../client/agent-info.js";
import { readAttachment } from "../client/attachments.js";
import { ClientError } from "../client/errors.js";
import type { ClientEvent } from "../client/events.js";
import type { BackoffOptions } from "../client/reconnect/backoff.js";
import { Reconnector, shouldReconnect } from "../client/reconnect/reconnector.js";
import { createLogger } from "../log/logger.js";
import type { ContentBlock } from "../protocol/index.js";
import { deliveryWatcher } from "./delivered-files.js";
import type { PaneStore } from "./pane-store.js";
import { PermissionRelay } from "./permission-relay.js";
import { restoreSession, type RestoreMode } from "./restore.js";
import type { SessionRecording } from "./session-recording.js";
import { exportTranscript, runLocalCommand } from "./local-commands.js";
import {
  chooseModel as chooseAgentModel,
  cycleMode as cycleAgentMode,
  modelChoiceOf,
  type ModelChoice,
  type SettingsNotify,
} from "./settings-actions.js";
import { parseLocalCommand, type LocalCommand } from "./slash-commands.js";

const log = createLogger("pane.session");

/** How long quitting waits for `session/close` before giving up on a hung agent. */
const CLOSE_TIMEOUT_MS = 3000;

/** A connected, initialized client (what `src/cli/connect.ts` returns). */
export interface Connection {
  readonly client: AcpClient;
  readonly agent: AgentInfo;
}

/** How the pane ended: the CLI prints the resume command for all of them. */
export type QuitReason = "quit" | "closed" | "stopped";

/** Options of {@link SessionController}. */
export interface SessionControllerOptions {
  readonly store: PaneStore;
  /** Starts the agent and runs `initialize`; called again by {@link SessionController.restart}. */
  readonly connect: () => Promise<Connection>;
  readonly cwd: string;
  readonly alias?: string;
  /** `--resume ID` (no replay) or `--load ID` (the agent replays). */
  readonly restore?: { readonly mode: "resume" | "load"; readonly sessionId: string };
  /** Where delivered files are saved. */
  readonly downloadDir: string;
  /** Called once when the pane should end; the CLI unmounts Ink and prints the resume command. */
  readonly onQuit: (reason: QuitReason) => void;
  /** `/clear`: the CLI clears the terminal (only it may write to stdout directly). */
  readonly clearScreen?: () => void;
  /**
   * Attachments handed over from outside the input (`zc-pane send`, prefix+A in tmux): `take` gives the
   * waiting ones to the next prompt, `read` stands in for `readAttachment` so that in-memory text (a tmux
   * capture) is sent as a resource named after its source rather than as a file.
   */
  readonly extraAttachments?: { readonly take: () => readonly string[]; readonly read: typeof readAttachment };
  /** Records the session in the local index and its transcript journal (design.md §5). */
  readonly recording?: SessionRecording;
  /**
   * The restored session's local transcript is already on screen (`--resume`): when the agent can only
   * `session/load`, its replay is not shown a second time.
   */
  readonly historyShown?: boolean;
  /** Delays of the automatic reconnect after a dropped socket (tests shorten them). */
  readonly reconnectBackoff?: BackoffOptions;
}

/**
 * Glue between the client core and the pane's store: opens or restores the session, sends prompts (queued
 * while a turn runs, sent when it ends), runs local `/` commands, cancels, stops, closes, restarts a dead
 * agent and saves delivered files. It holds no view state of its own: everything the screen shows goes
 * through the store's reducer. It runs without Ink.
 */
export class SessionController {
  private connection: Connection | undefined;
  private unsubscribe: (() => void) | undefined;
  private sessionIdValue: string | undefined;
  private busy = false;
  private ready = false;
  private quitting = false;
  private restarting = false;
  private reconnector: Reconnector | undefined;
  /** A `session/load` replays history the pane already shows: its updates are kept from the store. */
  private muteReplay = false;

  constructor(private readonly options: SessionControllerOptions) {}

  /** The session id once one is open (for the resume command printed on quit). */
  get sessionId(): string | undefined {
    return this.sessionIdValue;
  }

  /** The connected agent, if any. */
  get agent(): AgentInfo | undefined {
    return this.connection?.agent;
  }

  /** The current client (tests and the CLI's clean-up). */
  get client(): AcpClient | undefined {
    return this.connection?.client;
  }

  /** Open permission requests of the current client, for the modal. */
  readonly permissions = new PermissionRelay();

  /**
   * Connects and opens (or restores) the session. Throws a {@link ClientError} with code `unknown-session`
   * when `--resume`/`--load` names a session the agent does not have (the CLI exits 1); any other failure
   * is shown in the pane with the offer to retry.
   */
  async start(): Promise<void> {
    try {
      await this.open(this.options.restore);
    } catch (error) {
      if (
        error instanceof ClientError &&
        (error.code === "unknown-session" || (this.options.restore && error.code === "not-supported"))
      )
        throw error;
      this.showDeath(error);
    }
  }

  /** Enter in the input: a local command, or a prompt (queued while a turn runs or the session opens). */
  submit(text: string, attachments: readonly string[] = []): void {
    const command = parseLocalCommand(text);
    if (command) {
      void this.runCommand(command);
      return;
    }
    const extra = this.options.extraAttachments?.take() ?? [];
    if (extra.length > 0) attachments = [...attachments, ...extra];
    if (this.busy || !this.ready) {
      this.options.store.dispatch({ type: "prompt-queued", text, attachments });
      return;
    }
    void this.send(text, attachments);
  }

  /**
   * Ctrl+S (steer): while a turn runs, cancel it and send `text` as soon as the agent confirms the cancel
   * (the prompt's answer), ahead of the queue. Without a turn it is an ordinary submit. Empty `text` steers
   * the oldest queued prompt in.
   */
  steer(text: string, attachments: readonly string[] = []): void {
    const { store } = this.options;
    if (!this.busy || parseLocalCommand(text)) {
      if (text) this.submit(text, attachments);
      return;
    }
    if (text) {
      const extra = this.options.extraAttachments?.take() ?? [];
      store.dispatch({ type: "prompt-steered", text, attachments: [...attachments, ...extra] });
    } else {
      const oldest = store.getState().queue[0];
      if (!oldest) return;
      store.dispatch({ type: "queue-taken-back", id: oldest.id });
      store.dispatch({ type: "prompt-steered", text: oldest.text, attachments: oldest.attachments });
    }
    this.cancel();
  }

  /** Esc: cancels the running turn (open permission requests are answered `cancelled` by the client). */
  cancel(): boolean {
    const sessionId = this.sessionIdValue;
    if (!this.busy || !sessionId || !this.connection) return false;
    this.options.store.dispatch({ type: "cancel-requested" });
    this.connection.client.cancel(sessionId);
    return true;
  }

  /** Whether a prompt is on its way or a turn runs. */
  get turnRunning(): boolean {
    return this.busy;
  }

  /** Ctrl+D: `session/close` (which cancels a running turn), then quit. */
  async closeAndQuit(): Promise<void> {
    const { client } = this.connection ?? {};
    const sessionId = this.sessionIdValue;
    if (client && sessionId && !this.options.store.getState().agentDied) {
      this.options.store.dispatch({ type: "notice", level: "info", message: "closing the session…" });
      await withTimeout(client.closeSession(sessionId), CLOSE_TIMEOUT_MS).catch((error: unknown) =>
        log.warn("session/close failed", error),
      );
    }
    this.quit("closed");
  }

  /** Ctrl+X, confirmed: let the running turn finish (`session/stop`), then quit. */
  async stopAndQuit(): Promise<void> {
    const { client } = this.connection ?? {};
    const sessionId = this.sessionIdValue;
    if (client && sessionId && !this.options.store.getState().agentDied) {
      this.options.store.dispatch({
        type: "notice",
        level: "info",
        message: this.busy ? "stopping after this turn…" : "stopping the session…",
      });
      await client.stop(sessionId).catch((error: unknown) => log.warn("session/stop failed", error));
    }
    this.quit("stopped");
  }

  /** Ends the pane; the session stays on the agent's side (the CLI prints the resume command). */
  quit(reason: QuitReason = "quit"): void {
    if (this.quitting) return;
    this.quitting = true;
    this.reconnector?.stop();
    this.options.store.dispatch({ type: "finalize" });
    // The pane draws only the transcript from now on: the last frame left in the terminal is the
    // conversation, not a stale input line and key hints.
    this.options.store.dispatch({ type: "connection", state: "closed" });
    this.options.onQuit(reason);
  }

  /** `r` after the agent died: start it again and restore the session (transcript and draft are kept). */
  async restart(): Promise<void> {
    if (this.restarting) return;
    this.restarting = true;
    const sessionId = this.sessionIdValue;
    try {
      await this.disconnect();
      if (!sessionId) {
        await this.open(this.options.restore);
        return;
      }
      const connection = await this.connectNow("restarting");
      if (connection.agent.canResume || connection.agent.loadSession) {
        await this.open({ mode: "resume", sessionId }, connection, true);
      } else {
        this.options.store.dispatch({
          type: "notice",
          level: "warning",
          message: `${connection.agent.name} cannot restore sessions; started a new one`,
        });
        await this.open(undefined, connection);
      }
    } catch (error) {
      this.showDeath(error);
    } finally {
      this.restarting = false;
    }
  }

  /** Ends the connection (and a stdio agent's process group). */
  async dispose(): Promise<void> {
    this.quitting = true;
    this.reconnector?.stop();
    await this.disconnect();
  }

  private async disconnect(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    const connection = this.connection;
    this.connection = undefined;
    this.ready = false;
    this.busy = false;
    this.permissions.follow(undefined);
    if (connection)
      await connection.client.dispose().catch((error: unknown) => log.warn("disposing the client failed", error));
  }

  private async connectNow(state: "connecting" | "restarting"): Promise<Connection> {
    this.options.store.dispatch({ type: "connection", state });
    const connection = await this.options.connect();
    this.attach(connection);
    this.options.store.dispatch({
      type: "connection",
      state: "starting-session",
      agentName: connection.agent.name,
      ...(connection.agent.title ? { agentTitle: connection.agent.title } : {}),
    });
    return connection;
  }

  /**
   * `/sessions` chose another session of the same agent: restore it on this connection. `showHistory` runs
   * first (the CLI clears the screen and shows the session's local transcript) and says whether it showed
   * any, so that an agent that can only `session/load` does not print it twice. Refused while a turn runs.
   */
  async switchSession(sessionId: string, showHistory: () => Promise<boolean>): Promise<void> {
    const connection = this.connection;
    const { store } = this.options;
    if (sessionId === this.sessionIdValue) return;
    if (!connection || !this.ready || this.busy) {
      store.dispatch({
        type: "notice",
        level: "warning",
        message: this.busy
          ? "a turn is running: cancel it or let it finish before switching sessions"
          : "not connected: cannot switch sessions now",
      });
      return;
    }
    this.ready = false;
    try {
      const holdsHistory = await showHistory();
      store.dispatch({ type: "session-opened", sessionId, how: "resume", cwd: this.options.cwd });
      await this.restoreOn(connection, sessionId, "resume", holdsHistory);
      this.sessionIdValue = sessionId;
      store.dispatch({ type: "session-restored" });
    } catch (error) {
      store.dispatch({
        type: "notice",
        level: "error",
        message: `could not resume ${sessionId}: ${error instanceof Error ? error.message : String(error)}`,
      });
      store.dispatch({ type: "connection", state: "ready" });
      if (this.sessionIdValue)
        store.dispatch({ type: "notice", level: "info", message: `still in session ${this.sessionIdValue}` });
    } finally {
      if (this.connection === connection) this.ready = true;
    }
    this.sendNextQueued();
  }

  /** Shift+Tab: the agent's next mode (`session/set_mode`); nothing before a session is open. */
  cycleMode(): void {
    const client = this.connection?.client;
    if (client && this.sessionIdValue) void cycleAgentMode(client, this.sessionIdValue, this.notifySettings);
  }

  /** What `/model` offers in this session (its picker's items), or undefined when the agent offers no choice. */
  modelChoice(): ModelChoice | undefined {
    return this.sessionIdValue
      ? modelChoiceOf(this.connection?.client.sessionSettings(this.sessionIdValue))
      : undefined;
  }

  /** The `/model` picker's choice: `session/set_config_option`, or the legacy `session/set_model`. */
  chooseModel(value: string): void {
    const client = this.connection?.client;
    if (client && this.sessionIdValue) void chooseAgentModel(client, this.sessionIdValue, value, this.notifySettings);
  }

  private readonly notifySettings: SettingsNotify = (level, message) =>
    this.options.store.dispatch({ type: "notice", level, message });

  /** Any key while the pane waits to reconnect: try now. */
  retryNow(): void {
    this.reconnector?.retryNow();
  }

  private async open(
    restore: SessionControllerOptions["restore"],
    existing?: Connection,
    holdsHistory = this.options.historyShown === true,
  ): Promise<void> {
    const connection = existing ?? (await this.connectNow("connecting"));
    const { client } = connection;
    const { store, cwd, alias } = this.options;
    if (restore) {
      // The banner goes first: `session/load` replays the conversation and ZeroClaw's `session/resume`
      // re-sends the plan, both before they answer. An unknown id fails below: the pane exits with the error.
      store.dispatch({
        type: "session-opened",
        sessionId: restore.sessionId,
        how: restore.mode,
        ...(alias ? { alias } : {}),
        cwd,
      });
      await this.restoreOn(connection, restore.sessionId, restore.mode, holdsHistory);
      this.sessionIdValue = restore.sessionId;
      store.dispatch({ type: "session-restored" });
    } else {
      this.options.recording?.hold();
      const session = await client.newSession({ cwd, ...(alias ? { alias } : {}) }).catch((error: unknown) => {
        this.options.recording?.discard();
        throw error;
      });
      this.sessionIdValue = session.sessionId;
      await this.options.recording?.open(session.sessionId);
      store.dispatch({
        type: "session-opened",
        sessionId: session.sessionId,
        how: "new",
        ...(alias ? { alias } : {}),
        cwd,
      });
    }
    this.ready = true;
    this.sendNextQueued();
  }

  private attach(connection: Connection): void {
    this.connection = connection;
    const { client } = connection;
    const offStore = client.subscribe((event) => {
      if (!(this.muteReplay && event.type === "update")) this.options.store.handleClientEvent(event);
    });
    const offRecording = this.options.recording ? client.subscribe(this.options.recording.handleEvent) : undefined;
    const offSelf = client.subscribe(this.onClientEvent);
    const offDeliveries = client.subscribe(deliveryWatcher(this.options.store, this.options.downloadDir));
    this.unsubscribe = () => {
      offStore();
      offSelf();
      offDeliveries();
      offRecording?.();
    };
    this.permissions.follow(client.permissions);
  }

  private readonly onClientEvent = (event: ClientEvent): void => {
    if (event.type === "disconnected") {
      if (this.quitting || event.close.reason === "closed-by-us") return;
      this.ready = false;
      if (this.sessionIdValue && shouldReconnect(event.close)) {
        this.beginReconnect(event.close.message);
        return;
      }
      this.options.store.dispatch({
        type: "agent-died",
        death: {
          message: event.close.message,
          ...(event.close.exitCode !== undefined ? { exitCode: event.close.exitCode } : {}),
          ...(event.close.signal !== undefined ? { signal: event.close.signal } : {}),
          ...(event.close.stderrTail ? { stderrTail: event.close.stderrTail } : {}),
        },
      });
    }
  };

  /**
   * Restores `sessionId` on a fresh connection (see {@link restoreSession}): journaled as a restore, and
   * recorded only once the agent accepted it, so an unknown id leaves nothing in the index.
   */
  private async restoreOn(
    connection: Connection,
    sessionId: string,
    prefer: RestoreMode,
    holdsHistory: boolean,
  ): Promise<RestoreMode> {
    const { recording, store, cwd } = this.options;
    recording?.hold();
    let how: RestoreMode;
    try {
      how = await restoreSession(connection.client, connection.agent, {
        sessionId,
        cwd,
        prefer,
        beforeCall: (chosen) => {
          recording?.beginRestore(chosen);
          this.muteReplay = chosen === "load" && holdsHistory;
        },
      });
    } catch (error) {
      recording?.discard();
      throw error;
    } finally {
      this.muteReplay = false;
    }
    await recording?.open(sessionId);
    recording?.endRestore();
    if (how !== prefer)
      store.dispatch({
        type: "notice",
        level: "info",
        message: `${connection.agent.name} cannot ${prefer} sessions; restored with session/${how}`,
      });
    return how;
  }

  /**
   * The gateway socket dropped (or the gateway is not back yet): reconnect with backoff and restore the
   * session, the header counting down to the next try. The running turn is lost with the socket; what it
   * streamed stays on screen and the turn is marked interrupted.
   */
  private beginReconnect(why: string): void {
    const { store } = this.options;
    log.warn(`connection lost, reconnecting: ${why}`);
    if (this.busy)
      store.dispatch({
        type: "notice",
        level: "warning",
        message: "the running turn was interrupted by the dropped connection; what it streamed is kept",
      });
    store.dispatch({ type: "notice", level: "warning", message: `${why}; reconnecting…` });
    this.reconnector ??= new Reconnector({
      ...(this.options.reconnectBackoff ? { backoff: this.options.reconnectBackoff } : {}),
      attempt: () => this.reconnectOnce(),
      onWaiting: ({ retryAt, error }) => {
        if (error !== undefined) log.warn("reconnect attempt failed", error);
        store.dispatch({ type: "connection", state: "reconnecting", retryAt });
      },
      onAttempt: () => store.dispatch({ type: "connection", state: "reconnecting" }),
      onFatal: (error) => this.showDeath(error),
    });
    this.reconnector.start();
  }

  private async reconnectOnce(): Promise<void> {
    const sessionId = this.sessionIdValue;
    if (!sessionId || this.quitting) return;
    await this.disconnect();
    const connection = await this.options.connect();
    this.attach(connection);
    await this.restoreOn(connection, sessionId, "resume", true);
    this.ready = true;
    this.options.store.dispatch({
      type: "connection",
      state: "ready",
      agentName: connection.agent.name,
      ...(connection.agent.title ? { agentTitle: connection.agent.title } : {}),
    });
    // Said before the queued prompt goes out, so the transcript reads in the order things happened.
    this.options.store.dispatch({ type: "notice", level: "info", message: "reconnected; the session is restored" });
    this.sendNextQueued();
  }

  private showDeath(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    log.error("the agent could not be started or the session opened", error);
    this.ready = false;
    this.options.store.dispatch({ type: "agent-died", death: { message } });
  }

  private sendNextQueued(): void {
    if (this.busy || !this.ready || this.quitting) return;
    const next = this.options.store.getState().queue[0];
    if (!next) return;
    this.options.store.dispatch({ type: "queue-shifted" });
    void this.send(next.text, next.attachments);
  }

  private async send(text: string, attachmentPaths: readonly string[]): Promise<void> {
    const connection = this.connection;
    const sessionId = this.sessionIdValue;
    const { store, cwd } = this.options;
    if (!connection || !sessionId) {
      store.dispatch({ type: "prompt-queued", text, attachments: attachmentPaths });
      return;
    }
    this.busy = true;
    let cancelled: boolean;
    try {
      // Attachments are read before anything is sent: one over 10 MiB refuses the whole prompt (design.md §2).
      const attachments = await Promise.all(
        attachmentPaths.map((path) =>
          (this.options.extraAttachments?.read ?? readAttachment)(path, connection.agent.promptCapabilities, cwd),
        ),
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
    if (cancelled && !steered && !this.reconnector?.reconnecting) store.dispatch({ type: "queue-to-draft" });
    else this.sendNextQueued();
  }

  private runCommand(command: LocalCommand): Promise<void> {
    return runLocalCommand(command, {
      store: this.options.store,
      cwd: this.options.cwd,
      agent: this.connection?.agent,
      sessionId: this.sessionIdValue,
      turnRunning: this.busy,
      mcpServers: (this.sessionIdValue && this.connection?.client.session(this.sessionIdValue)?.mcpServers) || [],
      cancel: () => this.cancel(),
      stopAndQuit: () => this.stopAndQuit(),
      closeAndQuit: () => this.closeAndQuit(),
      quit: () => this.quit("quit"),
      ...(this.options.clearScreen ? { clearScreen: this.options.clearScreen } : {}),
    });
  }

  /** `/export [FILE]`: the transcript as markdown, in the cwd unless a path is given; returns the path. */
  exportTranscript(name = ""): Promise<string | undefined> {
    return exportTranscript(this.options.store, this.options.cwd, this.sessionIdValue, name);
  }
}
