import type { ToolCallUpdateFields } from "../protocol/index.js";
import type { AppendLog } from "./append-log.js";

/**
 * The pane's view model: what the screen shows, in our own types (the UI never sees wire objects). Every
 * string in it that came from the agent has been sanitized by the reducer.
 */

/** Where the connection to the agent stands, for the header. */
export type ConnectionState =
  | "connecting"
  | "starting-session"
  | "restoring"
  | "ready"
  | "restarting"
  /** The gateway socket dropped: waiting to reconnect (`retryAt` set) or reconnecting now. */
  | "reconnecting"
  | "disconnected"
  | "closed";

/** The header line: who we talk to and in which session. */
export interface HeaderInfo {
  readonly agentName?: string;
  readonly agentTitle?: string;
  readonly alias?: string;
  readonly sessionId?: string;
  readonly connection: ConnectionState;
  /** While reconnecting: when the next attempt starts (ms since epoch), for the header's countdown. */
  readonly retryAt?: number;
}

/**
 * How a tool row is shown. `done` is ZeroClaw's `completed`, which it sends even when the tool failed
 * (protocol.md §6.4): the row says "done", never "succeeded". `rejected` and `cancelled` are ours: the user
 * rejected the call's permission request, or it was answered `cancelled` (Esc), or the turn ended cancelled or
 * failed with the call unfinished. The agent reports such calls `failed` (Claude) or `completed` (ZeroClaw).
 */
export type ToolRowStatus = "pending" | "running" | "done" | "failed" | "rejected" | "cancelled";

/**
 * How a tool call's permission request was answered: an allowed call is timed from `at` (the user's thinking
 * time is not the tool's); a rejected or cancelled one never ran.
 */
export interface ToolDecision {
  readonly verdict: "allowed" | "rejected" | "cancelled";
  /** When it was answered (ms since epoch). */
  readonly at: number;
}

/** One diff of a tool call (edit tools), for the expanded row. */
export interface ToolDiff {
  readonly path: string;
  readonly oldText?: string | null;
  readonly newText: string;
}

/** A tool call as the pane shows it: the merge of its `tool_call` and every `tool_call_update`. */
export interface ToolRow {
  readonly toolCallId: string;
  readonly status: ToolRowStatus;
  /** Title, else tool name, else kind (sanitized, one line). */
  readonly title: string;
  readonly kind?: string;
  readonly name?: string;
  /** One-line input summary: the shell command, the file path (sanitized). */
  readonly summary?: string;
  /** The input as pretty text for the expanded row (sanitized). */
  readonly inputText?: string;
  /** Text output, from whichever shape the agent reported it in (tool-output.ts; sanitized; the UI caps it). */
  readonly output?: string;
  /** The command's exit code, when the agent reported one. */
  readonly exitCode?: number;
  readonly diffs: readonly ToolDiff[];
  /** Client terminals embedded in the call's content (`{type:"terminal", terminalId}`): their output is shown. */
  readonly terminalIds?: readonly string[];
  /** Printed rows only: the last lines of its terminals' output (or of a shell call's reported output) and the exit (sanitized). */
  readonly terminalTail?: string;
  /** The files it touches, for `o` (the editor beside the pane); the path is sanitized like every agent string. */
  readonly locations: readonly ToolRowLocation[];
  /**
   * When it started (ms since epoch): when it was allowed, else when we first heard of it; and when it
   * finished. Absent for calls that never ran (rejected, cancelled at the request) and replayed ones.
   */
  readonly startedAt?: number;
  readonly finishedAt?: number;
}

/** A file a tool call touches (1-based `line`). */
export interface ToolRowLocation {
  readonly path: string;
  readonly line?: number;
}

/** A tool row plus the merged wire fields it was built from (kept while the row can still change). */
export interface ToolRecord {
  readonly row: ToolRow;
  /** Merged fields, blobs dropped (a delivered file's base64 must not stay in memory). */
  readonly source: ToolCallUpdateFields;
}

/** One plan entry (sanitized). */
export interface PlanEntryView {
  readonly content: string;
  readonly status: "pending" | "in_progress" | "completed" | "other";
  readonly priority?: string;
}

/** A file the agent delivered (`deliver_file`), while it is saved and once it is. */
export interface DeliveryView {
  readonly toolCallId: string;
  readonly title: string;
  readonly uri: string;
  readonly mimeType?: string;
  /** Decoded size in bytes. */
  readonly bytes: number;
  readonly state: "saving" | "saved" | "failed";
  readonly savedPath?: string;
  readonly error?: string;
}

