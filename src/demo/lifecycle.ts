import { randomUUID } from "node:crypto";
import { mkdir, realpath } from "node:fs/promises";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { DEFAULT_AGENT_ALIAS, DEFAULT_MODEL, DEMO_AGENTS } from "./agents.js";
import { sendUpdate, type AgentContext } from "./context.js";
import { ioErrorText } from "./io-error.js";
import { field, firstPresent, isRecord, requireSessionId, sessionNotFound } from "./json.js";
import { newSessionState, toStored } from "./sessions.js";
import type { StoredSession } from "./store.js";
import { replayUpdates } from "./updates.js";
import { ErrorCode, RpcError } from "./wire.js";
import { errorMessage } from "../common/error-message.js";

/** The version of ZeroClaw whose wire protocol the demo reproduces (protocol.md §0). */
const EMULATED_ZEROCLAW_VERSION = "0.8.4";

/** `initialize` (§3): never fails; records only `clientCapabilities.elicitation`. */
export function handleInitialize(context: AgentContext, params: unknown): unknown {
  const elicitation = field(field(params, "clientCapabilities"), "elicitation");
  // `{}` means form support (the RFD's compatibility rule); otherwise the `form` key must be present.
  context.elicitationForm = isRecord(elicitation) && (Object.keys(elicitation).length === 0 || "form" in elicitation);
  const persistent = context.store !== undefined;
  return {
    protocolVersion: 1,
    agentCapabilities: {
      loadSession: persistent,
      promptCapabilities: { image: false, audio: false, embeddedContext: true },
      mcpCapabilities: { http: false, sse: false },
      sessionCapabilities: persistent ? { resume: {}, close: {} } : {},
    },
    agentInfo: { name: "zeroclaw-acp", title: "ZeroClaw ACP (zc-pane demo)", version: EMULATED_ZEROCLAW_VERSION },
    authMethods: [],
    _meta: {
      zeroclaw: {
        maxSessions: context.limits.maxSessions,
        sessionTimeoutSecs: context.limits.sessionTimeoutSecs,
        defaultModel: DEFAULT_MODEL,
      },
    },
  };
}

/** `<stateDir>/agents/<alias>/workspace`, the demo's `<install_root>/agents/<alias>/workspace`. */
function agentWorkspace(context: AgentContext, alias: string): string {
  return join(context.stateDir, "agents", alias, "workspace");
}

/** `session/new` (§4), errors in ZeroClaw's order: alias, cwd, session limit, persistence. */
export async function handleNew(context: AgentContext, params: unknown): Promise<unknown> {
  const requested = firstPresent(params, ["agentAlias", "agent_alias", "agent"]);
  const alias = typeof requested === "string" && requested.trim() !== "" ? requested.trim() : DEFAULT_AGENT_ALIAS;
  const agent = DEMO_AGENTS.get(alias);
  if (!agent) {
    throw new RpcError(ErrorCode.invalidParams, `Unknown agent \`${alias}\` — no [agents.${alias}] entry configured`);
  }
  const cwd = firstPresent(params, ["cwd", "workspaceDir", "workspace_dir"]);
  let workspaceDir: string;
  if (typeof cwd === "string") {
    const canonical = await realpath(cwd).catch((error: unknown) => {
      throw new RpcError(ErrorCode.invalidParams, `cwd is not a usable directory (${cwd}): ${ioErrorText(error)}`);
    });
    // A cwd equal to the install root is the "." placeholder case: the agent workspace is used instead.
    const installRoot = await realpath(context.stateDir).catch(() => context.stateDir);
    workspaceDir = canonical === installRoot ? agentWorkspace(context, alias) : canonical;
  } else {
    workspaceDir = agentWorkspace(context, alias);
  }
  const sessionId = randomUUID();
  context.sessions.reserve(sessionId, { restoring: false });
  try {
    if (workspaceDir === agentWorkspace(context, alias))
      await mkdir(workspaceDir, { recursive: true }).catch(() => undefined);
    const session = newSessionState({
      id: sessionId,
      agent,
      workspaceDir,
      createdAt: new Date().toISOString(),
      elicitationForm: context.elicitationForm,
    });
    if (context.store) {
      await context.store.save(toStored(session)).catch((error: unknown) => {
        throw new RpcError(ErrorCode.internalError, `Failed to persist session: ${ioErrorText(error)}`);
      });
    }
    context.sessions.publish(session);
    return { sessionId, workspaceDir };
  } finally {
    context.sessions.release(sessionId);
  }
}

