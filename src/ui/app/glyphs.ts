import type { ForegroundColorName } from "chalk";
import type { ToolRowStatus } from "../../state/view-model.js";

/** Spinner frames (braille, one column wide in every terminal font we know of). */
export const SPINNER_FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"] as const;

/** The spinner frame for a tick. */
export function spinnerFrame(tick: number): string {
  return SPINNER_FRAMES[tick % SPINNER_FRAMES.length] as string;
}

/** Status glyphs of tool rows; running rows show the spinner instead of ◐ while the pane animates. */
export const STATUS_GLYPH: Readonly<Record<ToolRowStatus, string>> = {
  pending: "○",
  running: "◐",
  done: "✓",
  failed: "✗",
  rejected: "✗",
  cancelled: "⊘",
};

/** Colours of the status glyphs. `done` is not green: ZeroClaw says `completed` for failed tools too. */
export const STATUS_COLOR: Readonly<Record<ToolRowStatus, ForegroundColorName>> = {
  pending: "gray",
  running: "yellow",
  done: "cyan",
  failed: "red",
  rejected: "yellow",
  cancelled: "yellow",
};
