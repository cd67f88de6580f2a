import { ACP_METHODS } from "../protocol/index.js";
import type { ClientCore } from "./client-core.js";
import { ClientError } from "./errors.js";

/** One session as the agent's `session/list` describes it (unsanitized: the caller sanitizes for display). */
export interface AgentSessionInfo {
  readonly sessionId: string;
  readonly cwd: string;
  readonly title?: string;
  readonly updatedAt?: string;
}

/** Pages followed at most: an agent whose cursor never ends must not keep `zc-pane sessions` waiting. */
const MAX_PAGES = 50;
const LIST_TIMEOUT_MS = 15_000;

function infoOf(raw: unknown): AgentSessionInfo | undefined {
  if (!raw || typeof raw !== "object") return undefined;
  const { sessionId, cwd, title, updatedAt } = raw as Record<string, unknown>;
  // The schema skips invalid items rather than failing the list: so do we.
  if (typeof sessionId !== "string" || sessionId === "" || typeof cwd !== "string") return undefined;
  return {
    sessionId,
    cwd,
    ...(typeof title === "string" && title !== "" ? { title } : {}),
    ...(typeof updatedAt === "string" && updatedAt !== "" ? { updatedAt } : {}),
  };
}

/**
 * The agent's own sessions (`session/list`, every page), for agents that advertise
 * `sessionCapabilities.list`; `cwd` narrows them to one directory.
 */
export async function listAgentSessions(core: ClientCore, cwd?: string): Promise<AgentSessionInfo[]> {
  const agent = core.agent;
  if (!agent.canList)
    throw new ClientError(`${agent.name} cannot list its sessions (no sessionCapabilities.list)`, "not-supported");
  const found: AgentSessionInfo[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const raw = (await core.peer.request(
      ACP_METHODS.sessionList,
      { ...(cwd ? { cwd } : {}), ...(cursor ? { cursor } : {}) },
      { timeoutMs: LIST_TIMEOUT_MS },
    )) as { sessions?: unknown; nextCursor?: unknown } | null;
    for (const item of Array.isArray(raw?.sessions) ? raw.sessions : []) {
      const info = infoOf(item);
      if (info) found.push(info);
    }
    cursor = typeof raw?.nextCursor === "string" && raw.nextCursor !== "" ? raw.nextCursor : undefined;
    if (!cursor) break;
  }
  return found;
}
