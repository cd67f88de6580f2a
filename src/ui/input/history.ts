/**
 * Prompt history recall (design.md §3: Up/Down on the first/last line). Pure: the component decides when
 * the cursor is on an edge row, this decides which text comes next and keeps the unsent draft.
 */

/** Where the user is in the history. */
export interface HistoryPosition {
  /** Index into the history array, or -1 while editing the draft. */
  readonly index: number;
  /** The text that was being typed before the first Up; restored when coming back down. */
  readonly draft: string;
}

/** Editing the draft, before any recall. */
export const AT_DRAFT: HistoryPosition = { index: -1, draft: "" };

/** A recall: the text to show and the new position. */
export interface Recall {
  readonly text: string;
  readonly position: HistoryPosition;
}

/**
 * One step through `history` (oldest first, as prompts were sent): `-1` goes to an older prompt, `1` to a
 * newer one and finally back to the draft. Undefined when there is nowhere to go.
 */
export function stepHistory(
  history: readonly string[],
  position: HistoryPosition,
  currentText: string,
  direction: -1 | 1,
): Recall | undefined {
  if (direction === -1) {
    const index = position.index === -1 ? history.length - 1 : Math.min(position.index, history.length) - 1;
    const text = history[index];
    if (index < 0 || text === undefined) return undefined;
    const draft = position.index === -1 ? currentText : position.draft;
    return { text, position: { index, draft } };
  }
  if (position.index === -1) return undefined;
  const index = position.index + 1;
  const text = history[index];
  if (text === undefined) return { text: position.draft, position: AT_DRAFT };
  return { text, position: { index, draft: position.draft } };
}
