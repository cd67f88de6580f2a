import type { AcpClient } from "../client/acp-client.js";
import type { AgentInfo } from "../client/agent-info.js";
import { ClientError } from "../client/errors.js";
import { RpcError } from "../rpc/errors.js";

/** How a session comes back: `resume` (no replay, the pane shows its own history) or `load` (the agent replays). */
export type RestoreMode = "resume" | "load";

/** What {@link restoreSession} restores, and how it would rather do it. */
export interface RestoreRequest {
  readonly sessionId: string;
  readonly cwd: string;
  /** The preferred way; the other one is used when the agent lacks it. */
  readonly prefer: RestoreMode;
  /** Called right before the request goes out, with the way actually used (the journal marks the restore). */
  readonly beforeCall?: (how: RestoreMode) => void;
}

/**
 * The way the agent can restore a session: `prefer` when it advertises it, else the other one. Throws a
 * {@link ClientError} (`not-supported`) that says so plainly when it can do neither.
 */
export function chooseRestoreMode(agent: AgentInfo, prefer: RestoreMode): RestoreMode {
  const can = { resume: agent.canResume, load: agent.loadSession };
  if (can[prefer]) return prefer;
  const other: RestoreMode = prefer === "resume" ? "load" : "resume";
  if (can[other]) return other;
  throw new ClientError(
    `${agent.title ?? agent.name} cannot restore sessions: it advertises neither session/resume nor session/load`,
    "not-supported",
  );
}

/**
 * How to ask for a session back. `session/resume` replays nothing: with no local transcript on screen (a
 * session only the agent knows, opened elsewhere or by another client) the pane would show an empty
 * conversation, so an agent that can `session/load` is asked to replay it instead.
 */
export function restoreModeFor(agent: AgentInfo, requested: RestoreMode, holdsHistory: boolean): RestoreMode {
  return requested === "resume" && !holdsHistory && agent.loadSession ? "load" : requested;
}

/**
 * Restores a session on a connected client with `session/resume` or `session/load` (see
 * {@link chooseRestoreMode}). ZeroClaw refuses to restore a session that is still active on the same
 * connection ("Session already active: … Call session/close first.", -32602, protocol.md §8.4): that is
 * answered with `session/close` and one more try. Resolves with the way used.
 */
export async function restoreSession(
  client: Pick<AcpClient, "resumeSession" | "loadSession" | "closeSession">,
  agent: AgentInfo,
  request: RestoreRequest,
): Promise<RestoreMode> {
  const how = chooseRestoreMode(agent, request.prefer);
  const call = () => {
    request.beforeCall?.(how);
    return how === "resume"
      ? client.resumeSession(request.sessionId, request.cwd)
      : client.loadSession(request.sessionId, request.cwd);
  };
  try {
    await call();
  } catch (error) {
    if (!isAlreadyActive(error)) throw error;
    await client.closeSession(request.sessionId);
    await call();
  }
  return how;
}

/** ZeroClaw's "Session already active" refusal of a load or resume. */
export function isAlreadyActive(error: unknown): boolean {
  const cause = error instanceof ClientError ? error.cause : error;
  return cause instanceof RpcError && /already active/i.test(cause.remoteMessage);
}