/**
 * A finished transcript item: the transcript's record. The store keeps the records (`PaneState.transcript`);
 * `TranscriptWriter` (src/ui/transcript) renders each to text once, when it is appended, and writes it above
 * the live region; a repaint or a replay renders them again from here. `id` is unique in the session.
 */
export type TranscriptItem =
  | {
      readonly kind: "banner";
      readonly id: number;
      readonly agent: string;
      readonly sessionId: string;
      readonly alias?: string;
      readonly cwd?: string;
      readonly how: "new" | "resume" | "load";
    }
  | {
      readonly kind: "user";
      readonly id: number;
      readonly text: string;
      readonly attachments: readonly string[];
      readonly replayed?: boolean;
    }
  /** `continues`: finished lines of a paragraph whose rest follows in the next item (no gap after it). */
  | { readonly kind: "agent-text"; readonly id: number; readonly markdown: string; readonly continues?: boolean }
  | { readonly kind: "thought"; readonly id: number; readonly text: string }
  | { readonly kind: "tool"; readonly id: number; readonly row: ToolRow }
  | { readonly kind: "plan"; readonly id: number; readonly entries: readonly PlanEntryView[] }
  | { readonly kind: "delivered-file"; readonly id: number; readonly delivery: DeliveryView }
  | { readonly kind: "error"; readonly id: number; readonly message: string }
  | { readonly kind: "turn-cancelled"; readonly id: number }
  | {
      readonly kind: "notice";
      readonly id: number;
      readonly level: "info" | "warning" | "error";
      readonly message: string;
    }
  | { readonly kind: "permission"; readonly id: number; readonly title: string; readonly answer: string }
  | { readonly kind: "unsupported"; readonly id: number; readonly what: string }
  /**
   * The agent wrote a file (`fs/write_text_file`). `oldKnown`: the old text is known (or there was none), so
   * a real diff can be shown; else the file was "rewritten". `diff` is absent when the texts were too large
   * to keep. Texts are raw file content: the diff view sanitizes what it shows.
   */
  | {
      readonly kind: "file-written";
      readonly id: number;
      readonly path: string;
      readonly created: boolean;
      readonly oldKnown: boolean;
      readonly newLines: number;
      readonly diff?: { readonly oldText: string | null; readonly newText: string };
    };

/** The kinds of transcript items. */
export type TranscriptItemKind = TranscriptItem["kind"];

/** The text being streamed right now: the tail after the last safe split point. */
export interface StreamTail {
  readonly kind: "message" | "thought" | "user";
  /** Sanitized text not yet moved into the transcript. */
  readonly text: string;
  /** Index of `text`'s first character in the whole segment (split points are segment indexes). */
  readonly offset: number;
}

/** A prompt waiting for the running turn to end (or for the session to be ready). */
export interface QueuedPrompt {
  readonly id: number;
  readonly text: string;
  readonly attachments: readonly string[];
  /** Ctrl+S: sent as soon as the agent confirms the cancel of the running turn, ahead of the others. */
  readonly steer?: boolean;
}

/** The agent process ended under us (design.md §7: exit code, signal, stderr tail, restart offer). */
export interface AgentDeath {
  readonly message: string;
  readonly exitCode?: number | null;
  readonly signal?: string | null;
  readonly stderrTail?: string;
}

/** An agent-advertised slash command (sent as prompt text). */
export interface AgentCommandView {
  readonly name: string;
  readonly description?: string;
  readonly hint?: string;
}

/** What is still moving: drawn below the transcript and redrawn on every frame. */
export interface LiveState {
  readonly stream?: StreamTail;
  /**
   * Tool calls still running (pending or running), and the agent's commands that ended but wait for a tool
   * call that may embed their terminal (`agent-commands.ts`).
   */
  readonly tools: readonly ToolRecord[];
  /** Recently finished tool rows (already printed collapsed), kept so Ctrl+O can show their details. */
  readonly recent: readonly ToolRecord[];
  readonly plan?: readonly PlanEntryView[];
  /** Whether the plan changed since it was last printed into the transcript. */
  readonly planDirty: boolean;
  readonly deliveries: readonly DeliveryView[];
}

