import {
  ACP_METHODS,
  parseLoadSessionResult,
  parseNewSessionResult,
  type McpServer,
  type NewSessionResult,
} from "../protocol/index.js";
import { RpcError } from "../rpc/errors.js";
import type { Authentication } from "./authentication.js";
import type { ClientCore } from "./client-core.js";
import { ClientError } from "./errors.js";
import { mcpOfferFor, withheldNotice } from "./mcp-offer.js";
import type { SettingsControl } from "./settings-control.js";

/** Replays of long sessions take time; a minute is generous but still catches a dead agent. */
const RESTORE_TIMEOUT_MS = 60_000;

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

/**
 * The sessions this connection holds: opened with `session/new`, restored with `session/load` or
 * `session/resume` (authenticating first when the agent asks), each with its directories and MCP servers.
 */
export class Sessions {
  private readonly handles = new Map<string, SessionHandle>();

  constructor(
    private readonly core: ClientCore,
    private readonly authentication: Authentication,
    private readonly settings: SettingsControl,
    private readonly mcpServers: readonly McpServer[],
  ) {}

  /** The session's handle: its directories and the MCP servers it was given. */
  get(sessionId: string): SessionHandle | undefined {
    return this.handles.get(sessionId);
  }

  /** The session's cwd and additional directories, or undefined for a session this client does not hold. */
  roots(sessionId: string): readonly string[] | undefined {
    const session = this.handles.get(sessionId);
    return session ? [session.cwd, ...(session.additionalDirectories ?? [])] : undefined;
  }

  forget(sessionId: string): void {
    this.handles.delete(sessionId);
  }

  /**
   * `session/new` in `cwd` (absolute), with ZeroClaw's `agentAlias` when one is given. `additionalDirectories`
   * are sent only when non-empty (the agent should advertise `sessionCapabilities.additionalDirectories`).
   */
  async open(options: {
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
      raw = await this.authentication.around(() => this.core.peer.request(ACP_METHODS.sessionNew, params));
    } catch (error) {
      throw this.core.describeFailure(error);
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
    this.handles.set(handle.sessionId, handle);
    this.settings.opened(handle.sessionId, parsed.value);
    return handle;
  }

  /** `session/load`: the agent replays the conversation as updates (emitted as events) before it answers. */
  async load(sessionId: string, cwd: string): Promise<SessionHandle> {
    const agent = this.core.agent;
    if (!agent.loadSession)
      throw new ClientError(`${agent.name} cannot load sessions (it does not advertise loadSession)`, "not-supported");
    await this.restore(ACP_METHODS.sessionLoad, sessionId, cwd);
    return this.remember(sessionId, cwd);
  }

  /** `session/resume`: restores without replay (ZeroClaw re-sends the plan). */
  async resume(sessionId: string, cwd: string): Promise<SessionHandle> {
    const agent = this.core.agent;
    if (!agent.canResume)
      throw new ClientError(`${agent.name} cannot resume sessions (no sessionCapabilities.resume)`, "not-supported");
    await this.restore(ACP_METHODS.sessionResume, sessionId, cwd);
    return this.remember(sessionId, cwd);
  }

  /** `session/load` or `session/resume` of a session; the settings its result carries are kept. */
  async restore(method: string, sessionId: string, cwd: string): Promise<void> {
    const mcpServers = this.mcpServersToSend();
    try {
      const raw = await this.authentication.around(() =>
        this.core.peer.request(method, { sessionId, cwd, mcpServers }, { timeoutMs: RESTORE_TIMEOUT_MS }),
      );
      const parsed = parseLoadSessionResult(raw);
      // A malformed result still restored the session; it only carries no settings.
      if (parsed.ok) this.settings.restored(sessionId, parsed.value);
    } catch (error) {
      if (error instanceof RpcError && error.kind === "session-not-found") {
        throw new ClientError(
          `unknown session ${sessionId}: ${this.core.agent.name} has no session with that id`,
          "unknown-session",
          { cause: error },
        );
      }
      throw this.core.describeFailure(error, sessionId);
    }
  }

  /** The configured MCP servers this agent can use; a notice names those it cannot (http/sse it does not list). */
  private mcpServersToSend(): McpServer[] {
    const offer = mcpOfferFor(this.core.agent, this.mcpServers);
    if (offer.withheld.length > 0)
      this.core.emit({
        type: "notice",
        level: "warning",
        message: withheldNotice(this.core.agent.name, offer.withheld),
      });
    return offer.servers;
  }

  private remember(sessionId: string, cwd: string): SessionHandle {
    const handle: SessionHandle = { sessionId, cwd, mcpServers: mcpOfferFor(this.core.agent, this.mcpServers).servers };
    this.handles.set(sessionId, handle);
    return handle;
  }
}
