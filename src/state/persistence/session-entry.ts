import { createHash } from "node:crypto";
import { join } from "node:path";
import * as z from "zod";
import { sanitizeLine } from "../../markdown/sanitize.js";

/**
 * What the local session index (`sessions.json`) and every journal header record about one session
 * (design.md §5): enough to list it and to reopen it with the same transport and agent (`--resume`).
 */

/** How the session's agent was reached: a spawned command, or a gateway URL (never with a token in it). */
export const SessionTransportSchema = z.discriminatedUnion("kind", [
  z.looseObject({ kind: z.literal("stdio"), command: z.string(), args: z.array(z.string()) }),
  z.looseObject({ kind: z.literal("gateway"), url: z.string() }),
]);
/** See {@link SessionTransportSchema}. */
export type SessionTransport = z.infer<typeof SessionTransportSchema>;

/**
 * One session in the index. Times are ISO 8601 strings (UTC). The schema is loose: fields a newer zc-pane
 * adds survive an older one's merge-and-rewrite.
 */
export interface SessionEntry extends SessionFields {
  readonly lastActivity: string;
}

/** Where a listed session is known: this machine's index, the agent's `session/list`, or both. */
export type SessionWhere = "local" | "agent" | "both";

/** The fields fixed when the session is opened: what a journal header carries. */
export interface SessionFields {
  readonly id: string;
  /** The registry name (`demo`, `zeroclaw`), or the command of `--agent-cmd`; `zeroclaw` for a gateway. */
  readonly agent: string;
  /** The agent's own name from `initialize` (`agentInfo.title`, else `name`), for listings; `agent` reopens it. */
  readonly agentTitle?: string;
  /** ZeroClaw's `agentAlias` the session was opened with, when one was given. */
  readonly alias?: string;
  readonly transport: SessionTransport;
  readonly cwd: string;
  /** First line of the first prompt, sanitized and cut (see {@link sessionTitle}); `""` until there is one. */
  readonly title: string;
  /**
   * The title the agent gave the session (`session_info_update`), sanitized and cut like `title`; `""` once
   * the agent cleared it. Listings show it instead of `title` (see {@link shownTitle}).
   */
  readonly titleFromAgent?: string;
  /** The model last in use (its id, as `/model` sets it): set again after a restore when the agent forgot it. */
  readonly model?: string;
  readonly created: string;
}

const sessionEntrySchema = z.looseObject({
  id: z.string().min(1),
  agent: z.string(),
  agentTitle: z.string().optional(),
  alias: z.string().optional(),
  transport: SessionTransportSchema,
  cwd: z.string(),
  title: z.string(),
  titleFromAgent: z.string().optional(),
  model: z.string().optional(),
  created: z.string(),
  lastActivity: z.string(),
});

/** Checks an untrusted value (a line of the index or of a journal) as a {@link SessionEntry}. */
export function parseSessionEntry(value: unknown): SessionEntry | undefined {
  const parsed = sessionEntrySchema.safeParse(value);
  return parsed.success ? (parsed.data as SessionEntry) : undefined;
}

/** Longest title kept, in characters (code points), the ellipsis included. */
export const TITLE_MAX_CHARS = 80;

/**
 * The title of a session from its first prompt: the first non-blank line, stripped of control characters
 * and escape sequences (the index is printed to terminals by `zc-pane sessions`), runs of whitespace
 * collapsed, cut to {@link TITLE_MAX_CHARS} code points so an emoji is never split in half.
 */
export function sessionTitle(prompt: string): string {
  const firstLine = prompt.split(/\r?\n/).find((line) => line.trim() !== "") ?? "";
  const clean = sanitizeLine(firstLine).replace(/\s+/g, " ").trim();
  const chars = Array.from(clean);
  return chars.length <= TITLE_MAX_CHARS
    ? clean
    : `${chars
        .slice(0, TITLE_MAX_CHARS - 1)
        .join("")
        .trimEnd()}…`;
}

/**
 * The parts of a resolved connection the index records. Structural on purpose: `src/state` does not import
 * `src/config`, and both the stdio and the gateway connection fit it.
 */
export interface ConnectionLike {
  readonly kind: string;
  readonly agentName?: string;
  readonly command?: { readonly command: string; readonly args: readonly string[] };
  readonly url?: string;
}

