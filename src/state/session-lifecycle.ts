import type { AcpClient } from "../client/acp-client.js";
import type { AgentInfo } from "../client/agent-info.js";
import type { ClientEvent } from "../client/events.js";
import type { BackoffOptions } from "../client/reconnect/backoff.js";
import { Reconnector, shouldReconnect } from "../client/reconnect/reconnector.js";
import { shortId } from "../common/format.js";
import { createLogger } from "../log/logger.js";
import { sanitizeLine } from "../markdown/sanitize.js";
import { DeliveryBudget, deliveryWatcher } from "./delivered-files.js";
import type { PaneStore } from "./pane-store.js";
import { ElicitationRelay } from "./elicitation-relay.js";
import { PermissionRelay } from "./permission-relay.js";
import { restoreModeFor, restoreSession, type RestoreMode } from "./restore.js";
import type { SessionRecording } from "./session-recording.js";
import { errorMessage } from "../common/error-message.js";
import { chooseModel, modelChoiceOf } from "./settings-actions.js";

const log = createLogger("pane.session");

/** A connected, initialized client (what `src/cli/connect.ts` returns). */
export interface Connection {
  readonly client: AcpClient;
  readonly agent: AgentInfo;
}

/** `--resume ID` (no replay) or `--load ID` (the agent replays). */
export interface SessionToRestore {
  readonly mode: RestoreMode;
  readonly sessionId: string;
  /** The model the session last used (the local index's), set again when the agent restores it without. */
  readonly model?: string;
}

export interface SessionLifecycleOptions {
  readonly store: PaneStore;
  /** Starts the agent and runs `initialize`; called again by {@link SessionLifecycle.restart}. */
  readonly connect: () => Promise<Connection>;
  readonly cwd: string;
  readonly alias?: string;
  readonly restore?: SessionToRestore;
  /** Where delivered files are saved. */
  readonly downloadDir: string;
  /** What one session may have saved in all (config.json `maxDeliveredBytes`; 256 MiB by default). */
  readonly maxDeliveredBytes?: number;
  readonly recording?: SessionRecording;
  /**
   * The restored session's local transcript is (or will be) on screen: a `session/load` replay is not shown
   * again. A promise while the journal is still being read (the agent starts meanwhile).
   */
  readonly historyShown?: boolean | PromiseLike<boolean>;
  readonly reconnectBackoff?: BackoffOptions;
}

/** What the lifecycle tells the prompt dispatcher, and asks of it. */
export interface LifecycleHooks {
  /** The session is open (or back): the queue may go out. */
  readonly sessionReady: () => void;
  /** Whether a prompt turn runs (switching waits for it; a dropped socket interrupts it). */
  readonly turnRunning: () => boolean;
  /** The connection is gone: no turn runs on it any more. */
  readonly connectionGone: () => void;
  /** Esc in the permission modal: cancels the running turn; false when none runs. */
  readonly cancelTurn: () => boolean;
}

/**
 * The connection's lifecycle: connect, open or restore the session, follow the client's events into the
 * store (and the recording, and the delivered-file saver), reconnect a dropped gateway socket with backoff,
 * restart a dead agent, switch to another session, and disconnect. Prompts are the dispatcher's business.
 */
export class SessionLifecycle {
  private connectionValue: Connection | undefined;
  private unsubscribe: (() => void) | undefined;
  private sessionIdValue: string | undefined;
  private readyValue = false;
  private quittingValue = false;
  private restarting = false;
  private reconnector: Reconnector | undefined;
  /** The current connection closed on its own (the agent died, the socket dropped). */
  private connectionLost = false;
  /** A `session/load` replays history the pane already shows: its updates are kept from the store. */
  private muteReplay = false;
  /**
   * The model the session runs with, as last seen outside a restore (or recorded in the local index): an
   * agent that restores a session with its default model gets it set again.
   */
  private wantedModel: string | undefined;
  private restoringNow = false;
  /** Open permission requests of the current client, for the modal. */
  readonly permissions = new PermissionRelay({
    cancelTurn: () => this.hooks.cancelTurn(),
    // An edit request without a diff (claude-code-acp) shows the one an earlier update of the call carried.
    toolDiffs: (toolCallId) =>
      this.options.store.getState().live.tools.find((record) => record.row.toolCallId === toolCallId)?.row.diffs ?? [],
  });
  readonly elicitations = new ElicitationRelay();
  /** Delivered bytes per session, across reconnects and restarts. */
  private readonly deliveryBudget: DeliveryBudget;

  constructor(
    private readonly options: SessionLifecycleOptions,
    private readonly hooks: LifecycleHooks,
  ) {
    this.deliveryBudget = new DeliveryBudget(options.maxDeliveredBytes);
    this.wantedModel = options.restore?.model;
  }

  get connection(): Connection | undefined {
    return this.connectionValue;
  }

  get sessionId(): string | undefined {
    return this.sessionIdValue;
  }

