import { ACP_METHODS, type ContentBlock, type McpServer, type SessionConfigOption } from "../protocol/index.js";
import type { JsonRpcPeer } from "../rpc/peer.js";
import type { Transport } from "../transport/transport.js";
import type { AgentInfo } from "./agent-info.js";
import type { AuthOptions } from "./auth.js";
import { Authentication } from "./authentication.js";
import type { CapabilitySettings, InstalledCapabilities } from "./capabilities/index.js";
import { ClientCore } from "./client-core.js";
import { ClientError } from "./errors.js";
import { ElicitationQueue } from "./elicitation-queue.js";
import type { ClientEventListener } from "./events.js";
import { initializeAgent } from "./handshake.js";
import { installInbound } from "./inbound.js";
import { PermissionQueue, type PermissionPolicy } from "./permission-queue.js";
import type { SessionSettings } from "./session-settings.js";
import { listAgentSessions, type AgentSessionInfo } from "./session-list.js";
import { Sessions, type SessionHandle } from "./sessions.js";
import { SettingsControl } from "./settings-control.js";
import { Turns, type TurnResult } from "./turns.js";

export type { SessionHandle } from "./sessions.js";
export type { TurnResult } from "./turns.js";

export interface AcpClientOptions {
  readonly transport: Transport;
  readonly clientInfo?: { readonly name: string; readonly version: string };
  /** Decides permission requests without asking (`prompt --approve`); otherwise they queue for the UI. */
  readonly permissionPolicy?: PermissionPolicy;
  readonly initializeTimeoutMs?: number;
  /** The agent's recent stderr, quoted in start-up errors (stdio transport). */
  readonly stderrTail?: () => string;
  /**
   * Client-side capabilities to offer: `fs` (read/write text files inside the session's directories) and
   * `terminal` (run commands). Both on unless switched off; what is off is neither advertised nor handled.
   * `terminals` says where commands run (hidden, or tmux windows).
   */
  readonly capabilities?: CapabilitySettings;
  /**
   * Answer `fs/read_text_file` of a missing file with empty content (gemini-cli issue 17588): `true` from the
   * start, or for the agents whose `agentInfo.name` in `initialize` is one of these (a command line that
   * did not tell, `env … gemini --acp` or a wrapper script); off by default.
   */
  readonly missingFileReadsAsEmpty?: boolean | readonly string[];
  /**
   * How to authenticate when `session/new` (or `load`/`resume`) answers "authentication required": `--auth`,
   * the environment for `env_var` methods, and the pane's picker. Without it, only a usable `env_var` method
   * is tried.
   */
  readonly auth?: AuthOptions;
  /**
   * Offer `elicitation` (form and URL modes) and queue `elicitation/create` for the UI. Only a client with a
   * screen to fill a form on turns it on: ZeroClaw treats even `{}` as support (protocol.md §3), and without
   * it keeps asking through permission options (`choice-N`).
   */
  readonly elicitation?: boolean;
  /** MCP servers for every session (`session/new`, `load`, `resume`); remote ones only per `mcpCapabilities`. */
  readonly mcpServers?: readonly McpServer[];
}

/**
 * The ACP client core: initialize, the session lifecycle, prompt turns, the permission queue, and a typed
 * event stream. It runs without Ink (`zc-pane prompt`, tests) and knows nothing of the screen.
 *
 * A composition of small parts, each readable alone: {@link ClientCore} (peer, events, failures),
 * {@link Authentication}, {@link SettingsControl} (modes, config options, models), {@link Sessions} (new,
 * load, resume), {@link Turns} (prompt, cancel, stop) and {@link installInbound} (what the agent sends).
 */
export class AcpClient {
  readonly peer: JsonRpcPeer;
  readonly permissions = new PermissionQueue();
  readonly elicitations = new ElicitationQueue();
  private readonly core: ClientCore;
  private readonly authentication: Authentication;
  private readonly settings: SettingsControl;
  private readonly sessions: Sessions;
  private readonly turns: Turns;
  private readonly capabilities: InstalledCapabilities;

