import {
  ACP_METHODS,
  ACP_PROTOCOL_VERSION,
  detectLegacyInitialize,
  parseHistoryTrimmed,
  parseEmptyResult,
  parseInitializeResult,
  parseLoadSessionResult,
  parseNewSessionResult,
  parsePermissionRequest,
  parsePromptResult,
  parseSessionNotification,
  parseSetConfigOptionResult,
  cancelElicitation,
  declineElicitation,
  describeElicitationAnswer,
  ElicitationCompleteParamsSchema,
  parseElicitationRequest,
  type ContentBlock,
  type ElicitationResult,
  type McpServer,
  type NewSessionResult,
  type SessionConfigOption,
} from "../protocol/index.js";
import { createLogger } from "../log/logger.js";
import { sanitizeLine } from "../markdown/sanitize.js";
import { RpcError, RpcHandlerError } from "../rpc/errors.js";
import { JsonRpcPeer } from "../rpc/peer.js";
import type { Transport } from "../transport/transport.js";
import { describeAgent, type AgentInfo } from "./agent-info.js";
import { decideAuthMethod, describeAuthMethods, type AuthOptions } from "./auth.js";
import { describeFailure, describeStartupFailure } from "./failures.js";
import {
  advertisedCapabilities,
  installCapabilities,
  type CapabilitySettings,
  type InstalledCapabilities,
} from "./capabilities/index.js";
import { ClientError } from "./errors.js";
import type { ClientEvent, ClientEventListener } from "./events.js";
import { mcpOfferFor, withheldNotice } from "./mcp-offer.js";
import { ElicitationQueue } from "./elicitation-queue.js";
import { PermissionQueue, type PendingPermission, type PermissionPolicy } from "./permission-queue.js";
import { reconcileFinalText } from "./reconcile.js";
import {
  applySettingsUpdate,
  configOptionParams,
  setModelProblem,
  setModeProblem,
  settingsFromResult,
  type SessionSettings,
} from "./session-settings.js";

const log = createLogger("client");

const INITIALIZE_TIMEOUT_MS = 10_000;
/** Replays of long sessions take time; a minute is generous but still catches a dead agent. */
const RESTORE_TIMEOUT_MS = 60_000;
/** An `agent` method may wait for the user to finish a browser login; longer than that, something is stuck. */
const AUTHENTICATE_TIMEOUT_MS = 5 * 60_000;

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
  /** Answer `fs/read_text_file` of a missing file with empty content (gemini-cli issue 17588); off by default. */
  readonly missingFileReadsAsEmpty?: boolean;
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

/** A session this client opened or restored. */
export interface SessionHandle {
  readonly sessionId: string;
  readonly cwd: string;
  /** ZeroClaw's canonical workspace directory for the session. */
  readonly workspaceDir?: string;
  /** Directories besides `cwd` the agent may use; fs and terminal requests are confined to these and `cwd`. */
  readonly additionalDirectories?: readonly string[];
  readonly result?: NewSessionResult;
  /** The MCP servers the session was given (what `/status` lists). */
  readonly mcpServers?: readonly McpServer[];
}

/** How a prompt turn ended. */
export interface TurnResult {
  readonly stopReason: string;
  /** Text from the result's `content` that the stream did not show (ZeroClaw), already reconciled. */
  readonly finalText?: string;
}

interface ActiveTurn {
  readonly id: number;
  streamed: string;
  cancelled: boolean;
  readonly done: Promise<void>;
  readonly finish: () => void;
}

/**
 * The ACP client core: initialize, the session lifecycle, prompt turns, the permission queue, and a typed
 * event stream. It runs without Ink (`zc-pane prompt`, tests) and knows nothing of the screen.
 */
