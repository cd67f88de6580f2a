import type { HistoryList } from "../../state/history/history-entry.js";
import { HistoryModel, type VisibleRow } from "./history-model.js";

/** What the view draws: computed by {@link HistoryController}, read with `useSyncExternalStore`. */
export interface HistoryScreen {
  readonly rows: readonly VisibleRow[];
  /** "turn 3 of 12 · item 40 of 310". */
  readonly where: string;
  /** The search state for the title: "" without a search, else "/query 3/17" or "/query: no match". */
  readonly search: string;
}

const EMPTY: HistoryScreen = { rows: [], where: "", search: "" };

/**
 * Runs the {@link HistoryModel} outside React's render and commit. Records other than prompts and answers are
 * rendered through Ink's `renderToString` (src/ui/transcript/record-text.tsx), which renders a second React
 * root synchronously: called while the pane's own root renders, commits or handles a key (inside React's
 * batched updates), its flush is deferred, its output comes back empty and its teardown frees layout nodes
 * under the pane's feet (a crash in Yoga's `setWidth`). So every change to the model is queued and applied in a
 * microtask, after React's work, and the screen it yields is published to the view.
 */
export class HistoryController {
  private model: HistoryModel | undefined;
  private readonly queue: ((model: HistoryModel) => void)[] = [];
  private scheduled = false;
  private screen = EMPTY;
  private readonly listeners = new Set<() => void>();

  constructor(
    private list: HistoryList,
    private width: number,
    private rows: number,
  ) {
    this.schedule();
  }

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getScreen = (): HistoryScreen => this.screen;

  /** A newer list (the live turn moved on). */
  setList(list: HistoryList): void {
    if (list === this.list) return;
    this.list = list;
    this.run((model) => model.setList(list));
  }

  setSize(width: number, rows: number): void {
    if (width === this.width && rows === this.rows) return;
    this.width = width;
    this.rows = rows;
    this.run((model) => model.setSize(width, rows));
  }

  /** Changes the model (a move, a search, an expansion, a copy) soon after the current React work. */
  run(change: (model: HistoryModel) => void): void {
    this.queue.push(change);
    this.schedule();
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => this.flush());
  }

  private flush(): void {
    this.scheduled = false;
    const model = (this.model ??= new HistoryModel(this.list, this.width, this.rows));
    for (const change of this.queue.splice(0)) change(model);
    const matches = model.matches;
    const search = !matches
      ? ""
      : matches.entries.length === 0
        ? `/${matches.query}: no match`
        : `/${matches.query} ${model.currentMatch === undefined ? "" : `${model.currentMatch + 1}/`}${matches.entries.length}`;
    this.screen = { rows: model.visibleRows(), where: model.where(), search };
    for (const listener of this.listeners) listener();
  }
}