  constructor(private readonly options: AcpClientOptions) {
    this.core = new ClientCore(options.transport, options.auth);
    this.peer = this.core.peer;
    this.authentication = new Authentication(this.core, options.auth);
    this.settings = new SettingsControl(this.core);
    this.sessions = new Sessions(this.core, this.authentication, this.settings, options.mcpServers ?? []);
    this.turns = new Turns(this.core, this.sessions);
    this.capabilities = installInbound({
      core: this.core,
      sessions: this.sessions,
      settings: this.settings,
      turns: this.turns,
      permissions: this.permissions,
      elicitations: this.elicitations,
      permissionPolicy: options.permissionPolicy,
      elicitation: options.elicitation ?? false,
      capabilities: { ...options.capabilities, missingFileReadsAsEmpty: () => this.missingFileReadsAsEmpty() },
    });
    options.transport.onProblem((problem) => this.core.emit({ type: "problem", problem }));
    options.transport.onClose((close) => {
      // Turns cannot finish any more; open permission dialogs are moot.
      this.permissions.cancelAll();
      this.elicitations.cancelAll();
      // Terminal ids belong to this connection: nobody can wait on or release them any more, so their
      // commands end with it, as the agent's own children do.
      void this.capabilities.dispose();
      this.core.emit({ type: "disconnected", close });
    });
  }

  /** The agent as described by `initialize`; throws before it. */
  get agent(): AgentInfo {
    return this.core.agent;
  }

  /** Subscribes to the event stream; returns the unsubscribe function. */
  subscribe(listener: ClientEventListener): () => void {
    return this.core.subscribe(listener);
  }

  private missingFileReadsAsEmpty(): boolean {
    const quirk = this.options.missingFileReadsAsEmpty ?? false;
    if (typeof quirk === "boolean") return quirk;
    try {
      return quirk.includes(this.core.agent.name);
    } catch {
      // Before `initialize` answered, the agent has no name yet.
      return false;
    }
  }

  /** Negotiates protocol version 1 and records the agent's capabilities (see {@link initializeAgent}). */
  initialize(): Promise<AgentInfo> {
    return initializeAgent(this.core, this.options);
  }

  /** `session/new` (see {@link Sessions.open}). */
  newSession(options: {
    readonly cwd: string;
    readonly alias?: string;
    readonly additionalDirectories?: readonly string[];
  }): Promise<SessionHandle> {
    return this.sessions.open(options);
  }

  /** `session/load`: the agent replays the conversation as updates (emitted as events) before it answers. */
  loadSession(sessionId: string, cwd: string): Promise<SessionHandle> {
    return this.sessions.load(sessionId, cwd);
  }

  /** `session/resume`: restores without replay (ZeroClaw re-sends the plan). */
  resumeSession(sessionId: string, cwd: string): Promise<SessionHandle> {
    return this.sessions.resume(sessionId, cwd);
  }

  /** The session's handle: its directories and the MCP servers it was given. */
  session(sessionId: string): SessionHandle | undefined {
    return this.sessions.get(sessionId);
  }

  /**
   * `authenticate` with one of the agent's methods (normally done for you when `session/new` asks for it).
   * A `terminal` method is refused: the spec has the client run the agent interactively instead.
   */
  authenticate(methodId: string): Promise<void> {
    return this.authentication.authenticate(methodId);
  }

  /** The method of the last successful `authenticate` on this connection, if any (for `/status` and `doctor`). */
  get authenticatedWith(): string | undefined {
    return this.authentication.authenticatedWith;
  }

  /** The session's modes, config options, legacy models and usage as last reported; undefined for an unknown session. */
  sessionSettings(sessionId: string): SessionSettings | undefined {
    return this.settings.get(sessionId);
  }

