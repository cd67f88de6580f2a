import type { AppendLog } from "../append-log.js";
import { withTerminalOutput } from "../terminals.js";
import type { LiveState, PaneState, TerminalView, TranscriptItem } from "../view-model.js";

/**
 * One entry of the history view, `zc-pane sessions show` and `/export`: a transcript record as a reader
 * browses it. Records are the pane's (`TranscriptItem`), with one difference: a paragraph printed in pieces
 * while it streamed (`continues`) is one record again, and the live turn (streaming text, running tool rows,
 * a changed plan) is there too, as records it will become. Every string in a record came through the reducer,
 * so it is sanitized; renderers still treat it as untrusted.
 *
 * `key` is stable for the life of the entry (the view keeps what is expanded by it).
 */
export interface HistoryEntry {
  readonly key: string;
  readonly record: TranscriptItem;
}

/** A read-only, index-addressable list of entries: the view reads only the ones it shows. */
export interface HistoryList {
  readonly length: number;
  at(index: number): HistoryEntry | undefined;
  /** Indexes of the prompt entries (`user` records), ascending: turn k starts at `prompts[k - 1]`. */
  readonly prompts: readonly number[];
}

/** Live records have no transcript id yet. */
const LIVE_ID = -1;

/**
 * Builds history entries from the pane's transcript records, incrementally: the records only grow, so each
 * update converts those appended since the last one (O(new records)), and opening the view on a
 * 5,000-message session does not go over the session again. The live turn is added on top by
 * {@link snapshot}, fresh each time.
 */
export class HistoryBuilder {
  private readonly finished: HistoryEntry[] = [];
  private readonly prompts: number[] = [];
  private processed = 0;
  private first: TranscriptItem | undefined;
  /** Pieces of a paragraph printed while it streamed (`continues`), waiting for their end. */
  private pending: { key: string; id: number; markdown: string } | undefined;
  /** Tool entries with their terminals' kept output, by the terminals they were made from (see {@link withOutput}). */
  private readonly withOutputs = new WeakMap<HistoryEntry, { from: readonly TerminalView[]; entry: HistoryEntry }>();

  /** Converts the records appended since the last call (starts over if it is another transcript). */
  update(records: AppendLog<TranscriptItem>): void {
    if (records.length < this.processed || (this.processed > 0 && records.at(0) !== this.first)) this.reset();
    if (this.processed === 0) this.first = records.at(0);
    for (const record of records.slice(this.processed)) this.take(record);
    this.processed = records.length;
  }

  /**
   * The entries: the finished ones, then the live turn's (`live` omitted: the finished ones only). With the
   * pane's `terminals`, a command's row carries all its terminal's kept output (the transcript keeps only
   * the last lines), for as long as the pane keeps that terminal.
   */
  snapshot(live?: LiveState, terminals?: PaneState["terminals"]): HistoryList {
    const extra: HistoryEntry[] = [];
    const prompts = [...this.prompts];
    const stream = live?.stream;
    let message = this.pending;
    if (stream?.kind === "message")
      message = {
        key: message?.key ?? "live:message",
        id: message?.id ?? LIVE_ID,
        markdown: (message?.markdown ?? "") + stream.text,
      };
    if (message && message.markdown.trim() !== "")
      extra.push({ key: message.key, record: { kind: "agent-text", id: message.id, markdown: message.markdown } });
    if (stream?.kind === "thought" && stream.text.trim() !== "")
      extra.push({ key: "live:thought", record: { kind: "thought", id: LIVE_ID, text: stream.text } });
    if (stream?.kind === "user" && stream.text.trim() !== "") {
      prompts.push(this.finished.length + extra.length);
      extra.push({ key: "live:user", record: { kind: "user", id: LIVE_ID, text: stream.text, attachments: [] } });
    }
    for (const tool of live?.tools ?? [])
      extra.push(
        this.withOutput(
          { key: `live:${tool.row.toolCallId}`, record: { kind: "tool", id: LIVE_ID, row: tool.row } },
          terminals,
        ),
      );
    if (live?.plan && live.planDirty)
      extra.push({ key: "live:plan", record: { kind: "plan", id: LIVE_ID, entries: live.plan } });
    const finished = this.finished;
    const count = finished.length;
    return {
      length: count + extra.length,
      at: (index) => this.withOutput(index < count ? finished[index] : extra[index - count], terminals),
      prompts,
    };
  }

  /**
   * `entry` with its terminals' output when it is a command's row whose terminals are kept: the same object
   * while those terminals are unchanged, so the view's cache of rendered lines holds.
   */
  private withOutput<T extends HistoryEntry | undefined>(entry: T, terminals: PaneState["terminals"]): T {
    if (!entry || entry.record.kind !== "tool" || !terminals) return entry;
    const { row } = entry.record;
    const from = (row.terminalIds ?? []).flatMap((id) => (terminals[id] ? [terminals[id]] : []));
    if (from.length === 0) return entry;
    const known = this.withOutputs.get(entry);
    if (known && known.from.length === from.length && known.from.every((terminal, i) => terminal === from[i]))
      return known.entry as T;
    const made = { ...entry, record: { ...entry.record, row: withTerminalOutput(row, terminals) } };
    this.withOutputs.set(entry, { from, entry: made });
    return made as T;
  }

  private reset(): void {
    this.finished.length = 0;
    this.prompts.length = 0;
    this.processed = 0;
    this.pending = undefined;
  }

  private push(entry: HistoryEntry): void {
    if (entry.record.kind === "user") this.prompts.push(this.finished.length);
    this.finished.push(entry);
  }

  private flushPending(): void {
    const pending = this.pending;
    this.pending = undefined;
    if (pending && pending.markdown.trim() !== "")
      this.push({ key: pending.key, record: { kind: "agent-text", id: pending.id, markdown: pending.markdown } });
  }

  private take(record: TranscriptItem): void {
    if (record.kind === "agent-text") {
      const pending = this.pending ?? { key: `t${record.id}`, id: record.id, markdown: "" };
      this.pending = { ...pending, markdown: pending.markdown + record.markdown };
      if (!record.continues) this.flushPending();
      return;
    }
    // Anything else ends a paragraph left open (a turn that failed mid-paragraph): what was printed is kept.
    this.flushPending();
    this.push({ key: `t${record.id}`, record });
  }
}

/** The entries of finished records (for `/export` and `zc-pane sessions show`). */
export function historyOfTranscript(records: AppendLog<TranscriptItem>): HistoryEntry[] {
  const builder = new HistoryBuilder();
  builder.update(records);
  const list = builder.snapshot();
  return Array.from({ length: list.length }, (_, index) => list.at(index)!);
}

/** The turn (1-based) entry `index` belongs to: how many prompts start at or before it (0 before the first). */
export function turnOf(list: HistoryList, index: number): number {
  const { prompts } = list;
  let low = 0;
  let high = prompts.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (prompts[middle]! <= index) low = middle + 1;
    else high = middle;
  }
  return low;
}
