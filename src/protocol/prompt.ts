import * as z from "zod";
import { KnownContentBlockSchema } from "./content.js";
import { lenient, lenientString } from "./lenient.js";
import { parseWith, type ParseResult } from "./result.js";

/**
 * `session/prompt` params the client sends: standard content blocks only (ZeroClaw also takes a string, but
 * reads standard `[{type:"text"}, ...]` arrays, so the client always sends arrays). `image`, `audio` and
 * `resource` need the matching `promptCapabilities` flag; ZeroClaw silently drops image/audio/resource_link.
 */
export const PromptParamsSchema = z.looseObject({
  sessionId: z.string(),
  prompt: z.array(KnownContentBlockSchema),
});
export type PromptParams = z.infer<typeof PromptParamsSchema>;

/** The standard stop reasons (ZeroClaw only ever sends `end_turn` and `cancelled`). */
export const STOP_REASONS = ["end_turn", "max_tokens", "max_turn_requests", "refusal", "cancelled"] as const;
export type KnownStopReason = (typeof STOP_REASONS)[number];

/** Token use for the turn (unstable in ACP; absent from ZeroClaw). */
export const PromptUsageSchema = z.looseObject({
  totalTokens: lenient(z.number()),
  inputTokens: lenient(z.number()),
  outputTokens: lenient(z.number()),
  thoughtTokens: lenient(z.number().nullable()),
  cachedReadTokens: lenient(z.number().nullable()),
  cachedWriteTokens: lenient(z.number().nullable()),
});
export type PromptUsage = z.infer<typeof PromptUsageSchema>;

/**
 * `session/prompt` result. `stopReason` stays a plain string (see {@link STOP_REASONS}). `content` is
 * ZeroClaw's final answer text, which can differ from the streamed chunks (show it only when it differs);
 * ZeroClaw also echoes `sessionId`.
 */
export const PromptResultSchema = z.looseObject({
  stopReason: z.string(),
  content: lenientString(),
  sessionId: lenientString(),
  usage: lenient(PromptUsageSchema.nullable()),
});
export type PromptResult = z.infer<typeof PromptResultSchema>;

/** Validates a `session/prompt` result. */
export function parsePromptResult(raw: unknown): ParseResult<PromptResult> {
  return parseWith(PromptResultSchema, raw, "session/prompt result");
}