  /** Open (or restored) and not switching: a prompt may go out now. */
  get ready(): boolean {
    return this.readyValue;
  }

  get quitting(): boolean {
    return this.quittingValue;
  }

  get reconnecting(): boolean {
    return this.reconnector?.reconnecting === true;
  }

  /** Connects and opens (or restores) the session; failures propagate to the caller. */
  open(restore = this.options.restore): Promise<void> {
    return this.openOn(restore);
  }

  /** The pane is ending: no more reconnects, no more queued prompts. */
  beginQuit(): void {
    this.quittingValue = true;
    this.reconnector?.stop();
  }

  /**
   * `r` after the agent died: start it again and restore the session (transcript and draft are kept). When
   * the agent cannot restore it (it never saved a session that died mid-turn: gemini answers `session/load`
   * with Internal error), a new session starts on the same connection, with a notice saying so: `r` always
   * ends in a usable pane unless the agent cannot start at all.
   */
  async restart(): Promise<void> {
    if (this.restarting) return;
    this.restarting = true;
    const sessionId = this.sessionIdValue;
    const { store } = this.options;
    try {
      await this.disconnect();
      const connection = await this.connectNow("restarting");
      const restore: SessionToRestore | undefined = sessionId ? { mode: "resume", sessionId } : this.options.restore;
      if (!restore) {
        await this.openOn(undefined, connection);
        return;
      }
      if (!connection.agent.canResume && !connection.agent.loadSession) {
        store.dispatch({
          type: "notice",
          level: "warning",
          message: `${connection.agent.title ?? connection.agent.name} cannot restore sessions; started a new one`,
        });
        await this.openOn(undefined, connection);
        return;
      }
      try {
        await this.openOn(restore, connection, sessionId ? true : (await this.options.historyShown) === true);
      } catch (error) {
        // The agent itself went away meanwhile: its death is told by the disconnect, nothing to fall back on.
        if (this.connectionLost) throw error;
        store.dispatch({
          type: "notice",
          level: "warning",
          message: `could not restore session ${shortId(restore.sessionId)}: ${errorMessage(error)}; started a new session (the agent does not know the conversation above)`,
        });
        await this.openOn(undefined, connection);
      }
    } catch (error) {
      this.showDeath(error);
    } finally {
      this.restarting = false;
    }
  }

  /** Ends the connection (and a stdio agent's process group). */
  async dispose(): Promise<void> {
    this.beginQuit();
    await this.disconnect();
  }

  /**
   * `/sessions` chose another session of the same agent: restore it on this connection. `showHistory` runs
   * first (the CLI clears the screen and shows the session's local transcript) and says whether it showed
   * any, so that an agent that can only `session/load` does not print it twice. Refused while a turn runs.
   */
  async switchSession(sessionId: string, showHistory: () => Promise<boolean>): Promise<void> {
    const connection = this.connectionValue;
    const { store } = this.options;
    if (sessionId === this.sessionIdValue) return;
    const busy = this.hooks.turnRunning();
    if (!connection || !this.readyValue || busy) {
      store.dispatch({
        type: "notice",
        level: "warning",
        message: busy
          ? "a turn is running: cancel it or let it finish before switching sessions"
          : "not connected: cannot switch sessions now",
      });
      return;
    }
    this.readyValue = false;
    // The other session's model is its own: nothing of this one's is set on it.
    const previousModel = this.wantedModel;
    this.wantedModel = undefined;
    try {
      const holdsHistory = await showHistory();
      const how = restoreModeFor(connection.agent, "resume", holdsHistory);
      store.dispatch({ type: "session-opened", sessionId, how, cwd: this.options.cwd });
      await this.restoreOn(connection, sessionId, how, holdsHistory);
      this.sessionIdValue = sessionId;
      store.dispatch({ type: "session-restored" });
    } catch (error) {
      this.wantedModel = previousModel;
      store.dispatch({
        type: "notice",
        level: "error",
        message: `could not resume ${sessionId}: ${errorMessage(error)}`,
      });
      store.dispatch({ type: "connection", state: "ready" });
      if (this.sessionIdValue)
        store.dispatch({ type: "notice", level: "info", message: `still in session ${this.sessionIdValue}` });
    } finally {
      if (this.connectionValue === connection) this.readyValue = true;
    }
    this.hooks.sessionReady();
  }

  /** Any key while the pane waits to reconnect: try now. */
  retryNow(): void {
    this.reconnector?.retryNow();
  }

  /** The agent could not be started or the session opened: the pane shows it with the offer to retry. */
  showDeath(error: unknown): void {
    const message = errorMessage(error);
    log.error("the agent could not be started or the session opened", error);
    this.readyValue = false;
    this.options.store.dispatch({ type: "agent-died", death: { message } });
  }

