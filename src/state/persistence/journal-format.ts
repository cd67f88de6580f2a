import type { PendingPermission } from "../../client/permission-queue.js";
import { isJsonRpcId, parsePermissionRequest, parseSessionUpdate, type SessionUpdate } from "../../protocol/index.js";
import { parseSessionEntry, type SessionFields } from "./session-entry.js";

/**
 * The transcript journal's line format (`transcripts/<id>.jsonl`, one JSON object per line, `t` says which).
 *
 * Updates are stored as the client parsed them (the `update` of a `ClientEvent`), not as the raw wire params:
 * replaying the journal then feeds the pane's reducer exactly the objects it reduced live, and one
 * subscription to the client's event stream yields updates, prompts and turn ends in one order. Nothing is
 * lost by it: the protocol schemas are loose (unknown fields are kept) and an update the client could not
 * read keeps the agent's object in `original`. On reading, those originals are put back and the update is
 * parsed again, so a journal line can never hand the reducer a shape it does not expect.
 */

/** The journal format version, in every header. */
export const JOURNAL_VERSION = 1;

/** The first line: the index fields of the session (without `lastActivity`), so a lost index can be rebuilt. */
export type JournalHeader = { readonly t: "header"; readonly v: number } & SessionFields;

/** Everything after the header. `at` is milliseconds since the epoch. */
export type JournalEntry =
  /** A `session/update` as the client parsed it. */
  | { readonly t: "update"; readonly at: number; readonly update: SessionUpdate }
  /** A prompt the user sent: its text and the names of the attached files (not their content). */
  | { readonly t: "prompt"; readonly at: number; readonly text: string; readonly attachments: readonly string[] }
  /** The turn's result; `finalText` is the reconciled text the stream did not show (protocol.md §5.2). */
  | { readonly t: "turn-end"; readonly at: number; readonly stopReason: string; readonly finalText?: string }
  | { readonly t: "turn-failed"; readonly at: number; readonly message: string }
  /** A permission request and how it was answered (`outcome` is the option id, or `cancelled`). */
  | {
      readonly t: "permission";
      readonly at: number;
      readonly request: Omit<PendingPermission, "sessionId">;
      readonly outcome: string;
    }
  /** A `session/load` or `session/resume` starts: updates until `restored` are the agent's replay. */
  | { readonly t: "restore"; readonly at: number; readonly how: "load" | "resume" }
  | { readonly t: "restored"; readonly at: number }
  /** Where a file the agent delivered was saved (`path`), or why it was not (`error`). */
  | ({ readonly t: "delivery"; readonly at: number; readonly toolCallId: string } & JournaledDelivery)
  /**
   * The first line after the header of a segment started when the journal reached its cap: what came before
   * is in the older segment, or was dropped with it.
   */
  | { readonly t: "rotated"; readonly at: number };

/** Where a delivered file was saved, or why it was not. */
export type JournaledDelivery =
  { readonly saved: true; readonly path: string } | { readonly saved: false; readonly error: string };

/** Reads one parsed line as a header; undefined when it is not a valid one. */
export function asHeader(value: unknown): JournalHeader | undefined {
  if (!isRecord(value) || value["t"] !== "header" || typeof value["v"] !== "number") return undefined;
  const entry = parseSessionEntry({
    ...value,
    lastActivity: typeof value["created"] === "string" ? value["created"] : "",
  });
  if (!entry) return undefined;
  const { lastActivity: _unused, ...fields } = entry;
  return { ...fields, t: "header", v: value["v"] };
}

/** Reads one parsed line as an entry; undefined when it is malformed (the caller counts it). */
export function asEntry(value: unknown): JournalEntry | undefined {
  if (!isRecord(value) || typeof value["at"] !== "number") return undefined;
  const at = value["at"];
  switch (value["t"]) {
    case "update":
      if (!isRecord(value["update"])) return undefined;
      return { t: "update", at, update: parseSessionUpdate(restoreOriginals(value["update"])) };
    case "prompt": {
      const attachments = value["attachments"];
      if (typeof value["text"] !== "string") return undefined;
      return {
        t: "prompt",
        at,
        text: value["text"],
        attachments: Array.isArray(attachments)
          ? attachments.filter((name): name is string => typeof name === "string")
          : [],
      };
    }
    case "turn-end":
      if (typeof value["stopReason"] !== "string") return undefined;
      return {
        t: "turn-end",
        at,
        stopReason: value["stopReason"],
        ...(typeof value["finalText"] === "string" ? { finalText: value["finalText"] } : {}),
      };
    case "turn-failed":
      return typeof value["message"] === "string" ? { t: "turn-failed", at, message: value["message"] } : undefined;
    case "permission": {
      const request = value["request"];
      if (
        !isRecord(request) ||
        typeof request["key"] !== "string" ||
        typeof value["outcome"] !== "string" ||
        !isJsonRpcId(request["requestId"])
      )
        return undefined;
      const parsed = parsePermissionRequest({
        sessionId: "",
        toolCall: withOriginals(request["toolCall"]),
        options: request["options"],
      });
      if (!parsed.ok) return undefined;
      const receivedAt = typeof request["receivedAt"] === "number" ? request["receivedAt"] : at;
      return {
        t: "permission",
        at,
        request: {
          key: request["key"],
          requestId: request["requestId"],
          toolCall: parsed.value.toolCall,
          options: parsed.value.options,
          receivedAt,
        },
        outcome: value["outcome"],
      };
    }
    case "restore":
      return value["how"] === "load" || value["how"] === "resume" ? { t: "restore", at, how: value["how"] } : undefined;
    case "restored":
      return { t: "restored", at };
    case "delivery": {
      const { toolCallId, saved, path, error } = value;
      if (typeof toolCallId !== "string") return undefined;
      if (saved === true && typeof path === "string") return { t: "delivery", at, toolCallId, saved, path };
      if (saved === false && typeof error === "string") return { t: "delivery", at, toolCallId, saved, error };
      return undefined;
    }
    case "rotated":
      return { t: "rotated", at };
    default:
      return undefined;
  }
}

/**
 * {@link withOriginals} of an update, without walking a text chunk (nearly every line of a journal, ~30% of
 * reading one): its content is text, so it holds no marker.
 */
function restoreOriginals(update: Record<string, unknown>): unknown {
  const { content, sessionUpdate } = update;
  const isText = isRecord(content) && content["type"] === "text" && typeof sessionUpdate === "string";
  return isText && sessionUpdate.endsWith("_chunk") ? update : withOriginals(update);
}

/**
 * Puts back the agent's own objects where the client had replaced them with an "unsupported" marker
 * (`{sessionUpdate|type: "unsupported", kind, reason, original}`), so parsing the result again yields the
 * same update, with the same unknown kind named, instead of an "unsupported of unsupported".
 */
function withOriginals(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withOriginals);
  if (!isRecord(value)) return value;
  const tag = value["sessionUpdate"] ?? value["type"];
  if (
    tag === "unsupported" &&
    "original" in value &&
    typeof value["kind"] === "string" &&
    typeof value["reason"] === "string"
  )
    return value["original"];
  let copy: Record<string, unknown> | undefined;
  for (const [key, child] of Object.entries(value)) {
    if (child === null || typeof child !== "object") continue;
    const restored = withOriginals(child);
    if (restored !== child) (copy ??= { ...value })[key] = restored;
  }
  return copy ?? value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
