import { createContext, useContext } from "react";

/**
 * The pane's width for transcript items. `<Static>` takes its render function at module scope (a new function
 * per render would re-render `<Static>` and force an unthrottled frame, style.md), so the width reaches the
 * items through context instead of a closure.
 */
export const PaneWidthContext = createContext(80);

/** The pane width, in columns, for content printed now. */
export function usePaneWidth(): number {
  return useContext(PaneWidthContext);
}