/** Reads a stored session for load/resume, with §8.4's check order. The slot stays reserved on success. */
async function restore(context: AgentContext, params: unknown): Promise<{ sessionId: string; stored: StoredSession }> {
  const sessionId = requireSessionId(params);
  if (!context.store) throw sessionNotFound(sessionId);
  context.sessions.reserve(sessionId, { restoring: true });
  let stored: StoredSession | undefined;
  try {
    stored = await context.store.load(sessionId);
  } catch (error) {
    context.sessions.release(sessionId);
    throw new RpcError(ErrorCode.internalError, `Failed to load session: ${errorMessage(error)}`);
  }
  if (!stored) {
    context.sessions.release(sessionId);
    throw sessionNotFound(sessionId);
  }
  // The stored owner agent, else `[acp].default_agent` (the demo's agents are always dispatchable).
  const agent = DEMO_AGENTS.get(stored.agentAlias) ?? DEMO_AGENTS.get(DEFAULT_AGENT_ALIAS)!;
  context.sessions.publish(
    newSessionState({
      id: sessionId,
      agent,
      workspaceDir: stored.workspaceDir,
      createdAt: stored.createdAt,
      elicitationForm: context.elicitationForm,
      messages: stored.messages,
      plan: stored.plan,
    }),
  );
  return { sessionId, stored };
}

/** `session/load` (§8.4): restore, replay the stored history, then `{}`. The plan is not replayed. */
export async function handleLoad(context: AgentContext, params: unknown): Promise<unknown> {
  const { sessionId, stored } = await restore(context, params);
  for (const message of stored.messages) {
    for (const update of replayUpdates(message)) sendUpdate(context, sessionId, update);
  }
  return {};
}

/** `session/resume` (§8.5): restore without replay; re-send the stored plan as one update if non-empty. */
export async function handleResume(context: AgentContext, params: unknown): Promise<unknown> {
  const { sessionId, stored } = await restore(context, params);
  if (stored.plan && stored.plan.length > 0)
    sendUpdate(context, sessionId, { sessionUpdate: "plan", entries: stored.plan });
  return {};
}

/** `session/cancel` (§8.1), request or notification: fires the turn's cancel token; `{}` even when idle. */
export function handleCancel(context: AgentContext, params: unknown): unknown {
  const sessionId = requireSessionId(params);
  context.turns.get(sessionId)?.abort();
  return {};
}

/** `session/close` (§8.3): cancel the in-flight turn, remove the session, wait for the turn, `{}`. */
export async function handleClose(context: AgentContext, params: unknown): Promise<unknown> {
  const sessionId = requireSessionId(params);
  context.turns.get(sessionId)?.abort();
  const session = context.sessions.remove(sessionId);
  if (!session) throw sessionNotFound(sessionId);
  await session.turn;
  return {};
}

/** `session/stop` (§8.2): remove now, let the in-flight turn finish normally, then reply. */
export async function handleStop(context: AgentContext, params: unknown): Promise<unknown> {
  const sessionId = requireSessionId(params);
  const session = context.sessions.remove(sessionId);
  if (!session) throw sessionNotFound(sessionId);
  await session.turn;
  return { sessionId, stopped: true };
}

/** Inbound `session/update` / `session/event` (§8.6): only refreshes the idle timer (keep-alive). */
export function handleSessionEvent(context: AgentContext, params: unknown): unknown {
  const sessionId = requireSessionId(params);
  // `type` wins when present at all (even non-string); only then `update.sessionUpdate`.
  const raw =
    isRecord(params) && Object.hasOwn(params, "type")
      ? params["type"]
      : field(field(params, "update"), "sessionUpdate");
  const type = typeof raw === "string" ? raw : "unknown";
  const session = context.sessions.get(sessionId);
  if (!session) throw sessionNotFound(sessionId);
  // Like ZeroClaw's try_lock: a session in a turn is refreshed by the turn's end instead.
  if (session.turn === undefined) session.lastActiveMs = performance.now();
  return { sessionId, type, status: "processed" };
}
