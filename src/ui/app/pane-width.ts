import { createContext, useContext } from "react";

/**
 * The width a transcript item is rendered at (`TranscriptItemView`, rendered to text by the transcript writer
 * at whatever width it writes or repaints at).
 */
export const PaneWidthContext = createContext(80);

/** The pane width, in columns, for content printed now. */
export function usePaneWidth(): number {
  return useContext(PaneWidthContext);
}
