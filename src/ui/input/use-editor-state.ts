import { useCallback, useLayoutEffect, useRef, useState } from "react";
import { AT_DRAFT, type HistoryPosition } from "./history.js";
import { bufferText, createBuffer, type TextBuffer } from "./text-buffer.js";

/** Everything the prompt input edits, as one immutable value. */
export interface EditorState {
  readonly buffer: TextBuffer;
  readonly history: HistoryPosition;
  /** The highlighted menu entry, tied to the completion it was chosen in (another completion starts at 0). */
  readonly selection: { readonly key: string; readonly index: number };
  /** The text at which Esc closed the menu: it stays closed until the text changes. */
  readonly dismissedAt?: string;
}

/** A fresh state holding `text` with the cursor at its end. */
export function initialEditorState(text = ""): EditorState {
  return { buffer: createBuffer(text), history: AT_DRAFT, selection: { key: "", index: 0 } };
}

/**
 * The editor state, readable synchronously through `current()`. Ink emits every key of one stdin chunk
 * (a fast typist, a repeated arrow) in the same tick, before React re-renders, so a handler that read the
 * rendered state would apply each key to the same stale text and drop all but the last. gemini-cli's
 * `text-buffer.ts` avoids this with a reducer; a ref suits us because submit and the editor have effects.
 */
export function useEditorState(initialText: string | undefined, onChange: ((text: string) => void) | undefined) {
  const [state, setState] = useState(() => initialEditorState(initialText));
  const ref = useRef(state);
  const onChangeRef = useRef(onChange);
  useLayoutEffect(() => {
    onChangeRef.current = onChange;
  });
  const commit = useCallback((next: EditorState) => {
    const before = bufferText(ref.current.buffer);
    ref.current = next;
    setState(next);
    const after = bufferText(next.buffer);
    if (after !== before) onChangeRef.current?.(after);
  }, []);
  const current = useCallback(() => ref.current, []);
  return { state, current, commit };
}
