import { mkdir, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { withFileLock, writeFileAtomic } from "./atomic-file.js";
import { readJournalSummary } from "./journal.js";
import {
  byRecency,
  indexPath,
  journalPath,
  mergeEntries,
  olderSegmentPath,
  parseSessionEntry,
  sessionTitle,
  shownTitle,
  TRANSCRIPTS_DIR,
  type SessionEntry,
} from "./session-entry.js";

/** The index file's format version. */
const INDEX_VERSION = 1;

/** Options of a {@link SessionIndex}. */
export interface SessionIndexOptions {
  /** Told about a corrupt index (and its rebuild) or unreadable transcripts; never fatal. */
  readonly onWarning?: (message: string) => void;
}

/** The outcome of looking a session up by an id or a prefix of one. */
export type SessionLookup =
  | { readonly kind: "found"; readonly entry: SessionEntry }
  | { readonly kind: "ambiguous"; readonly prefix: string; readonly candidates: readonly SessionEntry[] }
  | { readonly kind: "unknown"; readonly prefix: string };

/** A failed lookup, with a message for the user (exit 1, design.md §2). */
export class SessionLookupError extends Error {
  constructor(readonly lookup: Exclude<SessionLookup, { kind: "found" }>) {
    super(describeLookupFailure(lookup));
    this.name = "SessionLookupError";
  }
}

/**
 * The local session index, `sessions.json` under the state dir (design.md §5): every session the pane or
 * `zc-pane prompt` opened. Several zc-pane processes share it, so every write takes a lock file, re-reads
 * the index, merges its own entry in by id (the latest activity wins) and replaces the file atomically:
 * no process loses another's entries. A corrupt index is rebuilt from the journal headers, with a warning.
 */
export class SessionIndex {
  readonly path: string;

  constructor(
    readonly stateDir: string,
    private readonly options: SessionIndexOptions = {},
  ) {
    this.path = indexPath(stateDir);
  }

  /** Every session, newest activity first. Rebuilds (and rewrites) a corrupt index. */
  async list(): Promise<SessionEntry[]> {
    const read = await this.read();
    if (read.state === "ok") return read.entries.sort(byRecency);
    return this.locked(async () => (await this.readOrRebuild()).sort(byRecency));
  }

  /**
   * Records a session, merged with what the index already holds for its id (see {@link mergeEntries}); returns
   * the merged entry. Throws only when the state dir cannot be written.
   */
  async record(entry: SessionEntry): Promise<SessionEntry> {
    const checked = parseSessionEntry(entry);
    if (!checked) throw new TypeError(`not a valid session entry: ${JSON.stringify(entry)}`);
    return this.locked(async () => {
      const entries = await this.readOrRebuild();
      const byId = new Map(entries.map((existing) => [existing.id, existing]));
      const existing = byId.get(checked.id);
      const merged = existing ? mergeEntries(existing, checked) : checked;
      byId.set(merged.id, merged);
      await this.write([...byId.values()]);
      return merged;
    });
  }

  /**
   * Deletes the local record of a session: its transcript journal (both segments) and then its index entry,
   * in that order, so a failure in between never leaves a journal a rebuilt index would bring back. Returns
   * false when neither existed.
   */
  async remove(sessionId: string): Promise<boolean> {
    return this.locked(async () => {
      const journal = journalPath(this.stateDir, sessionId);
      const hadJournal = await exists(journal);
      await rm(olderSegmentPath(journal), { force: true });
      await rm(journal, { force: true });
      const entries = await this.readOrRebuild();
      const kept = entries.filter((entry) => entry.id !== sessionId);
      if (kept.length !== entries.length) await this.write(kept);
      return hadJournal || kept.length !== entries.length;
    });
  }

  /** Looks a session up by its id or a unique prefix of it (see {@link findSession}). */
  async lookup(prefix: string): Promise<SessionLookup> {
    return findSession(await this.list(), prefix);
  }

  /** {@link lookup}, or a {@link SessionLookupError} saying what went wrong and what to do. */
  async require(prefix: string): Promise<SessionEntry> {
    const lookup = await this.lookup(prefix);
    if (lookup.kind !== "found") throw new SessionLookupError(lookup);
    return lookup.entry;
  }

  private locked<T>(task: () => Promise<T>): Promise<T> {
    return mkdir(this.stateDir, { recursive: true, mode: 0o700 }).then(() => withFileLock(`${this.path}.lock`, task));
  }

  private async read(): Promise<
    | { state: "ok"; entries: SessionEntry[] }
    | { state: "missing" }
    | { state: "corrupt"; entries: SessionEntry[]; why: string }
  > {
    let text: string;
    try {
      text = await readFile(this.path, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT")
        return (await this.hasJournals()) ? { state: "missing" } : { state: "ok", entries: [] };
      throw error;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      return { state: "corrupt", entries: [], why: (error as Error).message };
    }
    const sessions = (value as { sessions?: unknown } | null)?.sessions;
    if (!Array.isArray(sessions)) return { state: "corrupt", entries: [], why: "no sessions array" };
    const entries: SessionEntry[] = [];
    let bad = 0;
    for (const candidate of sessions) {
      const parsed = parseSessionEntry(candidate);
      if (parsed) entries.push(parsed);
      else bad++;
    }
    if (bad > 0) return { state: "corrupt", entries, why: `${bad} unreadable entr${bad === 1 ? "y" : "ies"}` };
    return { state: "ok", entries };
  }

  /** The index's entries; when it is corrupt or lost, rebuilt from the journals and written back. Call under the lock. */
  private async readOrRebuild(): Promise<SessionEntry[]> {
    const read = await this.read();
    if (read.state === "ok") return read.entries;
    const fromJournals = await this.entriesFromJournals();
    const byId = new Map(fromJournals.map((entry) => [entry.id, entry]));
    const kept = read.state === "corrupt" ? read.entries : [];
    for (const entry of kept) {
      const other = byId.get(entry.id);
      byId.set(entry.id, other ? mergeEntries(entry, other) : entry);
    }
    const entries = [...byId.values()];
    if (read.state === "corrupt") {
      const aside = `${this.path}.corrupt`;
      await rename(this.path, aside).catch(() => undefined);
      this.options.onWarning?.(
        `the session index ${this.path} was corrupt (${read.why}); rebuilt it from the transcripts with ${entries.length} session${entries.length === 1 ? "" : "s"} (the damaged file is kept as ${aside})`,
      );
    }
    // A missing index next to existing transcripts (deleted by hand, or a first write that failed) is
    // rebuilt silently: nothing was lost, so there is nothing to warn about.
    await this.write(entries);
    return entries;
  }

  private async hasJournals(): Promise<boolean> {
    try {
      return (await readdir(join(this.stateDir, TRANSCRIPTS_DIR))).some((name) => name.endsWith(".jsonl"));
    } catch {
      return false;
    }
  }

  /** One entry per readable journal header; last activity is the journal's modification time. */
  private async entriesFromJournals(): Promise<SessionEntry[]> {
    const dir = join(this.stateDir, TRANSCRIPTS_DIR);
    let names: string[];
    try {
      names = (await readdir(dir)).filter((name) => name.endsWith(".jsonl"));
    } catch {
      return [];
    }
    const entries: SessionEntry[] = [];
    let unreadable = 0;
    for (const name of names) {
      const path = join(dir, name);
      try {
        const summary = await readJournalSummary(path);
        if (!summary) {
          unreadable++;
          continue;
        }
        const { t: _t, v: _v, ...fields } = summary.header;
        const modified = (await stat(path)).mtime.toISOString();
        entries.push({
          ...fields,
          title:
            fields.title !== ""
              ? fields.title
              : summary.firstPrompt !== undefined
                ? sessionTitle(summary.firstPrompt)
                : "",
          lastActivity: modified,
        });
      } catch {
        unreadable++;
      }
    }
    if (unreadable > 0)
      this.options.onWarning?.(
        `${unreadable} transcript${unreadable === 1 ? "" : "s"} in ${dir} had no readable header and could not be indexed`,
      );
    return entries;
  }

  private write(entries: SessionEntry[]): Promise<void> {
    const sorted = [...entries].sort(byRecency);
    return writeFileAtomic(this.path, `${JSON.stringify({ version: INDEX_VERSION, sessions: sorted }, null, 2)}\n`);
  }
}

function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/**
 * Finds a session by id: an exact id wins, then a unique prefix (case-sensitive, then case-insensitive, as
 * UUIDs are printed in lower case but may be typed otherwise). Several matches are ambiguous, none unknown.
 */
export function findSession(entries: readonly SessionEntry[], prefix: string): SessionLookup {
  const wanted = prefix.trim();
  if (wanted === "") return { kind: "unknown", prefix };
  const exact = entries.find((entry) => entry.id === wanted);
  if (exact) return { kind: "found", entry: exact };
  let matches = entries.filter((entry) => entry.id.startsWith(wanted));
  if (matches.length === 0)
    matches = entries.filter((entry) => entry.id.toLowerCase().startsWith(wanted.toLowerCase()));
  if (matches.length === 1) return { kind: "found", entry: matches[0]! };
  if (matches.length === 0) return { kind: "unknown", prefix: wanted };
  return { kind: "ambiguous", prefix: wanted, candidates: [...matches].sort(byRecency) };
}

/** How many candidates an "ambiguous prefix" message lists. */
const MAX_LISTED_CANDIDATES = 10;

/** The user-facing message for a lookup that found nothing or too much. */
export function describeLookupFailure(lookup: Exclude<SessionLookup, { kind: "found" }>): string {
  if (lookup.kind === "unknown") {
    return `no session matching "${lookup.prefix}" is known on this machine; \`zc-pane sessions\` lists the sessions you can resume`;
  }
  const shown = lookup.candidates
    .slice(0, MAX_LISTED_CANDIDATES)
    .map((entry) => `  ${entry.id}  ${shownTitle(entry) || "(no prompt yet)"}`);
  const more =
    lookup.candidates.length > MAX_LISTED_CANDIDATES
      ? [`  … and ${lookup.candidates.length - MAX_LISTED_CANDIDATES} more`]
      : [];
  return [
    `"${lookup.prefix}" matches ${lookup.candidates.length} sessions; give more of the id:`,
    ...shown,
    ...more,
  ].join("\n");
}
