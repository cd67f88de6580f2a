import { formatBytes } from "../../common/format.js";
import { closeSync, fstatSync, mkdirSync, openSync, readSync, renameSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import type { PendingPermission } from "../../client/permission-queue.js";
import type { SessionUpdate } from "../../protocol/index.js";
import type { DeliveryOutcome } from "../delivered-files.js";
import { JOURNAL_VERSION, type JournalEntry, type JournalHeader } from "./journal-format.js";
import { journalPath, olderSegmentPath, type SessionFields } from "./session-entry.js";

// Reading lives in its own file; callers import both halves from here.
export {
  parseJournal,
  readJournal,
  readJournalSummary,
  readSessionJournal,
  type JournalContents,
} from "./journal-reader.js";

/**
 * What a journal keeps on disk at most, so a runaway agent cannot fill it. It records in segments of half
 * this size and keeps the newest two: past the cap it goes on recording, and drops the oldest messages.
 */
export const DEFAULT_JOURNAL_MAX_BYTES = 64 * 1024 * 1024;
/** Buffered lines are written at the latest this long after the first of them (and at once at turn end). */
const DEFAULT_FLUSH_DELAY_MS = 200;
/** A burst is written in batches of about this size: one write per batch instead of one per update. */
const BATCH_BYTES = 64 * 1024;

/** How a {@link JournalWriter} behaves; the defaults suit the pane and `prompt`. */
export interface JournalWriterOptions {
  readonly maxBytes?: number;
  readonly flushDelayMs?: number;
  /**
   * Told once when the journal first reaches its cap (it goes on, dropping its oldest segment), and once
   * when it cannot be written (journaling then stops, never the caller).
   */
  readonly onWarning?: (message: string) => void;
  readonly now?: () => number;
}

/** Journals still open when the process exits get their buffered lines written by one `exit` hook. */
const openWriters = new Set<JournalWriter>();
let exitHookInstalled = false;

/**
 * Appends to one session's transcript journal. Every method is cheap and never throws: a line is
 * serialized and buffered; the buffer is written when it reaches {@link BATCH_BYTES}, after a short delay,
 * at turn end, on {@link flush} and on {@link close}, and at process exit.
 *
 * Writes are synchronous on purpose. They happen once per batch (a 50,000-update burst is a few dozen
 * writes), keep lines in order without any queue of in-flight writes, and let the `exit` hook flush what is
 * buffered even when the process ends with `process.exit()`, where nothing asynchronous runs any more.
 */
export class JournalWriter {
  private pending: string[] = [];
  /** Text chunks not yet turned into a line (see {@link appendUpdate}). */
  private run: { kind: string; messageId: string | undefined; at: number; texts: string[] } | undefined;
  private pendingBytes = 0;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  /** The file did not end with a newline (a torn line from a crash): start on a fresh line. */
  private needsNewline = false;
  private readonly maxBytes: number;
  /** A segment is rotated out past this: with the one before it kept, the journal stays under its cap. */
  private readonly segmentBytes: number;
  /** Bytes of the segment's own first lines (header, `rotated`): a segment holding only them never rotates. */
  private segmentStart = 0;
  private rotatedOnce = false;
  private readonly flushDelayMs: number;
  private readonly now: () => number;

  private constructor(
    readonly path: string,
    private fd: number | undefined,
    /** Bytes in the file (what is still buffered is counted in `pendingBytes`, as characters). */
    private bytes: number,
    private readonly options: JournalWriterOptions,
    /** The header line every segment starts with. */
    private readonly headerLine: string,
  ) {
    this.maxBytes = options.maxBytes ?? DEFAULT_JOURNAL_MAX_BYTES;
    this.segmentBytes = Math.floor(this.maxBytes / 2);
    this.flushDelayMs = options.flushDelayMs ?? DEFAULT_FLUSH_DELAY_MS;
    this.now = options.now ?? Date.now;
  }

  /**
   * Opens (creating, mode 0600) the journal of `session` under `stateDir`. A new file starts with the
   * header; an existing one (a resumed session) is appended to. Throws when the file cannot be opened.
   */
  static open(stateDir: string, session: SessionFields, options: JournalWriterOptions = {}): JournalWriter {
    const path = journalPath(stateDir, session.id);
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    const fd = openSync(path, "a+", 0o600);
    let size: number;
    let lastByte: number | undefined;
    try {
      size = fstatSync(fd).size;
      if (size > 0) {
        const byte = Buffer.alloc(1);
        readSync(fd, byte, 0, 1, size - 1);
        lastByte = byte[0];
      }
    } catch (error) {
      closeSync(fd);
      throw error;
    }
    const header: JournalHeader = { t: "header", v: JOURNAL_VERSION, ...session };
    const writer = new JournalWriter(path, fd, size, options, `${JSON.stringify(header)}\n`);
    writer.needsNewline = lastByte !== undefined && lastByte !== 0x0a;
    if (!exitHookInstalled) {
      exitHookInstalled = true;
      process.on("exit", () => {
        for (const open of openWriters) open.flush();
      });
    }
    openWriters.add(writer);
    if (size === 0) {
      writer.push(writer.headerLine, true);
      writer.segmentStart = writer.bytes;
    }
    return writer;
  }

  /** Whether lines are still being appended (false after the cap, a write error or {@link close}). */
  get active(): boolean {
    return !this.stopped;
  }

  /**
   * One `session/update`, as the client parsed it. This is the hot path of a streamed answer, so plain text
   * chunks are not serialized one by one: consecutive chunks of the same stream and message that arrive
   * before the next write are kept as one run and stored as one chunk holding their concatenation. The
   * transcript a replay rebuilds is the same (the pane's store joins chunks the same way before it reduces
   * them), and a 50,000-chunk burst costs a few dozen lines instead of 50,000 stringify calls.
   */
  appendUpdate(update: SessionUpdate): void {
    if (this.stopped) return;
    const text = plainTextOf(update);
    if (text === undefined) {
      this.push(`{"t":"update","at":${this.now()},"update":${JSON.stringify(update)}}\n`, false);
      return;
    }
    if (!this.admit(text.length)) return;
    const messageId = (update as { messageId?: string }).messageId;
    const run = this.run;
    if (run && run.kind === update.sessionUpdate && run.messageId === messageId) {
      run.texts.push(text);
    } else {
      this.closeRun();
      this.run = { kind: update.sessionUpdate, messageId, at: this.now(), texts: [text] };
    }
    this.afterAdmit(false);
  }

  /** A prompt the user sent; written at once (what the user typed is never left in a buffer). */
  appendPrompt(text: string, attachments: readonly string[] = []): void {
    this.append({ t: "prompt", at: this.now(), text, attachments }, true);
  }

  /** The end of a turn; written at once together with everything the turn streamed. */
  appendTurnEnd(stopReason: string, finalText?: string): void {
    this.append({ t: "turn-end", at: this.now(), stopReason, ...(finalText ? { finalText } : {}) }, true);
  }

  appendTurnFailed(message: string): void {
    this.append({ t: "turn-failed", at: this.now(), message }, true);
  }

  /** A permission request once it is answered (the transcript shows the answer, not the open request). */
  appendPermission(request: PendingPermission, outcome: string): void {
    const { sessionId: _session, ...rest } = request;
    this.append({ t: "permission", at: this.now(), request: rest, outcome }, false);
  }

  /** Marks the start (`restore`) and the end (`restored`) of an agent's load or resume. */
  appendRestore(how: "load" | "resume"): void {
    this.append({ t: "restore", at: this.now(), how }, false);
  }

  appendRestored(): void {
    this.append({ t: "restored", at: this.now() }, true);
  }

  /** Where a delivered file was saved, or why it was not (a replay shows it instead of waiting for it). */
  appendDelivery(outcome: DeliveryOutcome): void {
    const entry = { t: "delivery", at: this.now(), toolCallId: outcome.toolCallId } as const;
    this.append(
      outcome.saved ? { ...entry, saved: true, path: outcome.path } : { ...entry, saved: false, error: outcome.error },
      false,
    );
  }

  /** Writes whatever is buffered (synchronously). */
  flush(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    this.closeRun();
    if (this.pending.length === 0 || this.fd === undefined) return;
    const data = (this.needsNewline ? "\n" : "") + this.pending.join("");
    this.pending = [];
    this.pendingBytes = 0;
    this.needsNewline = false;
    try {
      const bytes = Buffer.byteLength(data, "utf8");
      // A regular file takes the whole string in one write; the loop covers the rare short write.
      const written = writeSync(this.fd, data);
      if (written < bytes) {
        const rest = Buffer.from(data, "utf8");
        for (let offset = written; offset < rest.length;)
          offset += writeSync(this.fd, rest, offset, rest.length - offset);
      }
      this.bytes += bytes;
    } catch (error) {
      this.stop(
        `could not write the transcript journal ${this.path} (${(error as Error).message}); this session's messages are no longer saved locally`,
      );
    }
  }

  /** Flushes and closes the file. Later appends are ignored. */
  close(): void {
    this.flush();
    this.stopped = true;
    this.release();
  }

  private append(entry: JournalEntry, urgent: boolean): void {
    if (this.stopped) return;
    this.push(`${JSON.stringify(entry)}\n`, urgent);
  }

  private push(line: string, urgent: boolean): void {
    if (!this.admit(line.length)) return;
    this.closeRun();
    this.pending.push(line);
    this.afterAdmit(urgent);
  }

  /**
   * Counts `chars` more buffered characters; past the segment's size, the segment is rotated first (false
   * only when that failed and the journal stopped). Characters, not bytes, on the hot path: exact bytes are
   * counted per batch in flush(), so a segment is overshot by at most one batch of non-ASCII text (or by one
   * line longer than a segment).
   */
  private admit(chars: number): boolean {
    if (this.bytes + this.pendingBytes + chars > this.segmentBytes) {
      this.flush();
      if (this.bytes + chars > this.segmentBytes && this.bytes > this.segmentStart && !this.rotate()) return false;
    }
    this.pendingBytes += chars;
    return true;
  }

  /**
   * Starts a new segment: the current one becomes the older segment (the one before it, if any, is dropped)
   * and the new one starts with the header and a `rotated` line. Said once, the first time.
   */
  private rotate(): boolean {
    if (this.fd === undefined) return false;
    try {
      closeSync(this.fd);
      this.fd = undefined;
      renameSync(this.path, olderSegmentPath(this.path));
      this.fd = openSync(this.path, "a", 0o600);
      const start = `${this.headerLine}${JSON.stringify({ t: "rotated", at: this.now() } satisfies JournalEntry)}\n`;
      writeSync(this.fd, start);
      this.bytes = Buffer.byteLength(start, "utf8");
      this.segmentStart = this.bytes;
      this.needsNewline = false;
    } catch (error) {
      this.stop(
        `could not start a new segment of the transcript journal ${this.path} (${(error as Error).message}); this session's messages are no longer saved locally`,
      );
      return false;
    }
    if (!this.rotatedOnce) {
      this.rotatedOnce = true;
      this.options.onWarning?.(
        `this session's transcript journal reached its ${formatBytes(this.maxBytes)} cap: it goes on recording and keeps the newest messages, dropping the oldest`,
      );
    }
    return true;
  }

  private afterAdmit(urgent: boolean): void {
    if (urgent || this.pendingBytes >= BATCH_BYTES) {
      this.flush();
    } else if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), this.flushDelayMs);
      this.timer.unref();
    }
  }

  /** Turns the open run of text chunks into its line. */
  private closeRun(): void {
    const run = this.run;
    if (!run) return;
    this.run = undefined;
    const update = {
      sessionUpdate: run.kind,
      content: { type: "text", text: run.texts.join("") },
      ...(run.messageId !== undefined ? { messageId: run.messageId } : {}),
    };
    this.pending.push(`{"t":"update","at":${run.at},"update":${JSON.stringify(update)}}\n`);
  }

  private stop(warning: string): void {
    if (this.stopped) return;
    this.stopped = true;
    this.run = undefined;
    this.pending = [];
    this.pendingBytes = 0;
    this.release();
    this.options.onWarning?.(warning);
  }

  private release(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    openWriters.delete(this);
    if (this.fd !== undefined) {
      try {
        closeSync(this.fd);
      } catch {
        // Already gone; nothing left to lose.
      }
      this.fd = undefined;
    }
  }
}

/**
 * The text of a chunk that can join a run: a message, thought or user chunk whose content is a bare text
 * block, with nothing else on it (no annotations, no `_meta`) that concatenation would lose.
 */
function plainTextOf(update: SessionUpdate): string | undefined {
  const kind = update.sessionUpdate;
  if (kind !== "agent_message_chunk" && kind !== "agent_thought_chunk" && kind !== "user_message_chunk")
    return undefined;
  const content = update.content;
  if (content.type !== "text") return undefined;
  for (const key in update) if (key !== "sessionUpdate" && key !== "content" && key !== "messageId") return undefined;
  for (const key in content) if (key !== "type" && key !== "text") return undefined;
  const messageId: unknown = update.messageId;
  return messageId === undefined || typeof messageId === "string" ? content.text : undefined;
}
