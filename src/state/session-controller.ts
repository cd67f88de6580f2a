import type { AcpClient } from "../client/acp-client.js";
import type { AgentInfo } from "../client/agent-info.js";
import type { readAttachment } from "../client/attachments.js";
import { ClientError } from "../client/errors.js";
import type { BackoffOptions } from "../client/reconnect/backoff.js";
import { withTimeout } from "../common/timeout.js";
import { createLogger } from "../log/logger.js";
import { changeSetting as changeAgentSetting, settingItemsOf, type SettingItem } from "./config-settings.js";
import { exportTranscript, runLocalCommand } from "./local-commands.js";
import type { PaneStore } from "./pane-store.js";
import type { ElicitationRelay } from "./elicitation-relay.js";
import type { PermissionRelay } from "./permission-relay.js";
import { PromptDispatcher } from "./prompt-dispatcher.js";
import { SessionLifecycle, type Connection, type SessionToRestore } from "./session-lifecycle.js";
import type { SessionRecording } from "./session-recording.js";
import {
  chooseModel as chooseAgentModel,
  modelChoiceOf,
  nextModeStep,
  switchMode as switchAgentMode,
  type ModeStep,
  type ModelChoice,
  type SettingsNotify,
} from "./settings-actions.js";
import { parseLocalCommand, type LocalCommand } from "./slash-commands.js";

export type { Connection, SessionToRestore } from "./session-lifecycle.js";

const log = createLogger("pane.session");

/** How long quitting waits for `session/close` before giving up on a hung agent. */
const CLOSE_TIMEOUT_MS = 3000;

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
  readonly restore?: SessionToRestore;
  /** Where delivered files are saved. */
  readonly downloadDir: string;
  /** What one session may have saved in all (config.json `maxDeliveredBytes`; 256 MiB by default). */
  readonly maxDeliveredBytes?: number;
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
   * `session/load`, its replay is not shown a second time. A promise while the journal is still being read.
   */
  readonly historyShown?: boolean | PromiseLike<boolean>;
  /** Delays of the automatic reconnect after a dropped socket (tests shorten them). */
  readonly reconnectBackoff?: BackoffOptions;
}

/**
 * Glue between the client core and the pane's store, and what the pane asks of the session: prompts go to
 * the {@link PromptDispatcher} (queued while a turn runs, sent when it ends), the connection and session to
 * the {@link SessionLifecycle} (open, restore, reconnect, restart, switch); here are the local `/` commands,
 * cancel, stop, close and quit. It holds no view state of its own: everything the screen shows goes through
 * the store's reducer. It runs without Ink.
 */
export class SessionController {
  private readonly lifecycle: SessionLifecycle;
  private readonly prompts: PromptDispatcher;

  constructor(private readonly options: SessionControllerOptions) {
    const { store, cwd, recording } = options;
    this.lifecycle = new SessionLifecycle(options, {
      sessionReady: () => this.prompts.sendNextQueued(),
      turnRunning: () => this.prompts.turnRunning,
      connectionGone: () => this.prompts.connectionGone(),
      cancelTurn: () => this.prompts.cancel(),
    });
    this.prompts = new PromptDispatcher({
      store,
      cwd,
      session: this.lifecycle,
      ...(recording ? { recording } : {}),
      ...(options.extraAttachments ? { readAttachment: options.extraAttachments.read } : {}),
    });
  }

  /** The session id once one is open (for the resume command printed on quit). */
  get sessionId(): string | undefined {
    return this.lifecycle.sessionId;
  }

  /** The connected agent, if any. */
  get agent(): AgentInfo | undefined {
    return this.lifecycle.connection?.agent;
  }

  /** The agent's own time limit for answering a permission request (ZeroClaw's session timeout), if it says. */
  get permissionTimeoutSecs(): number | undefined {
    return this.agent?.zeroclaw?.sessionTimeoutSecs;
  }

  /** The current client (tests and the CLI's clean-up). */
  get client(): AcpClient | undefined {
    return this.lifecycle.connection?.client;
  }

  /** Open permission requests of the current client, for the modal. */
  get permissions(): PermissionRelay {
    return this.lifecycle.permissions;
  }

  /** Open elicitations (forms and URLs the agent asks for) of the current client, for their modal. */
  get elicitations(): ElicitationRelay {
    return this.lifecycle.elicitations;
  }

  /** Whether a prompt is on its way or a turn runs. */
  get turnRunning(): boolean {
    return this.prompts.turnRunning;
  }

