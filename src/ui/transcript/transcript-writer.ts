import type { PaneStore } from "../../state/pane-store.js";
import type { PaneState } from "../../state/view-model.js";
import { renderWindow } from "./transcript-window.js";

/** Scrollback assumed outside tmux (and until tmux has answered): a few thousand lines, as terminals keep. */
export const DEFAULT_SCROLLBACK_LINES = 3000;

/** Where the writer's text goes: above the live region (`LiveScreen.insertAbove` in the pane). */
export interface TranscriptSink {
  insertAbove(text: string): void;
}

/** Options of {@link TranscriptWriter}. */
export interface TranscriptWriterOptions {
  readonly store: Pick<PaneStore, "getState" | "subscribe">;
  readonly sink: TranscriptSink;
  /** The width the live region is laid out at now (records are rendered at it). */
  readonly columns: () => number;
  /** Lines the terminal keeps above the screen (tmux's `history-limit`); {@link DEFAULT_SCROLLBACK_LINES} by default. */
  readonly scrollbackLines?: number;
  /**
   * Resolves when the markdown renderer is loaded (the CLI loads it after the first frame). Records wait for
   * it: scrollback cannot be redrawn, so an answer printed as plain text would stay plain.
   */
  readonly markdownReady?: Promise<unknown>;
}

/**
 * The transcript beside Ink, not inside it: finished records (the store's `transcript`, a list of
 * `TranscriptItem`s) are rendered to text once, when they are appended, and handed to the sink, which writes
 * them above Ink's live region. Nothing rendered is kept: what is in the scrollback is the terminal's.
 *
 * It subscribes to the store before the UI does, so the text of the records a notification brings is queued
 * before Ink draws the frame that no longer shows them live (the sink puts both in one write).
 *
 * Each write is cut to what the terminal keeps (its scrollback), newest first: a restored session
 * of 50,000 messages writes its last few thousand lines under "… N earlier messages". While the session is
 * being restored (`session/load` replays it as notifications) nothing is written; the whole replay is written
 * at once when it is over.
 */
export class TranscriptWriter {
  /** Records before this index are on the screen or in the scrollback (or were cut from it). */
  private written = 0;
  /** Records before this index were cleared from the screen (`/clear`): a repaint leaves them out. */
  private floor = 0;
  private ready: boolean;
  /** Held while the history view is up: text written then would land on the alternate screen and be lost. */
  private held = false;
  private scrollback: number;
  /** The store's `prepended` when last seen: records put in front move the indexes above by as many. */
  private prepended = 0;
  private readonly unsubscribe: () => void;

  constructor(private readonly options: TranscriptWriterOptions) {
    this.scrollback = options.scrollbackLines ?? DEFAULT_SCROLLBACK_LINES;
    this.ready = options.markdownReady === undefined;
    this.unsubscribe = options.store.subscribe(() => this.write());
    // A renderer that fails to load leaves answers plain; they must still be printed.
    const markReady = () => {
      this.ready = true;
      this.write();
    };
    options.markdownReady?.then(markReady, markReady);
  }

  /** The terminal's scrollback once known (tmux answers after the first frame). */
  setScrollbackLines(lines: number): void {
    if (lines > 0) this.scrollback = lines;
  }

  /** Writes nothing until {@link release} (the history view is on the alternate screen). */
  hold(): void {
    this.held = true;
  }

  /** Writes what was held back, and from now on as records come. */
  release(): void {
    this.held = false;
    this.write();
  }

  /** Writes the records appended since the last write (the store calls it on every change). */
  write(): void {
    const state = this.follow();
    if (!this.ready || this.held || holding(state)) return;
    const records = state.transcript;
    if (records.length <= this.written) return;
    const from = this.written;
    this.written = records.length;
    // Records before the first write of a resumed session that are still being read are uncounted ones.
    const moreBefore = from === 0 && state.earlier !== undefined;
    const window = renderWindow(records, from, records.length, this.width(), this.maxLines(), moreBefore);
    this.options.sink.insertAbove(`${window.lines.join("\n")}\n`);
  }

  /**
   * The transcript re-rendered at `columns` for a repaint after the terminal narrowed (the screen and its
   * history were cleared): the newest records that fit, from the records, at the new width.
   */
  repaint(columns: number): string {
    const state = this.follow();
    if (!this.ready || holding(state)) return "";
    const records = state.transcript;
    this.written = records.length;
    if (records.length <= this.floor) return "";
    const moreBefore = this.floor === 0 && state.earlier !== undefined;
    const window = renderWindow(
      records,
      this.floor,
      records.length,
      Math.max(10, columns),
      this.maxLines(),
      moreBefore,
    );
    return `${window.lines.join("\n")}\n`;
  }

  /** The screen and its history were cleared: what was written is gone, and stays out of later repaints. */
  cleared(): void {
    this.written = this.follow().transcript.length;
    this.floor = this.written;
  }

  /** The store's state, with the indexes kept moved past records put in front of the transcript. */
  private follow(): PaneState {
    const state = this.options.store.getState();
    const shift = (state.prepended ?? 0) - this.prepended;
    if (shift > 0) {
      this.prepended += shift;
      // Written (or cleared) ones stay so; before the first write, the records in front are written with
      // the rest, counted.
      if (this.written > 0) this.written += shift;
      if (this.floor > 0) this.floor += shift;
    }
    return state;
  }

  /** Stops following the store. */
  dispose(): void {
    this.unsubscribe();
  }

  private width(): number {
    return Math.max(10, this.options.columns());
  }

  /**
   * A window as long as the scrollback: the screen below it holds the live region, so its first line (the
   * "earlier messages" one) is the first line the terminal keeps, not one it drops.
   */
  private maxLines(): number {
    return this.scrollback;
  }
}

/** `session/load` replays the conversation as notifications: it is written once, when the replay is over. */
function holding(state: PaneState): boolean {
  return state.header.connection === "restoring";
}
