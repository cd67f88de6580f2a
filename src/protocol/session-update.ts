import * as z from "zod";
import { ContentBlockSchema, lenientContentBlocks } from "./content.js";
import { isRecord, lenient, lenientString } from "./lenient.js";
import { parseFail, parseOk, type ParseResult } from "./result.js";
import { SessionConfigOptionsSchema } from "./session-config.js";
import { ToolCallFieldsSchema, ToolCallUpdateFieldsSchema } from "./tool-call.js";
import { variantParser } from "./variants.js";

/** A streamed piece of a message. The same `messageId` continues a message; a new one starts the next. */
const contentChunk = {
  content: ContentBlockSchema,
  messageId: lenient(z.string().nullable()),
};

/** A piece of the user's message: seen in `session/load` replay (ZeroClaw prefixes a timestamp) and some echoes. */
export const UserMessageChunkSchema = z.looseObject({
  sessionUpdate: z.literal("user_message_chunk"),
  ...contentChunk,
});
/** A piece of the agent's answer; the hot path of a turn. */
export const AgentMessageChunkSchema = z.looseObject({
  sessionUpdate: z.literal("agent_message_chunk"),
  ...contentChunk,
});
/** A piece of the agent's reasoning (never replayed by ZeroClaw). */
export const AgentThoughtChunkSchema = z.looseObject({
  sessionUpdate: z.literal("agent_thought_chunk"),
  ...contentChunk,
});

/** A tool call starting. ZeroClaw also uses it for the synthetic `turn-cancelled` marker (protocol.md §6.6). */
export const ToolCallSchema = ToolCallFieldsSchema.extend({
  sessionUpdate: z.literal("tool_call"),
});
/** A change to a tool call: only the fields present change. */
export const ToolCallUpdateSchema = ToolCallUpdateFieldsSchema.extend({
  sessionUpdate: z.literal("tool_call_update"),
});

/** The standard plan entry statuses and priorities; both stay plain strings on the wire types. */
export const PLAN_ENTRY_STATUSES = ["pending", "in_progress", "completed"] as const;
export const PLAN_ENTRY_PRIORITIES = ["high", "medium", "low"] as const;
export type KnownPlanEntryStatus = (typeof PLAN_ENTRY_STATUSES)[number];
export type KnownPlanEntryPriority = (typeof PLAN_ENTRY_PRIORITIES)[number];

/** One plan entry. `activeForm` is ZeroClaw's extension: the entry phrased as ongoing work ("Creating tests"). */
export const PlanEntrySchema = z.looseObject({
  content: z.string(),
  priority: z.string(),
  status: z.string(),
  activeForm: lenientString(),
});
export type PlanEntry = z.infer<typeof PlanEntrySchema>;

/** The whole plan; each one replaces the previous. */
export const PlanUpdateSchema = z.looseObject({
  sessionUpdate: z.literal("plan"),
  entries: z.array(PlanEntrySchema),
});

/** One slash command the agent accepts (sent back as prompt text `/name args`). */
export const AvailableCommandSchema = z.looseObject({
  name: z.string(),
  description: z.string(),
  input: lenient(z.looseObject({ hint: z.string() }).nullable()),
});
export type AvailableCommand = z.infer<typeof AvailableCommandSchema>;

/** The full list of the agent's slash commands. */
export const AvailableCommandsUpdateSchema = z.looseObject({
  sessionUpdate: z.literal("available_commands_update"),
  availableCommands: z.array(AvailableCommandSchema),
});
/** The agent switched mode on its own. */
export const CurrentModeUpdateSchema = z.looseObject({
  sessionUpdate: z.literal("current_mode_update"),
  currentModeId: z.string(),
});
/** The full new set of config options (unknown option types become unsupported entries). */
export const ConfigOptionUpdateSchema = z.looseObject({
  sessionUpdate: z.literal("config_option_update"),
  configOptions: SessionConfigOptionsSchema,
});
/** A partial update of the session's title or timestamp; `null` clears the field, absent leaves it. */
export const SessionInfoUpdateSchema = z.looseObject({
  sessionUpdate: z.literal("session_info_update"),
  title: lenient(z.string().nullable()),
  updatedAt: lenient(z.string().nullable()),
});
/** Context-window use: `used` tokens of `size`. ZeroClaw never sends it. */
export const UsageUpdateSchema = z.looseObject({
  sessionUpdate: z.literal("usage_update"),
  used: z.number(),
  size: z.number(),
  cost: lenient(z.looseObject({ amount: z.number(), currency: z.string() }).nullable()),
});

/** The standard notice severities; `severity` stays a plain string. */
export const NOTICE_SEVERITIES = ["info", "warning", "error"] as const;

/** A message for the user (only to clients that advertise `session.notices`). */
export const NoticeUpdateSchema = z.looseObject({
  sessionUpdate: z.literal("notice"),
  severity: z.string(),
  title: z.string(),
  description: lenient(z.string().nullable()),
});

/** The standard compaction statuses; `status` stays a plain string. */
export const COMPACTION_STATUSES = ["in_progress", "completed", "failed", "cancelled"] as const;

