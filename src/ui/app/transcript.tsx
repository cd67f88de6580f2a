import { Static } from "ink";
import { memo } from "react";
import type { TranscriptItem } from "../../state/view-model.js";
import { TranscriptItemView } from "./transcript-item.js";

/**
 * At module scope on purpose: `<Static>` re-rendered with a new render function (or a new `items` array
 * that is not an append) forces an immediate, unthrottled frame and defeats `maxFps` (style.md: 400 chunks
 * made 411 frames instead of 80).
 */
function renderTranscriptItem(item: TranscriptItem) {
  return <TranscriptItemView key={item.id} item={item} />;
}

/** Props of {@link Transcript}. */
export interface TranscriptProps {
  /** Finished items; the array's identity changes only when items are appended. */
  readonly items: readonly TranscriptItem[];
}

/**
 * The finished transcript, printed once into the terminal's scrollback (tmux copy-mode and search work on
 * it). Memoized so that it renders only when items were appended.
 */
export const Transcript = memo(function Transcript({ items }: TranscriptProps) {
  return <Static items={items as TranscriptItem[]}>{renderTranscriptItem}</Static>;
});