export class AcpClient {
  readonly peer: JsonRpcPeer;
  readonly permissions = new PermissionQueue();
  readonly elicitations = new ElicitationQueue();
  private readonly listeners = new Set<ClientEventListener>();
  private readonly sessions = new Map<string, SessionHandle>();
  private readonly turns = new Map<string, ActiveTurn>();
  private readonly settings = new Map<string, SessionSettings>();
  private nextTurnId = 1;
  private info: AgentInfo | undefined;
  private authenticatedMethod: string | undefined;
  private readonly capabilities: InstalledCapabilities;

  constructor(private readonly options: AcpClientOptions) {
    this.peer = new JsonRpcPeer(options.transport);
    this.capabilities = installCapabilities(
      this.peer,
      {
        sessionRoots: (sessionId) => {
          const session = this.sessions.get(sessionId);
          return session ? [session.cwd, ...(session.additionalDirectories ?? [])] : undefined;
        },
        emit: (event) => this.emit(event),
      },
      { ...options.capabilities, missingFileReadsAsEmpty: options.missingFileReadsAsEmpty ?? false },
    );
    this.peer.handleNotification(ACP_METHODS.sessionUpdate, (params) => this.receiveUpdate(params));
    this.peer.handleNotification(ACP_METHODS.zeroclawHistoryTrimmed, (params) => {
      const trimmed = parseHistoryTrimmed(params);
      if (!trimmed.ok) return;
      const { sessionId, droppedMessages = 0, keptTurns = 0, reason = "" } = trimmed.value;
      this.emit({ type: "history-trimmed", sessionId, droppedMessages, keptTurns, reason });
    });
    this.peer.handleOtherNotifications((_params, method) => this.emit({ type: "unknown-notification", method }));
    this.peer.handleRequest(ACP_METHODS.sessionRequestPermission, (params, context) =>
      this.receivePermissionRequest(params, context),
    );
    if (options.elicitation) {
      this.peer.handleRequest(ACP_METHODS.elicitationCreate, (params, context) =>
        this.receiveElicitation(params, context),
      );
      this.peer.handleNotification(ACP_METHODS.elicitationComplete, (params) => {
        const parsed = ElicitationCompleteParamsSchema.safeParse(params);
        if (parsed.success)
          this.emit({
            type: "notice",
            level: "info",
            message: `the agent says the step in the browser is done (${sanitizeLine(parsed.data.elicitationId)})`,
          });
      });
    }
    options.transport.onProblem((problem) => this.emit({ type: "problem", problem }));
    options.transport.onClose((close) => {
      // Turns cannot finish any more; open permission dialogs are moot.
      this.permissions.cancelAll();
      this.elicitations.cancelAll();
      // Terminal ids belong to this connection: nobody can wait on or release them any more, so their
      // commands end with it, as the agent's own children do.
      void this.capabilities.dispose();
      this.emit({ type: "disconnected", close });
    });
  }

  /** The agent as described by `initialize`; throws before it. */
  get agent(): AgentInfo {
    if (!this.info) throw new Error("initialize() has not completed");
    return this.info;
  }