  /** `session/set_mode`, only to a mode the agent listed for the session. */
  setMode(sessionId: string, modeId: string): Promise<void> {
    return this.settings.setMode(sessionId, modeId);
  }

  /** `session/set_config_option`, checked against the options the agent listed; resolves with the new set. */
  setConfigOption(
    sessionId: string,
    configId: string,
    value: string | boolean,
  ): Promise<readonly SessionConfigOption[]> {
    return this.settings.setConfigOption(sessionId, configId, value);
  }

  /** Legacy `session/set_model`: sent only to agents that listed `models` for the session (it left the spec). */
  setModel(sessionId: string, modelId: string): Promise<void> {
    return this.settings.setModel(sessionId, modelId);
  }

  /** Runs one prompt turn and resolves when the agent answers (see {@link Turns.prompt}). */
  prompt(sessionId: string, prompt: readonly ContentBlock[]): Promise<TurnResult> {
    return this.turns.prompt(sessionId, prompt);
  }

  /** Whether a turn is running in the session. */
  isBusy(sessionId: string): boolean {
    return this.turns.isBusy(sessionId);
  }

  /**
   * Cancels the running turn: the `session/cancel` notification, then every open permission request of the
   * session is answered `cancelled` (ZeroClaw's approval wait is not raced against cancel, protocol.md §5.4,
   * so without that answer the turn would hang for up to an hour). Requests that arrive before the turn
   * ends are answered `cancelled` too.
   */
  cancel(sessionId: string): void {
    this.turns.cancel(sessionId);
    this.permissions.cancelAll(sessionId);
    this.elicitations.cancelAll(sessionId);
  }

  /** Stops the session after the running turn finishes (see {@link Turns.stopAfterTurn}), then forgets it. */
  async stop(sessionId: string): Promise<void> {
    await this.turns.stopAfterTurn(sessionId);
    await this.forget(sessionId);
  }

  /** `session/list`: the agent's own sessions, every page (agents with `sessionCapabilities.list`). */
  listSessions(cwd?: string): Promise<AgentSessionInfo[]> {
    return listAgentSessions(this.core, cwd);
  }

  /**
   * `session/delete` (agents with `sessionCapabilities.delete`): the agent forgets the session for good.
   * Resolves false when the agent had no such session (nothing left to delete there); the session is
   * dropped here too.
   */
  async deleteSession(sessionId: string): Promise<boolean> {
    if (!this.agent.canDelete)
      throw new ClientError(
        `${this.agent.title ?? this.agent.name} cannot delete sessions (no sessionCapabilities.delete)`,
        "not-supported",
      );
    this.permissions.cancelAll(sessionId);
    this.elicitations.cancelAll(sessionId);
    await this.forget(sessionId);
    try {
      await this.core.call(ACP_METHODS.sessionDelete, { sessionId });
    } catch (error) {
      if (error instanceof ClientError && error.code === "unknown-session") return false;
      throw error;
    }
    return true;
  }

  /** `session/close` (cancels a running turn on the agent's side). Not supported: the session is only forgotten here. */
  async closeSession(sessionId: string): Promise<boolean> {
    this.permissions.cancelAll(sessionId);
    this.elicitations.cancelAll(sessionId);
    await this.forget(sessionId);
    if (!this.agent.canClose) return false;
    await this.core.call(ACP_METHODS.sessionClose, { sessionId });
    return true;
  }

  /** Ends the connection (and a stdio agent's process group), after killing every terminal it started. */
  async dispose(): Promise<void> {
    this.permissions.cancelAll();
    this.elicitations.cancelAll();
    await this.capabilities.dispose();
    await this.options.transport.close();
  }

  /** Drops the session here: its handle, its settings, and the terminals it started. */
  private async forget(sessionId: string): Promise<void> {
    this.sessions.forget(sessionId);
    this.settings.forget(sessionId);
    await this.capabilities.releaseSession(sessionId);
  }
}
