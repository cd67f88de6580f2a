import { shortId } from "../common/format.js";
import { sanitizeLine } from "../markdown/sanitize.js";
import type { SessionEntry, SessionWhere } from "./persistence/session-entry.js";

/** A session as `/sessions` lists it: an index entry, and where it is known. */
export interface ListedEntry extends SessionEntry {
  readonly where: SessionWhere;
}

/** What deleting a listed session does, asked before the user says y. */
export type DeletionPlan =
  | { readonly kind: "refused"; readonly message: string }
  | {
      readonly kind: "delete";
      /** `session/delete` goes to the connected agent. */
      readonly atAgent: boolean;
      /** The local index entry and transcript journal are removed. */
      readonly local: boolean;
      /** The y/n question, naming both. */
      readonly question: string;
    };

/** The pane's side of a deletion: its open session and the agent it is connected to. */
export interface DeletionContext {
  readonly currentId?: string | undefined;
  /** The connected agent's name and whether it offers `session/delete`; undefined while not connected. */
  readonly agent?: { readonly name: string; readonly canDelete: boolean } | undefined;
  /** Whether the entry was opened with the agent and transport of this pane (only then is the agent asked). */
  readonly ofThisConnection: boolean;
}

/**
 * What deleting `entry` does. The agent is asked (`session/delete`) only for a session of this connection
 * and only when it offers `sessionCapabilities.delete`; without it only the local record goes, and the
 * question says so. The pane's own open session is not deleted under it.
 */
export function planDeletion(entry: ListedEntry, context: DeletionContext): DeletionPlan {
  const name = `${shortId(entry.id)}${entry.title ? ` “${sanitizeLine(entry.title)}”` : ""}`;
  if (entry.id === context.currentId)
    return { kind: "refused", message: `${name} is open in this pane: switch to another session to delete it` };
  const local = entry.where !== "agent";
  const agent = context.ofThisConnection ? context.agent : undefined;
  if (agent?.canDelete)
    return {
      kind: "delete",
      atAgent: true,
      local,
      question: `delete ${name} at ${agent.name}${local ? " and its local transcript" : ""}?`,
    };
  if (!local)
    return {
      kind: "refused",
      message: `${agent?.name ?? "the agent"} cannot delete sessions (no session/delete), and nothing of ${name} is kept here`,
    };
  const why = agent
    ? `${agent.name} cannot delete sessions (no session/delete): `
    : context.ofThisConnection
      ? "not connected: "
      : "opened with another agent: ";
  return { kind: "delete", atAgent: false, local, question: `${why}delete only the local record of ${name}?` };
}
