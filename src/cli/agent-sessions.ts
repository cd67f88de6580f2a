import type { AgentSessionInfo } from "../client/session-list.js";
import { buildAgentRegistry } from "../config/agents.js";
import { loadConfigFile } from "../config/config-file.js";
import { resolveConnection, type ConnectionOptions } from "../config/connection.js";
import { shownTitle, timeOf, type SessionEntry, type SessionWhere } from "../state/persistence/session-entry.js";
import { connect } from "./connect.js";

/** A session as `zc-pane sessions` lists it: from the local index, from the agent's `session/list`, or both. */
export interface ListedSession extends Pick<SessionEntry, "id" | "agent" | "cwd" | "title" | "lastActivity"> {
  readonly agentTitle?: string;
  readonly where: SessionWhere;
}

/**
 * Asks the agent the connection options name for its own sessions (`session/list`, no side effects: no
 * session is opened), then closes the connection. `agent` is its name for the listing.
 */
export async function fetchAgentSessions(
  options: ConnectionOptions,
  cwd: string,
): Promise<{ readonly agent: string; readonly sessions: readonly AgentSessionInfo[] }> {
  const config = loadConfigFile();
  const registry = buildAgentRegistry(config.config, config.path, { configFound: config.found });
  const connected = await connect(resolveConnection(options, { registry }), {
    cwd,
    refuseSideEffects: "zc-pane sessions only lists sessions",
  });
  try {
    const agent = connected.agent.title ?? connected.agent.name;
    return { agent, sessions: await connected.client.listSessions() };
  } finally {
    await connected.client.dispose();
  }
}

/**
 * The local index and the agent's list as one, newest first, each with the title to show: the agent's
 * (its list's, else the last `session_info_update` recorded here), else the first prompt's. A session in
 * both keeps the local entry, with the later of the two activity times.
 */
export function mergeSessions(
  local: readonly SessionEntry[],
  remote: readonly AgentSessionInfo[],
  agent: string,
): ListedSession[] {
  const byId = new Map(remote.map((session) => [session.sessionId, session]));
  const merged: ListedSession[] = local.map((entry) => {
    const other = byId.get(entry.id);
    if (!other) return { ...entry, title: shownTitle(entry), where: "local" as const };
    byId.delete(entry.id);
    const later = other.updatedAt && timeOf(other.updatedAt) > timeOf(entry.lastActivity);
    return {
      ...entry,
      title: other.title || shownTitle(entry),
      ...(later ? { lastActivity: other.updatedAt! } : {}),
      where: "both" as const,
    };
  });
  for (const other of byId.values())
    merged.push({
      id: other.sessionId,
      agent,
      cwd: other.cwd,
      title: other.title ?? "",
      lastActivity: other.updatedAt ?? "",
      where: "agent",
    });
  return merged.sort(
    (a, b) => timeOf(b.lastActivity) - timeOf(a.lastActivity) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}
