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
  if (!older) return newest;
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

/**
 * Reads a journal file; undefined when it does not exist. Never throws on content: a torn last line and
 * corrupt lines are skipped and reported in `warnings`. (Unreadable files, e.g. EACCES, do throw.)
 */
export async function readJournal(path: string): Promise<JournalContents | undefined> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  return parseJournal(path, text);
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