/** Context compaction progress; fields apply as patches keyed by `compactionId`. */
export const CompactionUpdateSchema = z.looseObject({
  sessionUpdate: z.literal("compaction_update"),
  compactionId: z.string(),
  status: z.string(),
  summary: lenientContentBlocks(),
  error: lenient(z.string().nullable()),
});
/** A streamed piece of a compaction summary. */
export const CompactionSummaryChunkSchema = z.looseObject({
  sessionUpdate: z.literal("compaction_summary_chunk"),
  compactionId: z.string(),
  content: ContentBlockSchema,
});

const updateVariants = {
  user_message_chunk: UserMessageChunkSchema,
  agent_message_chunk: AgentMessageChunkSchema,
  agent_thought_chunk: AgentThoughtChunkSchema,
  tool_call: ToolCallSchema,
  tool_call_update: ToolCallUpdateSchema,
  plan: PlanUpdateSchema,
  available_commands_update: AvailableCommandsUpdateSchema,
  current_mode_update: CurrentModeUpdateSchema,
  config_option_update: ConfigOptionUpdateSchema,
  session_info_update: SessionInfoUpdateSchema,
  usage_update: UsageUpdateSchema,
  notice: NoticeUpdateSchema,
  compaction_update: CompactionUpdateSchema,
  compaction_summary_chunk: CompactionSummaryChunkSchema,
};

/** The `sessionUpdate` kinds this client understands (the 14 stable ACP v1 variants). */
export const SESSION_UPDATE_KINDS = Object.keys(updateVariants) as (keyof typeof updateVariants)[];
export type KnownSessionUpdateKind = keyof typeof updateVariants;

/**
 * An update we could not read: an unknown `sessionUpdate` (`kind` holds it; `""` when it was missing), or a
 * known one with a missing or malformed required field (e.g. a chunk without `content`). The UI shows an
 * "unsupported" row; `original` is the update as received, for the log and the transcript journal.
 */
export interface UnsupportedSessionUpdate {
  readonly sessionUpdate: "unsupported";
  readonly kind: string;
  readonly reason: string;
  readonly original: unknown;
}

/** One of the 14 standard updates. */
export type KnownSessionUpdate = z.output<(typeof updateVariants)[KnownSessionUpdateKind]>;
/** A `session/update` update as parsed: a standard variant or {@link UnsupportedSessionUpdate}. */
export type SessionUpdate = KnownSessionUpdate | UnsupportedSessionUpdate;
/** The update variant with the given `sessionUpdate` tag, e.g. `SessionUpdateOf<"plan">`. */
export type SessionUpdateOf<K extends SessionUpdate["sessionUpdate"]> = Extract<SessionUpdate, { sessionUpdate: K }>;

/**
 * Parses the `update` of a `session/update` notification. Never throws: anything it cannot read becomes an
 * {@link UnsupportedSessionUpdate}. Dispatches on the tag through a map, so a chunk costs one small object parse.
 */
export function parseSessionUpdate(raw: unknown): SessionUpdate {
  return textChunk(raw) ?? parseVariant(raw);
}

const parseVariant: (raw: unknown) => SessionUpdate = variantParser(
  "sessionUpdate",
  updateVariants,
  (kind, reason, original): UnsupportedSessionUpdate => ({ sessionUpdate: "unsupported", kind, reason, original }),
);

const TEXT_CHUNKS = new Set(["agent_message_chunk", "agent_thought_chunk", "user_message_chunk"]);

/**
 * A text chunk checked by hand, the same result as its schema (a copy with the agent's extra fields kept):
 * nearly every update of a turn, and of a journal read on `--resume`, is one, and zod costs ~10× this.
 * Anything else (another content type, a malformed `messageId`) is left to the schema.
 */
function textChunk(raw: unknown): SessionUpdate | undefined {
  if (!isRecord(raw) || !TEXT_CHUNKS.has(raw["sessionUpdate"] as string)) return undefined;
  const { content, messageId } = raw;
  if (!isRecord(content) || content["type"] !== "text" || typeof content["text"] !== "string") return undefined;
  if (messageId !== undefined && messageId !== null && typeof messageId !== "string") return undefined;
  return { ...raw, content: { ...content } } as SessionUpdate;
}

/** The `session/update` params, as a schema (the update never fails; it becomes unsupported instead). */
export const SessionNotificationSchema = z.looseObject({
  sessionId: z.string(),
  update: z.unknown().transform(parseSessionUpdate),
});
export type SessionNotification = z.infer<typeof SessionNotificationSchema>;

/**
 * Parses `session/update` params. Fails only when there is no usable `sessionId` (the update cannot be routed);
 * an unreadable `update` parses as unsupported. Hand-written for the hot path; same result as
 * {@link SessionNotificationSchema}.
 */
export function parseSessionNotification(params: unknown): ParseResult<SessionNotification> {
  if (!isRecord(params)) return parseFail("invalid session/update params: expected an object");
  const { sessionId } = params;
  if (typeof sessionId !== "string") return parseFail("invalid session/update params: sessionId is not a string");
  return parseOk({ ...params, sessionId, update: parseSessionUpdate(params.update) });
}
