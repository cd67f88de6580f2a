import { useCallback, useEffect, useRef, useState } from "react";
import {
  commandItems,
  contextKey,
  fileItems,
  findCompletionContext,
  type CommandInfo,
  type CompletionContext,
  type CompletionItem,
  type DirEntry,
} from "./completion.js";
import { listDirectory, resolveInside } from "./file-listing.js";
import { bufferText } from "./text-buffer.js";
import type { EditorState } from "./use-editor-state.js";

/** An open completion menu. */
export interface Menu {
  readonly context: CompletionContext;
  readonly items: readonly CompletionItem[];
  readonly selected: number;
  /** Identifies the completion, for `EditorState.selection`. */
  readonly key: string;
}

/**
 * Completion for the prompt: `menuFor(state)` says whether a menu is open and what it holds, for the
 * rendered state and for the key handlers' synchronous one alike. `@` directory reads happen in an effect,
 * asynchronously, and are cached while the `@` token is being typed (so each keystroke filters in memory);
 * leaving the token drops the cache, and the next `@` sees files created meanwhile.
 */
export function useCompletion(state: EditorState, commands: readonly CommandInfo[], cwd: string) {
  const cache = useRef(new Map<string, readonly DirEntry[] | "loading">());
  const [, setLoaded] = useState(0);
  const context = findCompletionContext(state.buffer);
  const directory = context?.kind === "file" ? resolveInside(cwd, context.dir) : undefined;

  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (directory === undefined) {
      // A new map rather than clear(): a read still in flight then lands in the old one, not in the next `@`.
      if (cache.current.size > 0) cache.current = new Map();
      return;
    }
    const listings = cache.current;
    if (listings.has(directory)) return;
    listings.set(directory, "loading");
    void listDirectory(directory).then((entries) => {
      listings.set(directory, entries);
      // Re-render so the menu appears (not after unmount, where React would warn).
      if (mounted.current) setLoaded((count) => count + 1);
    });
  }, [directory]);

  const menuFor = useCallback(
    (editor: EditorState): Menu | undefined => {
      const found = findCompletionContext(editor.buffer);
      if (!found || editor.dismissedAt === bufferText(editor.buffer)) return undefined;
      let items: CompletionItem[];
      if (found.kind === "command") {
        items = commandItems(commands, found.query);
      } else {
        const dir = resolveInside(cwd, found.dir);
        const entries = dir === undefined ? undefined : cache.current.get(dir);
        items = Array.isArray(entries) ? fileItems(entries, found) : [];
      }
      if (items.length === 0) return undefined;
      const key = contextKey(found);
      const selected = editor.selection.key === key ? Math.min(editor.selection.index, items.length - 1) : 0;
      return { context: found, items, selected, key };
    },
    [commands, cwd],
  );

  // The listing cache is a memo of directory reads, not render state: a read that lands forces a re-render
  // (setLoaded above), so reading it here cannot show a stale menu.
  // eslint-disable-next-line react-hooks/refs
  return { menu: menuFor(state), menuFor };
}
