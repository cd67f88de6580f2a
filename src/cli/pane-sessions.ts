import { shortId } from "../common/format.js";
import { downloadDir, stateDir } from "../config/paths.js";
import { sanitizeLine } from "../markdown/sanitize.js";
import type { PaneStore } from "../state/pane-store.js";
import { agentLabel, type SessionEntry } from "../state/persistence/session-entry.js";
import { SessionIndex } from "../state/persistence/session-index.js";
import { showLocalTranscript } from "../state/restore-local.js";
import type { SessionController } from "../state/session-controller.js";
import { planDeletion, type DeletionPlan, type ListedEntry } from "../state/session-deletion.js";
import type { SessionPickerSource } from "../ui/sessions/session-picker.js";
import type { AgentSessionInfo } from "../client/session-list.js";
import { mergeSessions } from "./agent-sessions.js";
import { errorMessage } from "../common/error-message.js";

/**
 * `/sessions` for one pane: the local index with the agent's own sessions merged in (when it offers
 * `session/list`); a session of the same agent and transport resumes here, another one needs its own pane;
 * deleting asks the agent (`session/delete`, when offered) and removes the local record.
 */
export function paneSessions(options: {
  readonly controller: SessionController;
  readonly store: PaneStore;
  /** This pane's agent and transport, as the index records them. */
  readonly here: Pick<SessionEntry, "agent" | "transport">;
  /** Before a switched-to session's transcript is shown. */
  readonly clearScreen: () => void;
}): SessionPickerSource {
  const { controller, store, here } = options;
  const notice = (level: "info" | "warning" | "error", message: string) =>
    store.dispatch({ type: "notice", level, message });
  const ofThisConnection = (entry: SessionEntry) =>
    entry.agent === here.agent && JSON.stringify(entry.transport) === JSON.stringify(here.transport);

  const load = async (): Promise<ListedEntry[]> => {
    const local = await new SessionIndex(stateDir()).list();
    const client = controller.client;
    let remote: readonly AgentSessionInfo[] = [];
    if (client?.agent.canList) {
      try {
        remote = await client.listSessions();
      } catch (error) {
        notice("warning", `the agent's session list: ${sanitizeLine(errorMessage(error))}`);
      }
    }
    // A session only the agent knows belongs to this agent and connection: choosing it resumes it here.
    const byId = new Map(local.map((entry) => [entry.id, entry]));
    return mergeSessions(local, remote, here.agent).map((listed) => ({
      ...(byId.get(listed.id) ?? { ...here, created: listed.lastActivity }),
      id: listed.id,
      cwd: listed.cwd,
      title: listed.title,
      lastActivity: listed.lastActivity,
      where: listed.where,
    }));
  };

  const choose = (entry: ListedEntry) => {
    if (!ofThisConnection(entry)) {
      notice(
        "info",
        `${shortId(entry.id)} was opened with ${sanitizeLine(agentLabel(entry))} (${entry.transport.kind === "gateway" ? entry.transport.url : entry.transport.command}); resume it in a new pane with:\n  zc-pane --resume ${entry.id}`,
      );
      return;
    }
    void controller.switchSession(entry.id, async () => {
      options.clearScreen();
      return showLocalTranscript(stateDir(), downloadDir(), entry.id, store);
    });
  };

  const planDelete = (entry: ListedEntry) => {
    const agent = controller.agent;
    return planDeletion(entry, {
      currentId: controller.sessionId,
      agent: agent ? { name: sanitizeLine(agent.title ?? agent.name), canDelete: agent.canDelete } : undefined,
      ofThisConnection: ofThisConnection(entry),
    });
  };

  const remove = async (entry: ListedEntry, plan: DeletionPlan) => {
    if (plan.kind !== "delete") return;
    const name = shortId(entry.id);
    const agentName = sanitizeLine(controller.agent?.title ?? controller.agent?.name ?? "the agent");
    const done: string[] = [];
    try {
      if (plan.atAgent) {
        const client = controller.client;
        if (!client) throw new Error("not connected to the agent");
        const known = await client.deleteSession(entry.id);
        done.push(known ? `at ${agentName}` : `nothing at ${agentName} (it had no such session)`);
      }
      if (plan.local) {
        await new SessionIndex(stateDir()).remove(entry.id);
        done.push("its local record and transcript");
      }
    } catch (error) {
      // The agent refused: the local record stays, so the session can still be found and deleted again.
      notice(
        "error",
        `could not delete ${name}: ${sanitizeLine(errorMessage(error))}${done.length ? ` (deleted ${done.join(", ")})` : ""}`,
      );
      return;
    }
    notice("info", `deleted ${name}: ${done.join(" and ")}`);
  };

  return { load, choose, planDelete, remove };
}
