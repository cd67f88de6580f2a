import { toolKind } from "./agents.js";
import type { StoredMessage } from "./store.js";

/**
 * The `update` objects of `session/update` notifications, built as ZeroClaw's
 * `notification_for_turn_event` and `history_notifications_for_message` build them (protocol.md §6, §8.4).
 * Key order is irrelevant here: the wire encoder sorts keys like serde_json does.
 */

export type Update = Readonly<Record<string, unknown>>;

type Args = Readonly<Record<string, unknown>>;

/** `rawInput` of a tool call: file_edit / file_write use ACP diff field names, others pass through. */
export function acpRawInput(name: string, args: Args): Record<string, unknown> {
  if (name === "file_edit") {
    return { path: args["path"] ?? null, oldText: args["old_string"] ?? null, newText: args["new_string"] ?? null };
  }
  if (name === "file_write") return { path: args["path"] ?? null, newText: args["content"] ?? null };
  return { ...args };
}

/** The diff `content` of edit tools; empty for every other tool. */
export function acpDiffContent(name: string, args: Args): Record<string, unknown>[] {
  if (name === "file_edit" || name === "file_write") return [{ type: "diff", ...acpRawInput(name, args) }];
  return [];
}

/** A `tool_call`: `pending` live, `completed` in replay; `content` only for edit tools. */
export function toolCallStarted(id: string, name: string, args: Args, status: "pending" | "completed"): Update {
  const content = acpDiffContent(name, args);
  return {
    sessionUpdate: "tool_call",
    toolCallId: id,
    name,
    title: name,
    kind: toolKind(name),
    rawInput: acpRawInput(name, args),
    status,
    ...(content.length > 0 ? { content } : {}),
  };
}

export function textContent(text: string): Record<string, unknown> {
  return { type: "content", content: { type: "text", text } };
}

/**
 * A live `tool_call_update`: always `completed` (even when the tool failed) except a `deliver_file` whose
 * attachment could not be embedded; `rawOutput` and `body` are the output string.
 */
export function toolCallFinished(
  id: string,
  name: string,
  output: string,
  extra: { title?: string; status?: "completed" | "failed"; content?: unknown[] } = {},
): Update {
  return {
    sessionUpdate: "tool_call_update",
    toolCallId: id,
    name,
    title: extra.title ?? name,
    kind: toolKind(name),
    status: extra.status ?? "completed",
    rawOutput: output,
    body: output,
    content: extra.content ?? [textContent(output)],
  };
}

/** The synthetic tool call sent right before a cancelled turn's result (§6.6); same id every time. */
export function turnCancelledUpdate(sessionId: string, marker: string): Update {
  return {
    sessionUpdate: "tool_call",
    toolCallId: `turn-cancelled-${sessionId}`,
    name: "turn-cancelled",
    title: "turn-cancelled",
    kind: "think",
    status: "completed",
    content: [textContent(marker)],
  };
}

/** The replay of one stored message for `session/load` (§8.4). System messages replay as nothing. */
export function replayUpdates(message: StoredMessage): Update[] {
  switch (message.kind) {
    case "chat":
      if (message.role === "system") return [];
      return [
        {
          sessionUpdate: message.role === "user" ? "user_message_chunk" : "agent_message_chunk",
          content: { type: "text", text: message.content },
        },
      ];
    case "tool_calls": {
      const updates: Update[] = [];
      if (message.text)
        updates.push({ sessionUpdate: "agent_message_chunk", content: { type: "text", text: message.text } });
      for (const call of message.toolCalls) {
        const args = parseArguments(call.arguments);
        const update = toolCallStarted(call.id, call.name, args ?? {}, "completed");
        // Unparseable stored arguments replay as `rawInput: null`, as in ZeroClaw.
        updates.push(args === undefined && !isEditTool(call.name) ? { ...update, rawInput: null } : update);
      }
      return updates;
    }
    case "tool_results":
      return message.results.map((result) => ({
        sessionUpdate: "tool_call_update",
        toolCallId: result.toolCallId,
        status: "completed",
        rawOutput: result.content,
        body: result.content,
        content: [textContent(result.content)],
      }));
  }
}

function isEditTool(name: string): boolean {
  return name === "file_edit" || name === "file_write";
}

function parseArguments(text: string): Args | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Args) : undefined;
  } catch {
    return undefined;
  }
}