  private async disconnect(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    const connection = this.connectionValue;
    this.connectionValue = undefined;
    this.readyValue = false;
    this.hooks.connectionGone();
    this.permissions.follow(undefined);
    this.elicitations.follow(undefined);
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

  private async openOn(
    restore: SessionToRestore | undefined,
    existing?: Connection,
    holdsHistoryGiven?: boolean,
  ): Promise<void> {
    const connection = existing ?? (await this.connectNow("connecting"));
    // Asked once connected: the journal is read while the agent starts.
    const holdsHistory = holdsHistoryGiven ?? (await this.options.historyShown) === true;
    const { client } = connection;
    const { store, cwd, alias } = this.options;
    if (restore) {
      const how = restoreModeFor(connection.agent, restore.mode, holdsHistory);
      const announce = () =>
        store.dispatch({
          type: "session-opened",
          sessionId: restore.sessionId,
          how,
          ...(alias ? { alias } : {}),
          cwd,
        });
      // A `session/load` replays the conversation before it answers: the banner goes first. When the history
      // is already on screen the replay is not shown, so the banner waits for the agent's yes and a failed
      // restore (an unknown id, a session the agent never saved) leaves no "resumed" line behind.
      if (!holdsHistory) announce();
      await this.restoreOn(connection, restore.sessionId, how, holdsHistory);
      if (holdsHistory) announce();
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
    this.readyValue = true;
    this.hooks.sessionReady();
  }

  private attach(connection: Connection): void {
    this.connectionValue = connection;
    this.options.recording?.describeAgent(sanitizeLine(connection.agent.title ?? connection.agent.name));
    this.connectionLost = false;
    const { client } = connection;
    const offStore = client.subscribe((event) => {
      if (!(this.muteReplay && event.type === "update")) this.options.store.handleClientEvent(event);
    });
    const offRecording = this.options.recording ? client.subscribe(this.options.recording.handleEvent) : undefined;
    const offSelf = client.subscribe(this.onClientEvent);
    const offDeliveries = client.subscribe(
      deliveryWatcher(this.options.store, this.options.downloadDir, this.deliveryBudget, (sessionId, outcome) =>
        this.options.recording?.recordDelivery(sessionId, outcome),
      ),
    );
    this.unsubscribe = () => {
      offStore();
      offSelf();
      offDeliveries();
      offRecording?.();
    };
    this.permissions.follow(client.permissions);
    this.elicitations.follow(client.elicitations);
  }

  private readonly onClientEvent = (event: ClientEvent): void => {
    // What the agent restores with is not a choice: only models seen while the session is in use are kept.
    if (event.type === "session-settings" && !this.restoringNow && event.sessionId === this.sessionIdValue)
      this.wantedModel = modelChoiceOf(event.settings)?.current ?? this.wantedModel;
    if (event.type === "disconnected") {
      if (this.quittingValue || event.close.reason === "closed-by-us") return;
      this.readyValue = false;
      this.connectionLost = true;
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
    this.restoringNow = true;
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
      this.restoringNow = false;
    }
    await recording?.open(sessionId);
    recording?.endRestore();
    await this.setModelAgain(connection, sessionId);
    // Said only when it shows: with the history already on screen, the agent's replay is not drawn at all.
    if (how !== prefer && !holdsHistory)
      store.dispatch({
        type: "notice",
        level: "info",
        message: `${connection.agent.name} cannot ${prefer} sessions; restored with session/${how}`,
      });
    return how;
  }

  /**
   * The agent restored the session with another model than it ran with (agents keep the conversation, not
   * always the choice): the one it ran with is set again, and a notice says so; one it no longer offers is left.
   */
  private async setModelAgain(connection: Connection, sessionId: string): Promise<void> {
    const wanted = this.wantedModel;
    const choice = modelChoiceOf(connection.client.sessionSettings(sessionId));
    if (wanted === undefined || !choice || choice.current === wanted) return;
    if (!choice.items.some((item) => item.value === wanted)) return;
    await chooseModel(connection.client, sessionId, wanted, (level, message) =>
      this.options.store.dispatch({ type: "notice", level, message }),
    );
  }

  /**
   * The gateway socket dropped (or the gateway is not back yet): reconnect with backoff and restore the
   * session, the header counting down to the next try. The running turn is lost with the socket; what it
   * streamed stays on screen and the turn is marked interrupted.
   */
  private beginReconnect(why: string): void {
    const { store } = this.options;
    log.warn(`connection lost, reconnecting: ${why}`);
    if (this.hooks.turnRunning())
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
    if (!sessionId || this.quittingValue) return;
    await this.disconnect();
    const connection = await this.options.connect();
    this.attach(connection);
    await this.restoreOn(connection, sessionId, "resume", true);
    this.readyValue = true;
    this.options.store.dispatch({
      type: "connection",
      state: "ready",
      agentName: connection.agent.name,
      ...(connection.agent.title ? { agentTitle: connection.agent.title } : {}),
    });
    // Said before the queued prompt goes out, so the transcript reads in the order things happened.
    this.options.store.dispatch({ type: "notice", level: "info", message: "reconnected; the session is restored" });
    this.hooks.sessionReady();
  }
}
