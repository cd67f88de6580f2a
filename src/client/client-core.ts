import { createLogger } from "../log/logger.js";
import { JsonRpcPeer } from "../rpc/peer.js";
import type { Transport } from "../transport/transport.js";
import type { AgentInfo } from "./agent-info.js";
import { describeAuthMethods, type AuthOptions } from "./auth.js";
import type { ClientEvent, ClientEventListener } from "./events.js";
import { describeFailure } from "./failures.js";

const log = createLogger("client");

/**
 * What every part of the client shares: the JSON-RPC peer, the event stream, the agent as `initialize`
 * described it, and how a failed call is worded for the user.
 */
export class ClientCore {
  readonly peer: JsonRpcPeer;
  private readonly listeners = new Set<ClientEventListener>();
  private info: AgentInfo | undefined;

  constructor(
    transport: Transport,
    private readonly auth: AuthOptions | undefined,
  ) {
    this.peer = new JsonRpcPeer(transport);
  }

  /** The agent as described by `initialize`; throws before it. */
  get agent(): AgentInfo {
    if (!this.info) throw new Error("initialize() has not completed");
    return this.info;
  }

  /** Records the agent `initialize` described; the peer follows its profile from now on. */
  initialized(info: AgentInfo): void {
    this.info = info;
    this.peer.profile = info.profile;
  }

  /** Subscribes to the event stream; returns the unsubscribe function. */
  subscribe(listener: ClientEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Delivers an event to every subscriber; one failing listener does not keep it from the others. */
  emit(event: ClientEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        log.error(`event listener failed on ${event.type}`, error);
      }
    }
  }

  /** A request whose failure is reworded for the user (see {@link describeFailure}). */
  async call(method: string, params: unknown, timeoutMs?: number | null): Promise<unknown> {
    try {
      return await this.peer.request(method, params, timeoutMs === undefined ? {} : { timeoutMs });
    } catch (error) {
      throw this.describeFailure(error, (params as { sessionId?: string }).sessionId);
    }
  }

  /** An error of the agent, the connection or the protocol, as the user should read it. */
  describeFailure(error: unknown, sessionId?: string): Error {
    return describeFailure(error, {
      agentName: this.info?.name ?? "the agent",
      sessionId,
      authHelp: () => describeAuthMethods(this.info?.authMethods ?? [], this.auth),
    });
  }
}
