import { AppendLog } from "./append-log.js";
import type { LiveState, PaneState, ToolRecord, TranscriptItem } from "./view-model.js";

/** Finished rows (tool calls and thoughts) kept for Ctrl+O after they were printed. */
export const MAX_RECENT_TOOLS = 10;

/** The id prefix of a thought's row (ours; agents' tool call ids are theirs, and never hold a NUL). */
export const THOUGHT_ROW_PREFIX = "\u0000thought-";

/**
 * Small pure helpers the reducers share: appending transcript items with fresh ids, and ending the text
 * segment that is streaming.
 */

/** A transcript item before it has an id. */
export type NewItem = TranscriptItem extends infer I ? (I extends TranscriptItem ? Omit<I, "id"> : never) : never;

/** ZeroClaw stores user messages with a timestamp prefix and replays them with it (protocol.md §8.4). */
const REPLAY_TIMESTAMP = /^\[\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} [^\]]+\] /;

/** Strips ZeroClaw's `[YYYY-MM-DD HH:MM:SS TZ] ` prefix from replayed user text. */
export function stripReplayTimestamp(text: string): string {
  return text.replace(REPLAY_TIMESTAMP, "");
}

/** Appends items to the transcript, numbering them. O(items), whatever the transcript's length. */
export function appendItems(state: PaneState, ...items: NewItem[]): PaneState {
  if (items.length === 0) return state;
  let nextId = state.nextId;
  const numbered = items.map((item) => ({ ...item, id: nextId++ }) as TranscriptItem);
  return { ...state, transcript: state.transcript.append(...numbered), nextId };
}

/** Keeps `record` among the recent finished rows Ctrl+O can reach, the oldest dropped past the cap. */
export function pushRecent(recent: readonly ToolRecord[], record: ToolRecord): readonly ToolRecord[] {
  const next = [...recent, record];
  return next.length > MAX_RECENT_TOOLS ? next.slice(next.length - MAX_RECENT_TOOLS) : next;
}

/**
 * A finished thought as a row of ACP's `think` kind, so Ctrl+O and Alt+Up/Down reach it like a tool row: its
 * whole text is the row's output, shown as markdown when expanded.
 */
function thoughtRecord(id: number, text: string): ToolRecord {
  const toolCallId = `${THOUGHT_ROW_PREFIX}${id}`;
  const title = text.split("\n", 1)[0] ?? "";
  return {
    row: { toolCallId, status: "done", title, kind: "think", output: text, diffs: [], locations: [] },
    source: { toolCallId, kind: "think", title, status: "completed" },
  };
}

/** Replaces fields of the live state. */
export function withLive(state: PaneState, live: Partial<LiveState>): PaneState {
  return { ...state, live: { ...state.live, ...live } };
}

/**
 * Ends the streaming segment: its tail becomes a finished transcript item (agent text, thought, or a replayed
 * user message), and the live region no longer shows it.
 */
export function endSegment(state: PaneState): PaneState {
  const stream = state.live.stream;
  if (!stream) return state;
  const cleared = withLive(state, { stream: undefined });
  switch (stream.kind) {
    case "message":
      return stream.text.trim() === "" ? cleared : appendItems(cleared, { kind: "agent-text", markdown: stream.text });
    case "thought": {
      const text = stream.text.trim();
      if (text === "") return cleared;
      const printed = appendItems(cleared, { kind: "thought", text });
      return withLive(printed, { recent: pushRecent(printed.live.recent, thoughtRecord(cleared.nextId, text)) });
    }
    case "user": {
      const text = stripReplayTimestamp(stream.text);
      return text.trim() === ""
        ? cleared
        : appendItems(cleared, { kind: "user", text, attachments: [], replayed: true });
    }
  }
}

/** The state of a pane that has not connected yet. */
export function initialPaneState(options: { agentName?: string; alias?: string } = {}): PaneState {
  return {
    header: {
      connection: "connecting",
      ...(options.agentName ? { agentName: options.agentName } : {}),
      ...(options.alias ? { alias: options.alias } : {}),
    },
    transcript: AppendLog.empty(),
    live: { tools: [], recent: [], planDirty: false, deliveries: [] },
    turn: { running: false, cancelling: false, markedCancelled: false },
    queue: [],
    expanded: [],
    commands: [],
    history: [],
    permissions: {},
    nextId: 1,
  };
}