/** The `agent` and `transport` fields for a connection. A gateway URL loses any token or credentials. */
export function describeConnection(connection: ConnectionLike): Pick<SessionEntry, "agent" | "transport"> {
  if (connection.url !== undefined)
    return {
      agent: connection.agentName ?? "zeroclaw",
      transport: { kind: "gateway", url: redactUrl(connection.url) },
    };
  const command = connection.command ?? { command: connection.agentName ?? "unknown", args: [] };
  return {
    agent: connection.agentName ?? command.command,
    transport: { kind: "stdio", command: command.command, args: [...command.args] },
  };
}

/** Drops `?token=`, user name and password from a URL: the index must never hold a secret (design.md §7). */
export function redactUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return text.replace(/([?&])token=[^&#]*/gi, "$1token=[redacted]");
  }
  url.searchParams.delete("token");
  url.username = "";
  url.password = "";
  return url.toString();
}

/** The index, directly under the state dir (design.md §5). */
export const INDEX_FILE = "sessions.json";
/** The journals' directory under the state dir. */
export const TRANSCRIPTS_DIR = "transcripts";

/** `<stateDir>/sessions.json`. */
export function indexPath(stateDir: string): string {
  return join(stateDir, INDEX_FILE);
}

/**
 * `transcripts/<id>.jsonl`. Session ids come from the agent and end up in a file name: a plain id (a UUID)
 * is used as is; anything else is escaped, and a very long one hashed, so no id can climb out of the
 * directory or hit a name-length limit. The header inside the file keeps the real id.
 */
export function journalPath(stateDir: string, sessionId: string): string {
  return join(stateDir, TRANSCRIPTS_DIR, `${journalFileStem(sessionId)}.jsonl`);
}

/**
 * The older segment of a journal that reached its cap (`<id>.jsonl.1`): the journal then records in a new
 * `<id>.jsonl` and keeps this one, the segment before it being dropped. Not `*.jsonl`, so never listed.
 */
export function olderSegmentPath(journal: string): string {
  return `${journal}.1`;
}

/** The file name of a session's journal without `.jsonl` (see {@link journalPath}). */
export function journalFileStem(sessionId: string): string {
  const escaped = /^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(sessionId)
    ? sessionId
    : sessionId.replace(/[^A-Za-z0-9_-]/g, (char) => `%${char.codePointAt(0)!.toString(16)}`);
  if (escaped.length <= 128) return escaped;
  return `${escaped.slice(0, 64)}~${createHash("sha256").update(sessionId).digest("hex").slice(0, 32)}`;
}

/** Milliseconds since the epoch of an index timestamp; 0 for a value that does not parse. */
export function timeOf(iso: string): number {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? 0 : ms;
}

/**
 * Merges two records of the same session (two processes wrote it, or a journal header meets the index):
 * the most recent activity wins the mutable fields and the timestamp, the earliest `created` is kept, and
 * a title, once set, never changes (it is the first prompt's). The agent's title is the one being written
 * when it carries one: the agent renames a session as it goes, and the writer is who just heard it.
 */
export function mergeEntries(existing: SessionEntry, incoming: SessionEntry): SessionEntry {
  const incomingNewer = timeOf(incoming.lastActivity) > timeOf(existing.lastActivity);
  const [older, newer] = incomingNewer ? [existing, incoming] : [incoming, existing];
  const created = timeOf(existing.created) <= timeOf(incoming.created) ? existing.created : incoming.created;
  const titleFromAgent = incoming.titleFromAgent ?? existing.titleFromAgent;
  // The model changes without activity (`/model` before a prompt): the writer's choice is the latest.
  const model = incoming.model ?? existing.model;
  return {
    ...older,
    ...newer,
    created,
    lastActivity: newer.lastActivity,
    title: existing.title !== "" ? existing.title : incoming.title,
    ...(titleFromAgent !== undefined ? { titleFromAgent } : {}),
    ...(model !== undefined ? { model } : {}),
  };
}

/** The title listings show: the agent's (`session_info_update`) when it gave one, else the first prompt's. */
export function shownTitle(entry: Pick<SessionEntry, "title" | "titleFromAgent">): string {
  return entry.titleFromAgent || entry.title;
}

/** What listings call the session's agent: its own name from `initialize` when recorded, else `agent`. */
export function agentLabel(entry: Pick<SessionEntry, "agent" | "agentTitle">): string {
  return entry.agentTitle || entry.agent;
}

/** Newest activity first; ties by id, so the order is stable. */
export function byRecency(a: SessionEntry, b: SessionEntry): number {
  return timeOf(b.lastActivity) - timeOf(a.lastActivity) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
