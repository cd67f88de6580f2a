import { existsSync } from "node:fs";
import { resolveConnection, type ConnectionOptions } from "../config/connection.js";
import type { SessionEntry } from "../state/persistence/session-entry.js";
import { SessionIndex, SessionLookupError } from "../state/persistence/session-index.js";

/** What `--resume ID` / `--load ID` names: the session, and how to reach its agent again. */
export interface ResumeTarget {
  readonly sessionId: string;
  /** The index entry; absent for a full id this machine never saw (the agent is asked anyway). */
  readonly entry?: SessionEntry;
  /** The connection options: the flags when they name an agent or gateway, else the recorded ones. */
  readonly connection: ConnectionOptions;
  /** The recorded cwd, when it still exists. */
  readonly cwd?: string;
}

/** A full session id (ZeroClaw's are UUIDs): worth asking the agent about even when the index has none. */
const FULL_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Resolves `--resume`/`--load`'s id or unique prefix with the local index (design.md §2, §5). An unknown
 * prefix or an ambiguous one throws {@link SessionLookupError} (its message says to run `zc-pane sessions`);
 * an unknown full id is passed through, since the session may have been opened on another machine. The
 * session reopens with the transport and agent it was recorded with, unless the flags name another.
 */
export async function resolveResumeTarget(
  id: string,
  flags: ConnectionOptions,
  stateDir: string,
): Promise<ResumeTarget> {
  const lookup = await new SessionIndex(stateDir).lookup(id);
  if (lookup.kind !== "found") {
    if (lookup.kind === "unknown" && FULL_ID.test(id.trim())) return { sessionId: id.trim(), connection: flags };
    throw new SessionLookupError(lookup);
  }
  const { entry } = lookup;
  const named =
    flags.agent !== undefined || flags.agentCmd !== undefined || flags.demo === true || flags.gateway !== undefined;
  const alias = flags.alias ?? entry.alias;
  const connection = named ? flags : { ...recordedConnection(entry, flags), ...(alias !== undefined ? { alias } : {}) };
  return { sessionId: entry.id, entry, connection, ...(existsSync(entry.cwd) ? { cwd: entry.cwd } : {}) };
}

/** The recorded transport as connection options, keeping the flags that only tune it (token, config dir). */
function recordedConnection(entry: SessionEntry, flags: ConnectionOptions): ConnectionOptions {
  const { transport } = entry;
  if (transport.kind === "gateway") return { ...flags, gateway: transport.url };
  const { token: _token, tokenFile: _tokenFile, tokenInQuery: _query, insecure: _insecure, ...stdioFlags } = flags;
  // A registry agent is reopened by name (its quirks and env come with it); anything else by its command.
  try {
    const byName = resolveConnection({ ...stdioFlags, agent: entry.agent });
    if (byName.kind === "stdio" && byName.command.command === transport.command)
      return { ...stdioFlags, agent: entry.agent };
  } catch {
    // Not a registry name (an `--agent-cmd` session): its command line below.
  }
  const { configDir: _configDir, ...cmdFlags } = stdioFlags;
  return { ...cmdFlags, agentCmd: [transport.command, ...transport.args].map(quoteShellWord).join(" ") };
}

/** Quotes a word for `--agent-cmd`'s POSIX-shell-like splitting when it needs it. */
function quoteShellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}
