import * as z from "zod";
import { ContentBlockSchema } from "./content.js";
import { lenient, lenientString } from "./lenient.js";
import { variantParser, variantSchema } from "./variants.js";

/** The standard tool kinds. `kind` is kept as a plain string on the wire types; this set is for styling. */
export const TOOL_KINDS = [
  "read",
  "edit",
  "delete",
  "move",
  "search",
  "execute",
  "think",
  "fetch",
  "switch_mode",
  "other",
] as const;
export type KnownToolKind = (typeof TOOL_KINDS)[number];

/**
 * The standard tool-call statuses. There is no `cancelled`: the client shows unfinished calls as cancelled
 * itself after `session/cancel`. ZeroClaw sends `completed` even for failed tools (protocol.md §6.4).
 */
export const TOOL_CALL_STATUSES = ["pending", "in_progress", "completed", "failed"] as const;
export type KnownToolCallStatus = (typeof TOOL_CALL_STATUSES)[number];

/** A file the call touches (1-based `line`), so the client can follow along. */
export const ToolCallLocationSchema = z.looseObject({
  path: z.string(),
  line: lenient(z.number().nullable()),
});
export type ToolCallLocation = z.infer<typeof ToolCallLocationSchema>;

/** Regular content produced by the tool. */
export const ToolCallContentItemSchema = z.looseObject({
  type: z.literal("content"),
  content: ContentBlockSchema,
});

/** A proposed or applied file change. `oldText` null or absent means a new file; `path` may be relative (ZeroClaw). */
export const ToolCallDiffSchema = z.looseObject({
  type: z.literal("diff"),
  path: z.string(),
  oldText: lenient(z.string().nullable()),
  newText: z.string(),
});

/** Live output of a terminal the agent created on the client with `terminal/create`. */
export const ToolCallTerminalSchema = z.looseObject({
  type: z.literal("terminal"),
  terminalId: z.string(),
});

export type ToolCallContentItem = z.infer<typeof ToolCallContentItemSchema>;
export type ToolCallDiff = z.infer<typeof ToolCallDiffSchema>;
export type ToolCallTerminal = z.infer<typeof ToolCallTerminalSchema>;

/** The ToolCallContent `type`s this client understands. */
export const TOOL_CALL_CONTENT_TYPES = ["content", "diff", "terminal"] as const;

/** A ToolCallContent item we could not read; same shape as the unsupported content block. */
export interface UnsupportedToolCallContent {
  readonly type: "unsupported";
  readonly kind: string;
  readonly reason: string;
  readonly original: unknown;
}

/** A standard ToolCallContent item: content, diff or terminal. */
export type KnownToolCallContent = ToolCallContentItem | ToolCallDiff | ToolCallTerminal;
/** A ToolCallContent item as received. */
export type ToolCallContent = KnownToolCallContent | UnsupportedToolCallContent;

/** Parses one ToolCallContent item; never throws. */
export const parseToolCallContent: (raw: unknown) => ToolCallContent = variantParser(
  "type",
  { content: ToolCallContentItemSchema, diff: ToolCallDiffSchema, terminal: ToolCallTerminalSchema },
  (kind, reason, original): UnsupportedToolCallContent => ({ type: "unsupported", kind, reason, original }),
);

/** A ToolCallContent item inside a tool call: non-objects fail, unknown types become unsupported items. */
export const ToolCallContentSchema = variantSchema(parseToolCallContent, "a tool call content object");

/**
 * The fields of a `tool_call_update` (and of the `toolCall` in a permission request): only `toolCallId` is
 * required. Absent fields mean "unchanged"; `content` and `locations`, when present, replace the whole list.
 * Every optional field is lenient: a bad value reads as absent rather than losing the update. ZeroClaw adds
 * `name` (kept here) and `body` (kept as an unknown field).
 */
export const ToolCallUpdateFieldsSchema = z.looseObject({
  toolCallId: z.string(),
  title: lenientString(),
  /** The programmatic tool name (stable in ACP since SDK 2.4.0; ZeroClaw always sends it on live calls). */
  name: lenientString(),
  kind: lenientString(),
  status: lenientString(),
  content: lenient(z.array(ToolCallContentSchema)),
  locations: lenient(z.array(ToolCallLocationSchema)),
  rawInput: z.unknown().optional(),
  /** Free-form JSON; always a string from ZeroClaw. */
  rawOutput: z.unknown().optional(),
});
export type ToolCallUpdateFields = z.infer<typeof ToolCallUpdateFieldsSchema>;

/** The fields of a `tool_call` (a call starting): as an update, but `title` is required. */
export const ToolCallFieldsSchema = ToolCallUpdateFieldsSchema.extend({
  title: z.string(),
});
export type ToolCallFields = z.infer<typeof ToolCallFieldsSchema>;
