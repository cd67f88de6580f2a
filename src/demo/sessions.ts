import { performance } from "node:perf_hooks";
import type { DemoAgent } from "./agents.js";
import type { PlanEntry, StoredMessage, StoredSession } from "./store.js";
import { ErrorCode, RpcError } from "./wire.js";

/** One live session (ZeroClaw's `Session` plus its agent's conversation and approval state). */
export interface DemoSession {
  readonly id: string;
  readonly agent: DemoAgent;
  readonly workspaceDir: string;
  readonly createdAt: string;
  /** Monotonic time of the last activity (end of a turn, inbound `session/update`), for the reaper. */
  lastActiveMs: number;
  /** The conversation as stored: the agent's history, replayed by `session/load`. */
  messages: StoredMessage[];
  /** Latest plan of a successful turn; re-sent by `session/resume`. */
  plan: PlanEntry[] | null;
  /** Tools answered `allow-always` in this session: in memory only, like ZeroClaw's approval manager. */
  readonly alwaysAllowed: Set<string>;
  /** Copied from the connection's `initialize` when the session was created or restored (§3). */
  readonly elicitationForm: boolean;
  /**
   * Settles when the in-flight turn has fully finished (result written). It plays the part of ZeroClaw's
   * inner session lock: stop and close wait on it, the reaper never reaps while it is set.
   */
  turn: Promise<void> | undefined;
}

export function newSessionState(init: {
  id: string;
  agent: DemoAgent;
  workspaceDir: string;
  createdAt: string;
  elicitationForm: boolean;
  messages?: StoredMessage[];
  plan?: PlanEntry[] | null;
}): DemoSession {
  return {
    id: init.id,
    agent: init.agent,
    workspaceDir: init.workspaceDir,
    createdAt: init.createdAt,
    lastActiveMs: performance.now(),
    messages: init.messages ?? [],
    plan: init.plan ?? null,
    alwaysAllowed: new Set(),
    elicitationForm: init.elicitationForm,
    turn: undefined,
  };
}

export function toStored(session: DemoSession, now = new Date()): StoredSession {
  return {
    version: 1,
    sessionId: session.id,
    agentAlias: session.agent.alias,
    workspaceDir: session.workspaceDir,
    createdAt: session.createdAt,
    lastActivity: now.toISOString(),
    plan: session.plan,
    messages: session.messages,
  };
}

/**
 * The active-session map of one server instance, with ZeroClaw's reservation rules (§11.3): the limit
 * counts active plus currently-restoring sessions, and a restore of an id that is active or already being
 * restored is refused.
 */
export class SessionRegistry {
  private readonly active = new Map<string, DemoSession>();
  private readonly loading = new Set<string>();

  constructor(readonly maxSessions: number) {}

  get(id: string): DemoSession | undefined {
    return this.active.get(id);
  }

  /** Reserves a slot for `id`: -32001 when full, then (for restores) -32602 when it is already live. */
  reserve(id: string, options: { restoring: boolean }): void {
    if (this.active.size + this.loading.size >= this.maxSessions) {
      throw new RpcError(ErrorCode.sessionLimitReached, `Maximum session limit reached (${this.maxSessions})`);
    }
    if (options.restoring && (this.active.has(id) || this.loading.has(id))) {
      throw new RpcError(ErrorCode.invalidParams, `Session already active: ${id}. Call session/close first.`);
    }
    this.loading.add(id);
  }

  /** Gives back a reservation after a failed create or restore. */
  release(id: string): void {
    this.loading.delete(id);
  }

  /** Turns a reservation into a live session. */
  publish(session: DemoSession): void {
    this.loading.delete(session.id);
    this.active.set(session.id, session);
  }

  remove(id: string): DemoSession | undefined {
    const session = this.active.get(id);
    this.active.delete(id);
    return session;
  }

  /** Drops sessions idle for longer than `timeoutMs`, never one with a turn in flight (§11.3). */
  reap(timeoutMs: number, now = performance.now()): string[] {
    const reaped: string[] = [];
    for (const [id, session] of this.active) {
      if (session.turn === undefined && now - session.lastActiveMs > timeoutMs) {
        this.active.delete(id);
        reaped.push(id);
      }
    }
    return reaped;
  }
}
