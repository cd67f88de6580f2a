import type { ClientEvent } from "../client/events.js";
import { sanitizeLine, sanitizeText } from "../markdown/sanitize.js";
import { toolDisplayName } from "./tool-summary.js";
import type { ContentBlock, PlanEntry, SessionUpdate } from "../protocol/index.js";
import type { PaneAction } from "./actions.js";
import { AppendLog } from "./append-log.js";
import { appendItems, endSegment, withLive } from "./pane-ops.js";
import {
  applyDecision,
  finishOpenTools,
  moveToolFocus,
  toggleFocusedTool,
  toggleRawTool,
  upsertToolCall,
} from "./reduce-tools.js";
import { decisionOf, rememberDecision } from "./tool-decisions.js";
import { reduceSettingsEvent } from "./settings-view.js";
import { reduceTerminalEvent } from "./terminals.js";
import { dropEmbeddedCommandRows, printHeldCommands, reduceAgentCommand } from "./agent-commands.js";
import { reduceFileWritten } from "./file-writes.js";
import type { PaneState, PlanEntryView, StreamTail } from "./view-model.js";

export { initialPaneState } from "./pane-ops.js";

/** Prompts kept for the input's history. */
const MAX_HISTORY = 200;

/**
 * The pane's reducer: pure, from {@link PaneAction}s to {@link PaneState}. Tested without Ink. Every agent
 * string is sanitized here, before it reaches the view model. The work per action does not depend on how
 * long the transcript is (appends are O(1), nothing scans the items).
 */