  /**
   * Connects and opens (or restores) the session. Throws a {@link ClientError} with code `unknown-session`
   * when `--resume`/`--load` names a session the agent does not have (the CLI exits 1); any other failure
   * is shown in the pane with the offer to retry.
   */
  async start(): Promise<void> {
    try {
      await this.lifecycle.open();
    } catch (error) {
      if (
        error instanceof ClientError &&
        (error.code === "unknown-session" || (this.options.restore && error.code === "not-supported"))
      )
        throw error;
      this.lifecycle.showDeath(error);
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
    this.prompts.submit(text, extra.length > 0 ? [...attachments, ...extra] : attachments);
  }

  /**
   * Ctrl+S (steer): while a turn runs, cancel it and send `text` as soon as the agent confirms the cancel
   * (the prompt's answer), ahead of the queue. Without a turn it is an ordinary submit. Empty `text` steers
   * the oldest queued prompt in.
   */
  steer(text: string, attachments: readonly string[] = []): void {
    if (!this.prompts.turnRunning || parseLocalCommand(text)) {
      if (text) this.submit(text, attachments);
      return;
    }
    const extra = text ? (this.options.extraAttachments?.take() ?? []) : [];
    this.prompts.steer(text, [...attachments, ...extra]);
  }

  /** Esc: cancels the running turn (open permission requests are answered `cancelled` by the client). */
  cancel(): boolean {
    return this.prompts.cancel();
  }

  /** Ctrl+D: `session/close` (which cancels a running turn), then quit. */
  async closeAndQuit(): Promise<void> {
    const client = this.client;
    const sessionId = this.sessionId;
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
    const client = this.client;
    const sessionId = this.sessionId;
    if (client && sessionId && !this.options.store.getState().agentDied) {
      this.options.store.dispatch({
        type: "notice",
        level: "info",
        message: this.prompts.turnRunning ? "stopping after this turn…" : "stopping the session…",
      });
      await client.stop(sessionId).catch((error: unknown) => log.warn("session/stop failed", error));
    }
    this.quit("stopped");
  }

  /** Ends the pane; the session stays on the agent's side (the CLI prints the resume command). */
  quit(reason: QuitReason = "quit"): void {
    if (this.lifecycle.quitting) return;
    this.lifecycle.beginQuit();
    this.options.store.dispatch({ type: "finalize" });
    // The pane draws only the transcript from now on: the last frame left in the terminal is the
    // conversation, not a stale input line and key hints.
    this.options.store.dispatch({ type: "connection", state: "closed" });
    this.options.onQuit(reason);
  }

  /** `r` after the agent died: start it again and restore the session (transcript and draft are kept). */
  restart(): Promise<void> {
    return this.lifecycle.restart();
  }

  /** Ends the connection (and a stdio agent's process group). */
  dispose(): Promise<void> {
    return this.lifecycle.dispose();
  }

  /** `/sessions` chose another session of the same agent (see {@link SessionLifecycle.switchSession}). */
  switchSession(sessionId: string, showHistory: () => Promise<boolean>): Promise<void> {
    return this.lifecycle.switchSession(sessionId, showHistory);
  }

  /** Any key while the pane waits to reconnect: try now. */
  retryNow(): void {
    this.lifecycle.retryNow();
  }

  /** Where Shift+Tab would switch to; undefined before a session is open or when the agent offers no modes. */
  nextMode(): ModeStep | undefined {
    return this.sessionId ? nextModeStep(this.client?.sessionSettings(this.sessionId)) : undefined;
  }

  /** Shift+Tab's switch (`session/set_mode`, or the "mode" config option), once the user agreed to it. */
  switchMode(step: ModeStep): void {
    const client = this.client;
    if (client && this.sessionId) void switchAgentMode(client, this.sessionId, step, this.notifySettings);
  }

  /** What `/model` offers in this session (its picker's items), or undefined when the agent offers no choice. */
  modelChoice(): ModelChoice | undefined {
    return this.sessionId ? modelChoiceOf(this.client?.sessionSettings(this.sessionId)) : undefined;
  }

  /** The `/model` picker's choice: `session/set_config_option`, or the legacy `session/set_model`. */
  chooseModel(value: string): void {
    const client = this.client;
    if (client && this.sessionId) void chooseAgentModel(client, this.sessionId, value, this.notifySettings);
  }

  /** What `/settings` lists: the session's config options zc-pane can change (empty before a session). */
  settingItems(): readonly SettingItem[] {
    return this.sessionId ? settingItemsOf(this.client?.sessionSettings(this.sessionId)) : [];
  }

  /** Enter on a `/settings` row: toggles an on/off option, moves a choice to its next value. */
  changeSetting(item: SettingItem): void {
    const client = this.client;
    if (client && this.sessionId) void changeAgentSetting(client, this.sessionId, item, this.notifySettings);
  }

  private readonly notifySettings: SettingsNotify = (level, message) =>
    this.options.store.dispatch({ type: "notice", level, message });

  private runCommand(command: LocalCommand): Promise<void> {
    return runLocalCommand(command, {
      store: this.options.store,
      cwd: this.options.cwd,
      agent: this.agent,
      sessionId: this.sessionId,
      turnRunning: this.prompts.turnRunning,
      mcpServers: (this.sessionId && this.client?.session(this.sessionId)?.mcpServers) || [],
      cancel: () => this.cancel(),
      stopAndQuit: () => this.stopAndQuit(),
      closeAndQuit: () => this.closeAndQuit(),
      quit: () => this.quit("quit"),
      ...(this.options.clearScreen ? { clearScreen: this.options.clearScreen } : {}),
    });
  }

  /** `/export [FILE]`: the transcript as markdown, in the cwd unless a path is given; returns the path. */
  exportTranscript(name = ""): Promise<string | undefined> {
    return exportTranscript(this.options.store, this.options.cwd, this.sessionId, name);
  }
}
