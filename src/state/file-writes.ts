import type { ClientEvent } from "../client/events.js";
import { sanitizeLine } from "../markdown/sanitize.js";
import { appendItems, endSegment } from "./pane-ops.js";
import type { PaneState } from "./view-model.js";

/**
 * Texts larger than this (old and new together) are not kept for the diff: the transcript holds its items
 * for the whole session, and a 10 MiB rewrite would stay in memory for a diff nobody can read in a side pane.
 */
export const MAX_WRITE_DIFF_CHARS = 256 * 1024;

/**
 * A `file-written` event (the agent wrote through `fs/write_text_file`) becomes a transcript item with its
 * diff, after the text streamed so far. Returns undefined for any other event; another session's writes
 * are ignored. The texts stay raw: the diff view sanitizes each line it shows, cut to the width first.
 */
export function reduceFileWritten(state: PaneState, event: ClientEvent): PaneState | undefined {
  if (event.type !== "file-written") return undefined;
  if (state.header.sessionId !== undefined && event.sessionId !== state.header.sessionId) return state;
  const size = event.newText.length + (event.oldText?.length ?? 0);
  const path = sanitizeLine(event.path);
  if (size > MAX_WRITE_DIFF_CHARS) {
    return appendItems(endSegment(state), {
      kind: "file-written",
      path,
      created: event.created,
      oldKnown: event.oldText !== undefined,
      newLines: countLines(event.newText),
    });
  }
  return appendItems(endSegment(state), {
    kind: "file-written",
    path,
    created: event.created,
    oldKnown: event.created || event.oldText !== undefined,
    newLines: countLines(event.newText),
    diff: { oldText: event.created ? null : (event.oldText ?? null), newText: event.newText },
  });
}

function countLines(text: string): number {
  if (text === "") return 0;
  let count = 1;
  for (let i = text.indexOf("\n"); i !== -1 && i < text.length - 1; i = text.indexOf("\n", i + 1)) count++;
  return count;
}