export function reducePane(state: PaneState, action: PaneAction): PaneState {
  switch (action.type) {
    case "client":
      return reduceClientEvent(state, action.event, action.at);
    case "stream-append":
      return appendStream(printHeldCommands(state), action.stream, action.text, action.splitPoint);
    case "stream-lines":
      return commitLines(state, action.cut);
    case "connection": {
      const { retryAt: _previous, ...header } = state.header;
      return {
        ...state,
        // `r` was pressed: the death was told, the pane takes keys again (prompts queue until the session is back).
        ...(action.state === "restarting" ? { agentDied: undefined } : {}),
        header: {
          ...header,
          connection: action.state,
          ...(action.retryAt !== undefined ? { retryAt: action.retryAt } : {}),
          ...(action.agentName ? { agentName: sanitizeLine(action.agentName) } : {}),
          ...(action.agentTitle ? { agentTitle: sanitizeLine(action.agentTitle) } : {}),
        },
      };
    }
    case "session-opened": {
      const opened: PaneState = {
        ...state,
        header: {
          ...state.header,
          sessionId: action.sessionId,
          connection: action.how === "new" ? "ready" : "restoring",
          ...(action.alias ? { alias: action.alias } : {}),
        },
        agentDied: undefined,
      };
      return appendItems(opened, {
        kind: "banner",
        agent: state.header.agentTitle ?? state.header.agentName ?? "agent",
        sessionId: action.sessionId,
        how: action.how,
        ...(action.alias ? { alias: action.alias } : {}),
        ...(action.cwd ? { cwd: action.cwd } : {}),
      });
    }
    case "session-restored":
      return { ...endSegment(state), header: { ...state.header, connection: "ready" } };
    case "prompt-submitted": {
      const ended = endSegment(state);
      return appendItems(
        { ...ended, history: pushHistory(ended.history, action.text) },
        // Replayed from a journal on --resume, and the attachments are file names: neither is trusted text.
        { kind: "user", text: sanitizeText(action.text), attachments: action.attachments.map(sanitizeLine) },
      );
    }
    case "prompt-queued":
      return {
        ...state,
        queue: [
          ...state.queue,
          { id: state.nextId, text: action.text, attachments: action.attachments.map(sanitizeLine) },
        ],
        history: pushHistory(state.history, action.text),
        nextId: state.nextId + 1,
      };
    case "prompt-steered":
      return {
        ...state,
        // An earlier steer not yet sent is overtaken: it stays, as an ordinary queued prompt.
        queue: [
          { id: state.nextId, text: action.text, attachments: action.attachments.map(sanitizeLine), steer: true },
          ...state.queue.map((queued) => (queued.steer ? { ...queued, steer: false } : queued)),
        ],
        history: pushHistory(state.history, action.text),
        nextId: state.nextId + 1,
      };
    case "queue-taken-back":
      return { ...state, queue: state.queue.filter((queued) => queued.id !== action.id) };
    case "queue-shifted":
      return { ...state, queue: state.queue.slice(1) };
    case "queue-to-draft":
      if (state.queue.length === 0) return state;
      return {
        ...state,
        queue: [],
        draftRestore: { text: state.queue.map((queued) => queued.text).join("\n\n"), version: state.nextId },
        nextId: state.nextId + 1,
      };
    case "draft-restore":
      return { ...state, draftRestore: { text: action.text, version: state.nextId }, nextId: state.nextId + 1 };
    case "cancel-requested":
      return state.turn.running ? { ...state, turn: { ...state.turn, cancelling: true } } : state;
    case "tool-toggle":
      return toggleFocusedTool(state);
    case "tool-raw":
      return toggleRawTool(state);
    case "tool-focus":
      return moveToolFocus(state, action.direction);
    case "agent-died": {
      // One death, one report: a second word of the same death (a request failing on the connection already
      // lost) changes nothing. A restart clears the death first, so its own failure is told.
      if (state.agentDied) return state;
      // Not "turn cancelled": the error item says what happened; open rows still end as cancelled.
      const ended = endTurn(state, action.at, { cancelled: false });
      const withError = appendItems(ended, { kind: "error", message: sanitizeLine(action.death.message) });
      return { ...withError, agentDied: action.death, header: { ...withError.header, connection: "disconnected" } };
    }
    case "delivery-saved":
    case "delivery-failed": {
      const delivery = state.live.deliveries.find((candidate) => candidate.toolCallId === action.toolCallId);
      if (!delivery) return state;
      const settled =
        action.type === "delivery-saved"
          ? { ...delivery, state: "saved" as const, savedPath: action.path }
          : { ...delivery, state: "failed" as const, error: sanitizeLine(action.error) };
      const remaining = withLive(state, {
        deliveries: state.live.deliveries.filter((candidate) => candidate !== delivery),
      });
      return appendItems(remaining, { kind: "delivered-file", delivery: settled });
    }
    case "notice":
      return appendItems(state, { kind: "notice", level: action.level, message: action.message });
    case "permission-answered-outside": {
      const open = state.permissions[action.key];
      if (!open) return state;
      return { ...state, permissions: { ...state.permissions, [action.key]: { ...open, answeredOutside: true } } };
    }
    case "finalize":
      return endSegment(state);
    case "earlier-pending":
      return { ...state, earlier: { pendingFor: action.sessionId } };
    case "earlier-loaded": {
      // Another session was restored meanwhile (/sessions): these records are not its.
      if (state.earlier?.pendingFor !== action.sessionId) return state;
      // Ids below the newest turns' (which were numbered first, from 1).
      const older = action.items.map((item, index) => ({ ...item, id: index - action.items.length }));
      const { earlier: _loaded, ...rest } = state;
      return {
        ...rest,
        transcript: AppendLog.from([...older, ...state.transcript.toArray()]),
        history: [...action.prompts, ...state.history].slice(-MAX_HISTORY),
        prepended: (state.prepended ?? 0) + older.length,
      };
    }
  }
}

function pushHistory(history: readonly string[], text: string): readonly string[] {
  if (history.at(-1) === text) return history;
  const next = [...history, text];
  return next.length > MAX_HISTORY ? next.slice(next.length - MAX_HISTORY) : next;
}

/**
 * Appends coalesced stream text. A different stream ends the current segment first. For agent messages,
 * everything before `splitPoint` (a segment index from the store's incremental splitter) moves into the
 * transcript, so only the tail stays live and is re-rendered.
 */
function appendStream(state: PaneState, kind: StreamTail["kind"], text: string, splitPoint: number): PaneState {
  let next = state.live.stream && state.live.stream.kind !== kind ? endSegment(state) : state;
  const current = next.live.stream ?? { kind, text: "", offset: 0 };
  let tail = current.text + text;
  let offset = current.offset;
  if (kind === "message" && splitPoint > offset) {
    const cut = Math.min(splitPoint - offset, tail.length);
    const head = tail.slice(0, cut);
    tail = tail.slice(cut);
    offset += cut;
    if (head.trim() !== "") next = appendItems(next, { kind: "agent-text", markdown: head });
  }
  return withLive(next, { stream: { kind, text: tail, offset } });
}

