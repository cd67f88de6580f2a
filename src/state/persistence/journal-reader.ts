import { open, readFile } from "node:fs/promises";
import { asEntry, asHeader, type JournalEntry, type JournalHeader } from "./journal-format.js";
import { journalPath, olderSegmentPath } from "./session-entry.js";

/** What a journal holds, in order, and what had to be skipped to read it. */
export interface JournalContents {
  readonly path: string;
  /** Undefined when the first line is not a readable header (the entries are still returned). */
  readonly header: JournalHeader | undefined;
  readonly entries: JournalEntry[];
  /** Lines in the middle that were not valid JSON or not a known entry: skipped and counted. */
  readonly skipped: number;
  /** The last line was cut short (the process died mid-write): skipped. */
  readonly tornTail: boolean;
  /** The journal reached its cap and rotated: the start of the conversation is no longer in it. */
  readonly dropped: boolean;
  /** One human-readable line per problem, for the log or a notice. */
  readonly warnings: string[];
}

/**
 * Reads the journal of `sessionId`, its older segment first when it has one (it rotated at its cap);
 * undefined when there is none.
 */
export async function readSessionJournal(stateDir: string, sessionId: string): Promise<JournalContents | undefined> {
  const path = journalPath(stateDir, sessionId);
  const newest = await readJournal(path);
  if (!newest) return undefined;
  const older = await readJournal(olderSegmentPath(path));
  return older ? joinSegments(path, older, newest) : newest;
}

/** A rotated journal's two segments as one. */
function joinSegments(path: string, older: JournalContents, newest: JournalContents): JournalContents {
  // The newest segment's `rotated` line only says the older one exists; the older one's (if any) stays:
  // what came before it was dropped.
  const continued = newest.entries[0]?.t === "rotated" ? newest.entries.slice(1) : newest.entries;
  const entries = [...older.entries, ...continued];
  return {
    path,
    header: newest.header ?? older.header,
    entries,
    skipped: older.skipped + newest.skipped,
    tornTail: newest.tornTail,
    dropped: entries[0]?.t === "rotated",
    warnings: [...older.warnings, ...newest.warnings],
  };
}

/** How much of a journal's text is parsed between two yields to the event loop (~40 ms of work). */
const PARSE_PIECE_BYTES = 1024 * 1024;

/**
 * Parses what {@link readSessionJournalTail} left as text: the entries before the tail, oldest first. It
 * runs while the pane is in use, so it parses about a MiB at a time and awaits `pause` in between (keys
 * and the agent's messages are handled there).
 */
export async function parseJournalHead(
  path: string,
  head: readonly string[],
  pause: () => Promise<void>,
): Promise<JournalContents> {
  const segments: JournalContents[] = [];
  for (const [index, text] of head.entries()) {
    const segmentPath = index === 0 && head.length > 1 ? olderSegmentPath(path) : path;
    const headerLine = text.slice(0, text.indexOf("\n") + 1);
    let parsed: JournalContents | undefined;
    for (let start = 0; start < text.length;) {
      const newline = text.indexOf("\n", start + PARSE_PIECE_BYTES);
      const end = newline < 0 ? text.length : newline + 1;
      // Every piece is parsed as a journal of its own: its segment's header line first.
      const piece = parseJournal(segmentPath, start === 0 ? text.slice(0, end) : headerLine + text.slice(start, end));
      parsed = parsed ? joinPieces(parsed, piece) : piece;
      start = end;
      await pause();
    }
    if (parsed) segments.push(parsed);
  }
  const [older, newest] = segments;
  if (!older) return parseJournal(path, "");
  return newest ? joinSegments(path, older, newest) : older;
}

/** Two consecutive pieces of one segment as one (the first one's entries are extended in place). */
function joinPieces(first: JournalContents, second: JournalContents): JournalContents {
  for (const entry of second.entries) first.entries.push(entry);
  return {
    ...first,
    skipped: first.skipped + second.skipped,
    tornTail: second.tornTail,
    warnings: [...first.warnings, ...second.warnings],
  };
}

/** A journal read from its tail: the newest turns parsed, the older lines left as text for later. */
export interface JournalTail {
  /** The newest entries (from a prompt on), parsed; with the header and the tail's problems. */
  readonly tail: JournalContents;
  /**
   * The journal's text before the tail (the older segment first when there is one), or undefined when the
   * whole journal was small enough to be read at once (then `tail` holds all of it).
   */
  readonly head: readonly string[] | undefined;
}

/** Where the newest turns of a journal start: the last prompt line that leaves at least `tailBytes` after it. */
function tailStart(text: string, tailBytes: number): number | undefined {
  if (text.length <= tailBytes) return undefined;
  // The journal writes an entry's `t` first (JSON.stringify of `{t, at, …}`): a prompt line starts so.
  const at = text.lastIndexOf('\n{"t":"prompt",', text.length - tailBytes);
  return at > 0 ? at + 1 : undefined;
}