/** The running turn, if any. */
export interface TurnState {
  readonly running: boolean;
  readonly startedAt?: number;
  /** A cancel was requested and the agent has not answered yet. */
  readonly cancelling: boolean;
  /** A `turn cancelled` marker is already in the transcript for this turn (ZeroClaw sends its own). */
  readonly markedCancelled: boolean;
  /** This turn's answered permission requests, by the tool call id they name (see `tool-decisions.ts`). */
  readonly decisions?: Readonly<Record<string, ToolDecision>>;
  /**
   * ZeroClaw's answered request, whose `approval-…` id names no call: it belongs to the next `tool_call`
   * (protocol.md §7.1: "after the decision, the real tool_call … follows").
   */
  readonly nextCallDecision?: ToolDecision;
}

/** What the transcript note of an answered permission request needs. */
export interface OpenPermission {
  readonly title: string;
  /** The tool call the request names, and the kinds of its options (to tell an allow from a reject). */
  readonly toolCallId?: string;
  readonly optionKinds?: Readonly<Record<string, string>>;
  readonly optionNames: Readonly<Record<string, string>>;
  /** Answered with `zc-pane answer` or the tmux popup rather than in the pane. */
  readonly answeredOutside?: boolean;
}

/** The session's settings as the header shows them (sanitized); from the client's `session-settings` events. */
export interface SettingsView {
  /** The current mode's name (its id when the agent did not list it). */
  readonly modeName?: string;
  /** How many modes the agent offers (Shift+Tab cycles them when there are two or more). */
  readonly modeCount?: number;
  /** The current model's name, as `/model` lists it. */
  readonly modelName?: string;
  /** Context window: tokens used of `size`, from the last `usage_update` (never summed). */
  readonly used?: number;
  readonly size?: number;
  readonly cost?: { readonly amount: number; readonly currency: string };
  /** The session title from `session_info_update`. */
  readonly title?: string;
}

/** A client terminal (`terminal/create`) as tool rows show it; strings sanitized except `raw`. */
export interface TerminalView {
  /** The command line, one line. */
  readonly command?: string;
  /** The kept output as shown: sanitized, carriage returns resolved (at most TERMINAL_KEEP_CHARS, its end). */
  readonly text: string;
  /** Where the open last line starts in `text`: before it, complete lines (only the reducer reads it). */
  readonly closedLength: number;
  /** The open last line as the process wrote it, until its newline (only the reducer reads it). */
  readonly openLine: string;
  /** Bytes of output before `text` that are not kept (past the cap, or dropped before they reached the pane). */
  readonly droppedBytes: number;
  readonly exit?: { readonly exitCode: number | null; readonly signal: string | null };
  readonly released: boolean;
  /**
   * The command runs on the agent's side and the agent streams its output in tool call `_meta`
   * (`terminal_info`, `terminal_output`, `terminal_exit`), not through our `terminal/*` (meta-terminals.ts).
   */
  readonly reported?: true;
}

/** The whole pane state. */
export interface PaneState {
  readonly header: HeaderInfo;
  readonly transcript: AppendLog<TranscriptItem>;
  readonly live: LiveState;
  readonly turn: TurnState;
  readonly queue: readonly QueuedPrompt[];
  /** Which tool row Ctrl+O toggles; undefined means the latest one. */
  readonly focusedToolId?: string;
  /** Tool rows shown expanded (running rows in place, finished ones as a details panel). */
  readonly expanded: readonly string[];
  /** The expanded row shown raw (Ctrl+R): its fields as JSON instead of its output. */
  readonly rawToolId?: string;
  readonly commands: readonly AgentCommandView[];
  /** Prompts sent this session, oldest first (for the input's history). */
  readonly history: readonly string[];
  readonly agentDied?: AgentDeath;
  /**
   * Text to put back into the input (queued prompts after a cancel, a prompt that could not be sent);
   * `version` changes each time so the input can pick it up.
   */
  readonly draftRestore?: { readonly text: string; readonly version: number };
  /** Open permission requests by key (title and option names), to note the answer in the transcript. */
  readonly permissions: Readonly<Record<string, OpenPermission>>;
  /** The next transcript or queue id. */
  readonly nextId: number;
  /**
   * `--resume` of a long session: set while its older turns are read after the newest were shown (the
   * "earlier messages" line cannot count them yet).
   */
  readonly earlier?: { readonly pendingFor: string };
  /** Records put before the transcript's first since the start (`earlier-loaded`): indexes moved by this many. */
  readonly prepended?: number;
  /** Mode, usage and title for the header; absent until the agent sends any. */
  readonly settings?: SettingsView;
  /** Client terminals by id, for tool rows that embed them; absent until one is created. */
  readonly terminals?: Readonly<Record<string, TerminalView>>;
}