/** Moves the first `cut` characters of the message tail into the transcript as a paragraph's finished lines. */
function commitLines(state: PaneState, cut: number): PaneState {
  const stream = state.live.stream;
  if (stream?.kind !== "message" || cut <= 0 || cut >= stream.text.length) return state;
  const next = appendItems(state, { kind: "agent-text", markdown: stream.text.slice(0, cut), continues: true });
  return withLive(next, { stream: { kind: "message", text: stream.text.slice(cut), offset: stream.offset + cut } });
}

function planEntries(entries: readonly PlanEntry[]): PlanEntryView[] {
  return entries.map((entry) => ({
    content: sanitizeLine(entry.content),
    status:
      entry.status === "pending" || entry.status === "in_progress" || entry.status === "completed"
        ? entry.status
        : "other",
    ...(entry.priority ? { priority: sanitizeLine(entry.priority) } : {}),
  }));
}

/** Ends the turn: the streamed tail and the thought are printed, open calls end, the plan is printed. */
function endTurn(state: PaneState, at: number, options: { cancelled: boolean }): PaneState {
  let next = finishOpenTools(printHeldCommands(endSegment(state)), at);
  if (next.live.plan && next.live.planDirty) next = appendItems(next, { kind: "plan", entries: next.live.plan });
  next = withLive(next, { plan: undefined, planDirty: false });
  if (options.cancelled && state.turn.running && !state.turn.markedCancelled)
    next = appendItems(next, { kind: "turn-cancelled" });
  return { ...next, turn: { running: false, cancelling: false, markedCancelled: false } };
}

function describeContent(block: ContentBlock): string {
  switch (block.type) {
    case "image":
    case "audio":
      return `${block.type} (${sanitizeLine(block.mimeType)})`;
    case "resource_link":
      return `link ${sanitizeLine(block.uri)}`;
    case "resource":
      return `resource ${sanitizeLine(block.resource.uri)}`;
    case "unsupported":
      return `content of type "${sanitizeLine(block.kind)}"`;
    case "text":
      return "text";
  }
}

function reduceUpdate(state: PaneState, update: SessionUpdate, at: number): PaneState {
  switch (update.sessionUpdate) {
    case "agent_message_chunk":
    case "agent_thought_chunk":
    case "user_message_chunk": {
      const stream =
        update.sessionUpdate === "agent_message_chunk"
          ? "message"
          : update.sessionUpdate === "agent_thought_chunk"
            ? "thought"
            : "user";
      if (update.content.type === "text") return appendStream(state, stream, sanitizeText(update.content.text), 0);
      return appendItems(endSegment(state), {
        kind: "unsupported",
        what: `${stream === "user" ? "user" : "agent"} sent ${describeContent(update.content)}`,
      });
    }
    case "tool_call":
      return dropEmbeddedCommandRows(upsertToolCall(state, update, true, at));
    case "tool_call_update":
      return dropEmbeddedCommandRows(upsertToolCall(state, update, false, at));
    case "plan": {
      const entries = planEntries(update.entries);
      // Outside a turn (ZeroClaw re-sends the plan on resume) nothing will update it: print it at once.
      if (!state.turn.running) return appendItems(endSegment(state), { kind: "plan", entries });
      // The text before a plan and the text after it are two paragraphs ("Here's my plan." / "Plan recorded.").
      return withLive(endSegment(state), { plan: entries, planDirty: true });
    }
    case "available_commands_update":
      return {
        ...state,
        commands: update.availableCommands.map((command) => ({
          name: sanitizeLine(command.name),
          ...(command.description ? { description: sanitizeLine(command.description) } : {}),
          ...(command.input?.hint ? { hint: sanitizeLine(command.input.hint) } : {}),
        })),
      };
    case "notice": {
      const level = update.severity === "warning" || update.severity === "error" ? update.severity : "info";
      const message = sanitizeLine(update.description ? `${update.title}: ${update.description}` : update.title);
      return appendItems(state, { kind: "notice", level, message });
    }
    case "compaction_update": {
      const status = update.status;
      const message =
        status === "in_progress"
          ? "compacting the conversation context…"
          : status === "completed"
            ? "context compacted"
            : status === "failed"
              ? `context compaction failed${update.error ? `: ${update.error}` : ""}`
              : status === "cancelled"
                ? "context compaction cancelled"
                : `context compaction: ${status}`;
      return appendItems(state, {
        kind: "notice",
        level: status === "failed" ? "warning" : "info",
        message: sanitizeLine(message),
      });
    }
    case "unsupported":
      return appendItems(state, { kind: "unsupported", what: `update "${sanitizeLine(update.kind) || "(no kind)"}"` });
    default:
      // Modes, config options, usage, session info and summary chunks: nothing the transcript shows.
      return state;
  }
}