/**
 * Reads about the last `tailBytes` of a session's journal, cut where a turn starts: `--resume` shows the
 * newest turns (the scrollback holds no more than that) without parsing and replaying a long session whole.
 * The rest comes back as text, for {@link parseJournal} once the pane is up. Undefined when there is no journal.
 */
export async function readSessionJournalTail(
  stateDir: string,
  sessionId: string,
  tailBytes: number,
): Promise<JournalTail | undefined> {
  const path = journalPath(stateDir, sessionId);
  const newest = await readText(path);
  if (newest === undefined) return undefined;
  const cut = tailStart(newest, tailBytes);
  const older = await readText(olderSegmentPath(path));
  if (cut === undefined) {
    // Small enough to show whole: the text already read is parsed, not read again.
    const whole = parseJournal(path, newest);
    const tail = older === undefined ? whole : joinSegments(path, parseJournal(olderSegmentPath(path), older), whole);
    return { tail, head: undefined };
  }
  const headerLine = newest.slice(0, newest.indexOf("\n") + 1);
  // The tail is parsed as a journal of its own: the header line first, then the newest turns.
  const tail = parseJournal(path, headerLine + newest.slice(cut));
  return { tail, head: older === undefined ? [newest.slice(0, cut)] : [older, newest.slice(0, cut)] };
}

async function readText(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/**
 * Reads a journal file; undefined when it does not exist. Never throws on content: a torn last line and
 * corrupt lines are skipped and reported in `warnings`. (Unreadable files, e.g. EACCES, do throw.)
 */
export async function readJournal(path: string): Promise<JournalContents | undefined> {
  const text = await readText(path);
  return text === undefined ? undefined : parseJournal(path, text);
}

/** Parses a journal's text (exported for tests and for callers that already hold the bytes). */
export function parseJournal(path: string, text: string): JournalContents {
  const lines = text.split("\n");
  // A complete file ends with "\n", leaving one empty string; anything else there is a line without its end.
  const tail = lines.pop() ?? "";
  const entries: JournalEntry[] = [];
  const warnings: string[] = [];
  let header: JournalHeader | undefined;
  let skipped = 0;
  let tornTail = false;
  let first = true;
  const take = (line: string): boolean => {
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return false;
    }
    if (first) {
      first = false;
      header = asHeader(value);
      if (header) return true;
    }
    const entry = asEntry(value);
    if (!entry) return false;
    entries.push(entry);
    return true;
  };
  for (const line of lines) {
    if (line.trim() === "") continue;
    if (!take(line)) skipped++;
  }
  if (tail.trim() !== "" && !take(tail)) {
    tornTail = true;
    warnings.push(`${path}: the last line was cut short (zc-pane stopped while writing it) and was skipped`);
  }
  if (skipped > 0) warnings.push(`${path}: skipped ${skipped} unreadable line${skipped === 1 ? "" : "s"}`);
  if (!header) warnings.push(`${path}: no readable header line`);
  return { path, header, entries, skipped, tornTail, dropped: entries[0]?.t === "rotated", warnings };
}

/** How much of a journal is read to find its header and first prompt when the index is rebuilt. */
const SUMMARY_BYTES = 256 * 1024;

/**
 * The header of a journal and the text of its first prompt (the title when the header has none yet), read
 * from the start of the file only, so rebuilding the index does not read every transcript whole.
 */
export async function readJournalSummary(
  path: string,
): Promise<{ header: JournalHeader; firstPrompt: string | undefined } | undefined> {
  const handle = await open(path, "r");
  let text: string;
  let full: boolean;
  try {
    const buffer = Buffer.alloc(SUMMARY_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SUMMARY_BYTES, 0);
    text = buffer.subarray(0, bytesRead).toString("utf8");
    full = bytesRead === SUMMARY_BYTES;
  } finally {
    await handle.close();
  }
  const lines = text.split("\n");
  // The read may end mid-line; that piece is not a line.
  if (full) lines.pop();
  let header: JournalHeader | undefined;
  for (const line of lines) {
    if (line.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      continue;
    }
    if (!header) {
      header = asHeader(value);
      if (!header) return undefined;
      continue;
    }
    // Only the prompt is needed: updates are not parsed here.
    if (isPromptLine(value)) return { header, firstPrompt: value.text };
  }
  return header ? { header, firstPrompt: undefined } : undefined;
}

function isPromptLine(value: unknown): value is { t: "prompt"; text: string } {
  return (
    value !== null &&
    typeof value === "object" &&
    (value as { t?: unknown }).t === "prompt" &&
    typeof (value as { text?: unknown }).text === "string"
  );
}
