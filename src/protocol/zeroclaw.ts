import * as z from "zod";
import { lenientNumber, lenientString } from "./lenient.js";
import { parseWith, type ParseResult } from "./result.js";

/** `agentInfo.name` of ZeroClaw's ACP server. */
export const ZEROCLAW_AGENT_NAME = "zeroclaw-acp";

/**
 * `_meta.zeroclaw` in ZeroClaw's `initialize` result. `defaultModel` is omitted when no provider has a model
 * and is the first configured one, not necessarily the model a session will use (protocol.md §3).
 */
export const ZeroClawMetaSchema = z.looseObject({
  maxSessions: lenientNumber(),
  sessionTimeoutSecs: lenientNumber(),
  defaultModel: lenientString(),
});
export type ZeroClawMeta = z.infer<typeof ZeroClawMetaSchema>;

/**
 * `_zeroclaw/history_trimmed` params: older whole turns were dropped from the agent's context (on load/resume,
 * or mid-turn). Informational only.
 */
export const HistoryTrimmedParamsSchema = z.looseObject({
  sessionId: z.string(),
  droppedMessages: lenientNumber(),
  keptTurns: lenientNumber(),
  reason: lenientString(),
});
export type HistoryTrimmedParams = z.infer<typeof HistoryTrimmedParamsSchema>;

/** Validates `_zeroclaw/history_trimmed` params. */
export function parseHistoryTrimmed(raw: unknown): ParseResult<HistoryTrimmedParams> {
  return parseWith(HistoryTrimmedParamsSchema, raw, "_zeroclaw/history_trimmed params");
}

/** `name` of ZeroClaw's synthetic `tool_call` emitted once per cancelled turn; its id is reused (protocol.md §6.6). */
export const TURN_CANCELLED_TOOL_NAME = "turn-cancelled";

// `[2026-08-20 14:03:11 UTC] ` — added by ZeroClaw's runtime when it stores a user message.
const REPLAY_TIMESTAMP = /^\[\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} [^\]]+\] /;

/**
 * Removes the timestamp prefix ZeroClaw puts on user messages replayed by `session/load` (protocol.md §8.4),
 * so a restored transcript shows what the user typed. Text without the prefix is returned unchanged.
 */
export function stripReplayTimestamp(text: string): string {
  return text.replace(REPLAY_TIMESTAMP, "");
}