  /** Subscribes to the event stream; returns the unsubscribe function. */
  subscribe(listener: ClientEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Negotiates protocol version 1 and records the agent's capabilities. We advertise only what we
   * implement: fs and terminal unless switched off, and no `elicitation` key at all (ZeroClaw treats even
   * `{}` as "form supported", protocol.md §3).
   */
  async initialize(): Promise<AgentInfo> {
    const timeoutMs = this.options.initializeTimeoutMs ?? INITIALIZE_TIMEOUT_MS;
    let raw: unknown;
    try {
      raw = await this.peer.request(
        ACP_METHODS.initialize,
        {
          protocolVersion: ACP_PROTOCOL_VERSION,
          clientCapabilities: {
            ...advertisedCapabilities(this.options.capabilities),
            // Notices and compaction are shown as transcript rows (reducer.ts); boolean config options are
            // listed and toggled in /settings.
            session: { notices: {}, compaction: {}, configOptions: { boolean: {} } },
            ...(this.options.elicitation ? { elicitation: { form: {}, url: {} } } : {}),
          },
          clientInfo: this.options.clientInfo ?? { name: "zc-pane", version: "0.1.0" },
        },
        { timeoutMs },
      );
    } catch (error) {
      throw this.startupError(error);
    }
    const legacy = detectLegacyInitialize(raw);
    if (legacy) {
      throw new ClientError(
        `the agent speaks a pre-v1 protocol (protocolVersion ${JSON.stringify(legacy.protocolVersion)}${legacy.serverName ? `, ${legacy.serverName}` : ""}); zc-pane needs ACP protocol version 1 (ZeroClaw v0.7.5 or newer)`,
        "unsupported-protocol",
      );
    }
    const parsed = parseInitializeResult(raw);
    if (!parsed.ok)
      throw new ClientError(`the agent's initialize answer is not valid ACP: ${parsed.error}`, "unsupported-protocol");
    if (parsed.value.protocolVersion !== ACP_PROTOCOL_VERSION) {
      throw new ClientError(
        `the agent answered with ACP protocol version ${JSON.stringify(parsed.value.protocolVersion)}; zc-pane speaks version ${ACP_PROTOCOL_VERSION}`,
        "unsupported-protocol",
      );
    }
    this.info = describeAgent(parsed.value);
    this.peer.profile = this.info.profile;
    log.info("initialized", { agent: this.info.name, version: this.info.version, profile: this.info.profile.name });
    return this.info;
  }

  /**
   * `session/new` in `cwd` (absolute), with ZeroClaw's `agentAlias` when one is given. `additionalDirectories`
   * are sent only when non-empty (the agent should advertise `sessionCapabilities.additionalDirectories`).
   */
  async newSession(options: {
    readonly cwd: string;
    readonly alias?: string;
    readonly additionalDirectories?: readonly string[];
  }): Promise<SessionHandle> {
    const extraDirectories = options.additionalDirectories?.length ? [...options.additionalDirectories] : undefined;
    const mcpServers = this.mcpServersToSend();
    const params = {
      cwd: options.cwd,
      mcpServers,
      ...(extraDirectories ? { additionalDirectories: extraDirectories } : {}),
      ...(options.alias ? { agentAlias: options.alias } : {}),
    };
    let raw: unknown;
    try {
      raw = await this.withAuthentication(() => this.peer.request(ACP_METHODS.sessionNew, params));
    } catch (error) {
      throw this.describeFailure(error);
    }
    const parsed = parseNewSessionResult(raw);
    if (!parsed.ok)
      throw new ClientError(`the agent's session/new answer is not valid ACP: ${parsed.error}`, "agent-error");
    const handle: SessionHandle = {
      sessionId: parsed.value.sessionId,
      cwd: options.cwd,
      ...(typeof parsed.value.workspaceDir === "string" ? { workspaceDir: parsed.value.workspaceDir } : {}),
      ...(extraDirectories ? { additionalDirectories: extraDirectories } : {}),
      result: parsed.value,
      mcpServers,
    };
    this.sessions.set(handle.sessionId, handle);
    this.updateSettings(handle.sessionId, settingsFromResult(parsed.value));
    return handle;
  }

  /**
   * `authenticate` with one of the agent's methods (normally done for you when `session/new` asks for it).
   * A `terminal` method is refused: the spec has the client run the agent interactively instead.
   */
  async authenticate(methodId: string): Promise<void> {
    const method = this.agent.authMethods.find((candidate) => candidate.id === methodId);
    if (!method)
      throw new ClientError(
        `${this.agent.name} offers no authentication method "${methodId}". ${describeAuthMethods(this.agent.authMethods, this.options.auth)}`,
        "auth-required",
      );
    if (method.type === "terminal")
      throw new ClientError(
        `"${methodId}" is a terminal login: it is run in a terminal, not sent to the agent`,
        "not-supported",
      );
    log.info("authenticating", { agent: this.agent.name, methodId });
    await this.call(ACP_METHODS.authenticate, { methodId }, AUTHENTICATE_TIMEOUT_MS);
    this.authenticatedMethod = methodId;
  }

  /** The method of the last successful `authenticate` on this connection, if any (for `/status` and `doctor`). */
  get authenticatedWith(): string | undefined {
    return this.authenticatedMethod;
  }

  /** The session's modes, config options, legacy models and usage as last reported; undefined for an unknown session. */
  sessionSettings(sessionId: string): SessionSettings | undefined {
    return this.settings.get(sessionId);
  }

  /** `session/set_mode`, only to a mode the agent listed for the session. The current mode is updated on success. */
  async setMode(sessionId: string, modeId: string): Promise<void> {
    const problem = setModeProblem(this.agent.name, this.settings.get(sessionId), modeId);
    if (problem) throw new ClientError(problem, "not-supported");
    await this.call(ACP_METHODS.sessionSetMode, { sessionId, modeId });
    const settings = this.settings.get(sessionId) ?? {};
    if (settings.modes)
      this.updateSettings(sessionId, { ...settings, modes: { ...settings.modes, currentModeId: modeId } });
  }

  /**
   * `session/set_config_option` (how the model is chosen now: the option with `category: "model"`). Checked
   * against the options the agent listed; resolves with the full new set the agent answers with.
   */
  async setConfigOption(
    sessionId: string,
    configId: string,
    value: string | boolean,
  ): Promise<readonly SessionConfigOption[]> {
    const checked = configOptionParams(this.agent.name, this.settings.get(sessionId), sessionId, configId, value);
    if ("problem" in checked) throw new ClientError(checked.problem, "not-supported");
    const parsed = parseSetConfigOptionResult(await this.call(ACP_METHODS.sessionSetConfigOption, checked.params));
    if (!parsed.ok)
      throw new ClientError(
        `the agent's session/set_config_option answer is not valid ACP: ${parsed.error}`,
        "agent-error",
      );
    this.updateSettings(sessionId, { ...this.settings.get(sessionId), configOptions: parsed.value.configOptions });
    return parsed.value.configOptions;
  }

  /** Legacy `session/set_model`: sent only to agents that listed `models` for the session (it left the spec). */
  async setModel(sessionId: string, modelId: string): Promise<void> {
    const problem = setModelProblem(this.agent.name, this.settings.get(sessionId), modelId);
    if (problem) throw new ClientError(problem, "not-supported");
    const parsed = parseEmptyResult(
      await this.call(ACP_METHODS.sessionSetModel, { sessionId, modelId }),
      ACP_METHODS.sessionSetModel,
    );
    if (!parsed.ok)
      throw new ClientError(`the agent's session/set_model answer is not valid ACP: ${parsed.error}`, "agent-error");
    const settings = this.settings.get(sessionId) ?? {};
    if (settings.models)
      this.updateSettings(sessionId, { ...settings, models: { ...settings.models, currentModelId: modelId } });
  }

  /** `session/load`: the agent replays the conversation as updates (emitted as events) before it answers. */
  async loadSession(sessionId: string, cwd: string): Promise<SessionHandle> {
    if (!this.agent.loadSession)
      throw new ClientError(
        `${this.agent.name} cannot load sessions (it does not advertise loadSession)`,
        "not-supported",
      );
    await this.restoreCall(ACP_METHODS.sessionLoad, sessionId, cwd);
    return this.remember(sessionId, cwd);
  }

  /** `session/resume`: restores without replay (ZeroClaw re-sends the plan). */
  async resumeSession(sessionId: string, cwd: string): Promise<SessionHandle> {
    if (!this.agent.canResume)
      throw new ClientError(
        `${this.agent.name} cannot resume sessions (no sessionCapabilities.resume)`,
        "not-supported",
      );
    await this.restoreCall(ACP_METHODS.sessionResume, sessionId, cwd);
    return this.remember(sessionId, cwd);
  }

  /**
   * Runs one prompt turn and resolves when the agent answers. Updates stream as events meanwhile. If the
   * agent forgot a session we hold (ZeroClaw's stdio reaper drops idle sessions, protocol.md §11.3), the
   * session is restored with `session/resume` and the prompt sent again, once, with a visible notice.
   */
  async prompt(sessionId: string, prompt: readonly ContentBlock[]): Promise<TurnResult> {
    if (this.turns.has(sessionId)) throw new ClientError("a turn is already running in this session", "busy");
    let finish!: () => void;
    const done = new Promise<void>((resolve) => (finish = resolve));
    const turn: ActiveTurn = { id: this.nextTurnId++, streamed: "", cancelled: false, done, finish };
    this.turns.set(sessionId, turn);
    this.emit({ type: "turn-started", sessionId, turnId: turn.id });
    try {
      const raw = await this.sendPrompt(sessionId, prompt);
      const parsed = parsePromptResult(raw);
      if (!parsed.ok)
        throw new ClientError(`the agent's session/prompt answer is not valid ACP: ${parsed.error}`, "agent-error");
      const { stopReason, content } = parsed.value;
      const finalText =
        stopReason === "end_turn" && typeof content === "string"
          ? reconcileFinalText(turn.streamed, content)
          : undefined;
      this.emit({ type: "turn-ended", sessionId, turnId: turn.id, stopReason, ...(finalText ? { finalText } : {}) });
      return { stopReason, ...(finalText ? { finalText } : {}) };
    } catch (error) {
      const wrapped = this.describeFailure(error, sessionId);
      this.emit({ type: "turn-failed", sessionId, turnId: turn.id, message: wrapped.message });
      throw wrapped;
    } finally {
      this.turns.delete(sessionId);
      finish();
    }
  }

  /** Whether a turn is running in the session. */
  isBusy(sessionId: string): boolean {
    return this.turns.has(sessionId);
  }

  /**
   * Cancels the running turn: the `session/cancel` notification, then every open permission request of the
   * session is answered `cancelled` (ZeroClaw's approval wait is not raced against cancel, protocol.md §5.4,
   * so without that answer the turn would hang for up to an hour). Requests that arrive before the turn
   * ends are answered `cancelled` too.
   */
  cancel(sessionId: string): void {
    const turn = this.turns.get(sessionId);
    if (turn) turn.cancelled = true;
    this.peer.notify(ACP_METHODS.sessionCancel, { sessionId });
    this.permissions.cancelAll(sessionId);
    this.elicitations.cancelAll(sessionId);
  }

  /**
   * Stops the session after the running turn finishes. ZeroClaw has `session/stop` for exactly that; for
   * other agents we wait for the turn and then close the session when they support it.
   */
  async stop(sessionId: string): Promise<void> {
    if (this.agent.canStop) {
      await this.call(ACP_METHODS.sessionStop, { sessionId }, null);
    } else {
      await this.turns.get(sessionId)?.done;
      if (this.agent.canClose) await this.call(ACP_METHODS.sessionClose, { sessionId });
    }
    this.sessions.delete(sessionId);
    this.settings.delete(sessionId);
    await this.capabilities.releaseSession(sessionId);
  }

  /** `session/close` (cancels a running turn on the agent's side). Not supported: the session is only forgotten here. */
  async closeSession(sessionId: string): Promise<boolean> {
    this.permissions.cancelAll(sessionId);
    this.elicitations.cancelAll(sessionId);
    this.sessions.delete(sessionId);
    this.settings.delete(sessionId);
    await this.capabilities.releaseSession(sessionId);
    if (!this.agent.canClose) return false;
    await this.call(ACP_METHODS.sessionClose, { sessionId });
    return true;
  }

  /** Ends the connection (and a stdio agent's process group), after killing every terminal it started. */
  async dispose(): Promise<void> {
    this.permissions.cancelAll();
    this.elicitations.cancelAll();
    await this.capabilities.dispose();
    await this.options.transport.close();
  }

  private async sendPrompt(sessionId: string, prompt: readonly ContentBlock[]): Promise<unknown> {
    const send = () => this.peer.request(ACP_METHODS.sessionPrompt, { sessionId, prompt }, { timeoutMs: null });
    try {
      return await send();
    } catch (error) {
      if (!(error instanceof RpcError && error.kind === "session-not-found" && this.sessions.has(sessionId)))
        throw error;
      const handle = this.sessions.get(sessionId)!;
      if (!this.agent.canResume) throw error;
      this.emit({
        type: "notice",
        level: "warning",
        sessionId,
        message:
          "the agent had dropped this session (idle timeout); restored it with session/resume and sent the prompt again",
      });
      await this.restoreCall(ACP_METHODS.sessionResume, sessionId, handle.cwd);
      return send();
    }
  }

  private async restoreCall(method: string, sessionId: string, cwd: string): Promise<void> {
    const mcpServers = this.mcpServersToSend();
    try {
      const raw = await this.withAuthentication(() =>
        this.peer.request(method, { sessionId, cwd, mcpServers }, { timeoutMs: RESTORE_TIMEOUT_MS }),
      );
      const parsed = parseLoadSessionResult(raw);
      // A malformed result still restored the session; it only carries no settings.
      if (parsed.ok)
        this.updateSettings(sessionId, { ...this.settings.get(sessionId), ...settingsFromResult(parsed.value) });
    } catch (error) {
      if (error instanceof RpcError && error.kind === "session-not-found") {
        throw new ClientError(
          `unknown session ${sessionId}: ${this.agent.name} has no session with that id`,
          "unknown-session",
          { cause: error },
        );
      }
      throw this.describeFailure(error, sessionId);
    }
  }

  /** The session's handle: its directories and the MCP servers it was given. */
  session(sessionId: string): SessionHandle | undefined {
    return this.sessions.get(sessionId);
  }

  /** The configured MCP servers this agent can use; a notice names those it cannot (http/sse it does not list). */
  private mcpServersToSend(): McpServer[] {
    const offer = mcpOfferFor(this.agent, this.options.mcpServers ?? []);
    if (offer.withheld.length > 0)
      this.emit({ type: "notice", level: "warning", message: withheldNotice(this.agent.name, offer.withheld) });
    return offer.servers;
  }

  private remember(sessionId: string, cwd: string): SessionHandle {
    const handle: SessionHandle = {
      sessionId,
      cwd,
      mcpServers: mcpOfferFor(this.agent, this.options.mcpServers ?? []).servers,
    };
    this.sessions.set(sessionId, handle);
    return handle;
  }

  private async call(method: string, params: unknown, timeoutMs?: number | null): Promise<unknown> {
    try {
      return await this.peer.request(method, params, timeoutMs === undefined ? {} : { timeoutMs });
    } catch (error) {
      throw this.describeFailure(error, (params as { sessionId?: string }).sessionId);
    }
  }

  private receiveUpdate(params: unknown): void {
    const notification = parseSessionNotification(params);
    if (!notification.ok) {
      log.warn(`ignored a session/update: ${notification.error}`);
      return;
    }
    const { sessionId, update } = notification.value;
    const turn = this.turns.get(sessionId);
    if (turn && update.sessionUpdate === "agent_message_chunk" && update.content.type === "text")
      turn.streamed += update.content.text;
    this.emit({ type: "update", sessionId, update });
    const settings = applySettingsUpdate(this.settings.get(sessionId) ?? {}, update);
    if (settings) this.updateSettings(sessionId, settings);
  }

  private updateSettings(sessionId: string, settings: SessionSettings): void {
    this.settings.set(sessionId, settings);
    this.emit({ type: "session-settings", sessionId, settings });
  }

  /**
   * Runs a session-opening request; when the agent answers "authentication required" (-32000 for standard
   * agents, -32010 for ZeroClaw), picks a method (`--auth`, a usable `env_var` method, or the pane's picker),
   * sends `authenticate` and runs the request once more. Without a usable method it fails with a message
   * that lists the methods and what each needs.
   */
  private async withAuthentication<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (!(error instanceof RpcError && error.kind === "auth-required")) throw error;
      const decision = await decideAuthMethod(this.agent.name, this.agent.authMethods, this.options.auth);
      if (decision.kind === "fail") throw new ClientError(decision.message, "auth-required", { cause: error });
      await this.authenticate(decision.method.id);
      try {
        return await request();
      } catch (retryError) {
        if (!(retryError instanceof RpcError && retryError.kind === "auth-required")) throw retryError;
        throw new ClientError(
          `${this.agent.name} still requires authentication after authenticate with "${decision.method.id}": ${retryError.remoteMessage}`,
          "auth-required",
          { cause: retryError },
        );
      }
    }
  }

  private async receivePermissionRequest(
    params: unknown,
    context: { id: string | number; signal: AbortSignal },
  ): Promise<unknown> {
    const parsed = parsePermissionRequest(params);
    if (!parsed.ok) throw new RpcHandlerError(-32602, `Invalid params: ${parsed.error}`);
    const request: PendingPermission = {
      key: String(context.id),
      requestId: context.id,
      sessionId: parsed.value.sessionId,
      toolCall: parsed.value.toolCall,
      options: parsed.value.options,
      receivedAt: Date.now(),
    };
    this.emit({ type: "permission-requested", request });
    const cancelledTurn = this.turns.get(request.sessionId)?.cancelled === true;
    const outcome = cancelledTurn
      ? { outcome: "cancelled" as const }
      : (this.options.permissionPolicy?.(request) ?? (await this.permissions.add(request, context.signal)));
    this.emit({
      type: "permission-settled",
      key: request.key,
      outcome: outcome.outcome === "selected" ? outcome.optionId : "cancelled",
    });
    return { outcome };
  }

  /**
   * `elicitation/create`: a form to fill or a URL to visit, queued for the UI. A mode we do not know is
   * declined; during a cancelled turn the answer is `cancel`. The outcome is said in the transcript.
   */
  private async receiveElicitation(
    params: unknown,
    context: { id: string | number; signal: AbortSignal },
  ): Promise<ElicitationResult> {
    const parsed = parseElicitationRequest(params);
    if (!parsed.ok) throw new RpcHandlerError(-32602, `Invalid params: ${parsed.error}`);
    const request = parsed.value;
    if (request.mode === "unsupported") return declineElicitation();
    const sessionId = request.sessionId;
    const result =
      sessionId !== undefined && this.turns.get(sessionId)?.cancelled === true
        ? cancelElicitation()
        : await this.elicitations.add(
            { key: String(context.id), requestId: context.id, request, receivedAt: Date.now() },
            context.signal,
          );
    const answer = describeElicitationAnswer(request, result);
    this.emit({
      type: "notice",
      level: "info",
      ...(sessionId !== undefined ? { sessionId } : {}),
      message: sanitizeLine(`${request.message} → ${answer}`),
    });
    return result;
  }

  private startupError(error: unknown): Error {
    return describeStartupFailure(error, this.options.stderrTail?.() ?? "", (other) => this.describeFailure(other));
  }

  private describeFailure(error: unknown, sessionId?: string): Error {
    return describeFailure(error, {
      agentName: this.info?.name ?? "the agent",
      sessionId,
      authHelp: () => describeAuthMethods(this.info?.authMethods ?? [], this.options.auth),
    });
  }

  private emit(event: ClientEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        log.error(`event listener failed on ${event.type}`, error);
      }
    }
  }
}
