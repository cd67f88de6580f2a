import { homedir } from "node:os";
import { resolve } from "node:path";
import { stateDir } from "../config/paths.js";
import { sanitizeLine } from "../markdown/sanitize.js";
import { visibleWidth } from "../markdown/width.js";
import { shortId } from "../common/format.js";
import { agentLabel, timeOf, type SessionEntry } from "../state/persistence/session-entry.js";
import { SessionIndex } from "../state/persistence/session-index.js";
import { UsageError, type ConnectionOptions } from "../config/connection.js";
import { fetchAgentSessions, mergeSessions, type ListedSession } from "./agent-sessions.js";
import { CONNECTION_OPTIONS, connectionOptionsFrom, parseCommandArgs } from "./args.js";
import { writeErr, writeOut } from "./terminal-out.js";

/** `zc-pane sessions --help`. */
export const SESSIONS_USAGE = `Usage: zc-pane sessions [connection options] [--json]
       zc-pane sessions show ID [--markdown | --json]

Lists the sessions known on this machine (opened by the pane or by \`zc-pane prompt\`), newest first:
short id, last activity, agent, directory, title. With connection options (--agent, --agent-cmd, --gateway...)
the agent's own sessions are merged in when it offers session/list (those not opened here say "(agent)"). Resume one with \`zc-pane --resume ID\` (a unique prefix of
the id is enough); print one with \`zc-pane sessions show ID\`.
  --json   print the full entries as a JSON array, for scripts`;

/** `zc-pane sessions [--json]` (design.md §2). Exit 0, 1 when the index cannot be read, 2 on usage errors. */
export async function runSessionsCommand(argv: readonly string[]): Promise<number> {
  if (argv[0] === "show") {
    const { runSessionsShow } = await import("./sessions-show.js");
    return runSessionsShow(argv.slice(1));
  }
  let json: boolean;
  let connection: ConnectionOptions | undefined;
  let cwd: string;
  try {
    const { values, positionals } = parseCommandArgs(argv, { ...CONNECTION_OPTIONS, json: { type: "boolean" } });
    if (values.help) {
      writeOut(`${SESSIONS_USAGE}\n`);
      return 0;
    }
    if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    json = values.json === true;
    cwd = resolve(values.cwd ?? process.cwd());
    const options = connectionOptionsFrom(values);
    // Without connection options the listing stays local and instant: no agent is started.
    connection = Object.keys(options).length > 0 ? options : undefined;
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    writeErr(`zc-pane sessions: ${error.message}\n\n${SESSIONS_USAGE}\n`);
    return 2;
  }
  let local: SessionEntry[];
  try {
    const index = new SessionIndex(stateDir(), {
      onWarning: (message) => writeErr(`zc-pane sessions: warning: ${message}\n`),
    });
    local = await index.list();
  } catch (error) {
    writeErr(`zc-pane sessions: ${(error as Error).message}\n`);
    return 1;
  }
  let sessions: readonly ListedSession[] = mergeSessions(local, [], "");
  if (connection) {
    try {
      const remote = await fetchAgentSessions(connection, cwd);
      sessions = mergeSessions(local, remote.sessions, remote.agent);
    } catch (error) {
      writeErr(`zc-pane sessions: ${sanitizeLine((error as Error).message)}\n`);
      return 1;
    }
  }
  if (json) {
    writeOut(`${JSON.stringify(sessions, null, 2)}\n`);
    return 0;
  }
  if (sessions.length === 0) {
    writeOut('No sessions yet. Start one with `zc-pane` (or `zc-pane prompt "…"`); it will be listed here.\n');
    return 0;
  }
  writeOut(formatSessionTable(sessions, { now: Date.now(), home: homedir() }));
  return 0;
}

/** Longest agent name and directory shown; longer ones are cut (the directory keeps its end). */
const MAX_AGENT = 16;
const MAX_CWD = 40;

/**
 * The table `zc-pane sessions` prints: a header, then one line per session with its short id, age, agent,
 * directory (home as `~`) and title. Every field is sanitized: the index is a file anyone could have edited,
 * and titles come from prompts.
 */
export function formatSessionTable(
  sessions: readonly (Pick<SessionEntry, "id" | "lastActivity" | "agent" | "agentTitle" | "cwd" | "title"> & {
    readonly where?: ListedSession["where"];
  })[],
  options: { now: number; home: string },
): string {
  const rows = sessions.map((session) => [
    shortId(sanitizeLine(session.id)),
    session.lastActivity ? formatAge(options.now - timeOf(session.lastActivity)) : "?",
    // The agent's own sessions not opened here: resumable by id all the same.
    cutEnd(sanitizeLine(agentLabel(session)), MAX_AGENT) + (session.where === "agent" ? " (agent)" : ""),
    cutStart(tildePath(sanitizeLine(session.cwd), options.home), MAX_CWD),
    sanitizeLine(session.title) || "(no prompt yet)",
  ]);
  const header = ["ID", "ACTIVE", "AGENT", "DIRECTORY", "TITLE"];
  const widths = header.map((title, column) => Math.max(width(title), ...rows.map((row) => width(row[column]!))));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, column) => (column === cells.length - 1 ? cell : cell + " ".repeat(widths[column]! - width(cell))))
      .join("  ")
      .trimEnd();
  return `${[header, ...rows].map(line).join("\n")}\n`;
}

/** "just now", "42s ago", "3m ago", "5h ago", "2d ago", "7mo ago", "2y ago". */
export function formatAge(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 10) return "just now";
  if (seconds < 60) return `${seconds}s ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  const days = Math.floor(hours / 24);
  if (days < 60) return `${days}d ago`;
  if (days < 730) return `${Math.floor(days / 30)}mo ago`;
  return `${Math.floor(days / 365)}y ago`;
}

/** `/home/me/proj` → `~/proj` (only at a path boundary: `/home/meg` stays as is). */
export function tildePath(path: string, home: string): string {
  if (home === "" || home === "/") return path;
  if (path === home) return "~";
  return path.startsWith(`${home}/`) ? `~${path.slice(home.length)}` : path;
}

/** Terminal columns (a CJK title takes two per character), for the alignment. */
function width(text: string): number {
  return visibleWidth(text);
}

function cutEnd(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join("")}…`;
}

function cutStart(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `…${chars.slice(chars.length - max + 1).join("")}`;
}
