import { useState } from "react";
import { KEY_LAYER, useKeyMatcher, useKeys } from "../keys/key-router.js";

/** What a list picker shows: the highlighted index and the window of items that fits. */
export interface ListPickerView<T> {
  readonly selected: number;
  /** Index of the first shown item. */
  readonly first: number;
  readonly shown: readonly T[];
}

/**
 * The keys and scrolling of a one-choice list in the live region (`/sessions`, `/model`): ↑↓ move, Enter
 * chooses, Esc closes. On the router's modal layer, not Ink focus (which Esc drops in 6.8), and it consumes
 * every key but Ctrl+C so nothing reaches the input while it is open. `maxLines` includes a title and a hint.
 */
export function useListPicker<T>(
  items: readonly T[],
  maxLines: number,
  handlers: { readonly onChoose: (item: T) => void; readonly onClose: () => void; readonly initial?: number },
): ListPickerView<T> {
  const [selected, setSelected] = useState(() => Math.max(0, handlers.initial ?? 0));
  const is = useKeyMatcher();
  useKeys(KEY_LAYER.modal, (press) => {
    if (is("modal.cancel", press)) {
      handlers.onClose();
      return true;
    }
    if (is("modal.up", press)) {
      setSelected((index) => Math.max(0, index - 1));
      return true;
    }
    if (is("modal.down", press)) {
      setSelected((index) => Math.min(Math.max(0, items.length - 1), index + 1));
      return true;
    }
    if (is("modal.choose", press)) {
      const item = items[selected];
      if (item !== undefined) handlers.onChoose(item);
      return true;
    }
    return !is("app.interrupt", press);
  });
  const rows = Math.max(1, maxLines - 2);
  const first = Math.min(Math.max(0, selected - rows + 1), Math.max(0, items.length - rows));
  return { selected, first, shown: items.slice(first, first + rows) };
}