function reduceClientEvent(state: PaneState, event: ClientEvent, at: number): PaneState {
  const terminal = reduceTerminalEvent(state, event);
  if (terminal) return reduceAgentCommand(terminal, event, at);
  const settled = reduceSettingsEvent(state, event) ?? reduceFileWritten(state, event);
  if (settled) return settled;
  switch (event.type) {
    case "update": {
      const { update } = event;
      const isToolCall = update.sessionUpdate === "tool_call" || update.sessionUpdate === "tool_call_update";
      return reduceUpdate(isToolCall ? state : printHeldCommands(state), update, at);
    }
    case "turn-started":
      return {
        ...endSegment(state),
        turn: { running: true, startedAt: at, cancelling: false, markedCancelled: false },
        focusedToolId: undefined,
        expanded: [],
        rawToolId: undefined,
      };
    case "turn-ended": {
      const cancelled = event.stopReason === "cancelled";
      let next = endTurn(state, at, { cancelled });
      if (event.finalText && event.finalText.trim() !== "")
        next = appendItems(next, { kind: "agent-text", markdown: sanitizeText(event.finalText) });
      if (!cancelled && event.stopReason !== "end_turn") {
        next = appendItems(next, {
          kind: "notice",
          level: "warning",
          message: `the turn ended: ${sanitizeLine(event.stopReason)}`,
        });
      }
      return next;
    }
    case "turn-failed": {
      const ended = endTurn(state, at, { cancelled: false });
      // When the agent died, the lost connection is already told (and the panel shows why): once is enough.
      return state.agentDied ? ended : appendItems(ended, { kind: "error", message: sanitizeText(event.message) });
    }
    case "permission-requested": {
      const { request } = event;
      const optionNames = Object.fromEntries(
        request.options.map((option) => [option.optionId, sanitizeLine(option.name)]),
      );
      const optionKinds = Object.fromEntries(request.options.map((option) => [option.optionId, option.kind]));
      const title = toolDisplayName({ title: request.toolCall.title ?? request.toolCall.toolCallId });
      // The agent is about to call a tool: the text it streamed before is complete, and must be printed
      // before the note of the answer, not after it.
      const ended = endSegment(state);
      const open = { title, optionNames, optionKinds, toolCallId: request.toolCall.toolCallId };
      return { ...ended, permissions: { ...ended.permissions, [request.key]: open } };
    }
    case "permission-settled": {
      const open = state.permissions[event.key];
      if (!open) return state;
      const { [event.key]: _settled, ...permissions } = state.permissions;
      const answer =
        event.outcome === "cancelled" ? "cancelled" : (open.optionNames[event.outcome] ?? sanitizeLine(event.outcome));
      let decided: PaneState = { ...state, permissions };
      if (open.toolCallId !== undefined) {
        const decision = decisionOf(open, event.outcome, at);
        decided = applyDecision(rememberDecision(decided, open.toolCallId, decision), open.toolCallId, decision, at);
      }
      return appendItems(decided, {
        kind: "permission",
        title: open.title,
        answer: open.answeredOutside ? `${answer} (answered from outside)` : answer,
      });
    }
    case "notice":
      return appendItems(state, { kind: "notice", level: event.level, message: sanitizeText(event.message) });
    case "problem":
      // The agent's stderr goes to the log; a malformed or oversized line is worth a warning.
      return event.problem.kind === "stderr"
        ? state
        : appendItems(state, { kind: "notice", level: "warning", message: sanitizeLine(event.problem.message) });
    case "history-trimmed":
      return appendItems(state, {
        kind: "notice",
        level: "info",
        message: `earlier context was trimmed: ${event.droppedMessages} messages dropped, ${event.keptTurns} turns kept (${sanitizeLine(event.reason)})`,
      });
    case "unknown-notification":
      return appendItems(state, { kind: "unsupported", what: `notification "${sanitizeLine(event.method)}"` });
    case "disconnected":
      return { ...state, header: { ...state.header, connection: "disconnected" } };
    default:
      // Events the pane does not show (yet): the client core grows faster than the view.
      return state;
  }
}
