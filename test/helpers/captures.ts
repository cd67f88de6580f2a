import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { PendingPermission } from "../../src/client/permission-queue.js";
import { parsePermissionRequest } from "../../src/protocol/index.js";
import { CAPTURES } from "./replay-pane.js";

/** One line of a wire capture: when, which way, and the JSON-RPC message unchanged. */
export interface CaptureLine {
  readonly t: number;
  readonly dir: "c->a" | "a->c";
  readonly msg: Record<string, unknown> & { method?: string; id?: string | number; params?: unknown };
}

/** The lines of a capture under `test/fixtures/captures`. */
export function readCapture(name: string): CaptureLine[] {
  return readFileSync(join(CAPTURES, name), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as CaptureLine);
}

/** The capture's `session/request_permission` requests, parsed as the client does, as the queue holds them. */
export function capturedPermissions(name: string): PendingPermission[] {
  return readCapture(name)
    .filter((line) => line.dir === "a->c" && line.msg.method === "session/request_permission")
    .map((line) => {
      const parsed = parsePermissionRequest(line.msg.params);
      if (!parsed.ok) throw new Error(`capture ${name}: ${parsed.error}`);
      const id = line.msg.id as string | number;
      return {
        key: String(id),
        requestId: id,
        sessionId: parsed.value.sessionId,
        toolCall: parsed.value.toolCall,
        options: parsed.value.options,
        receivedAt: 0,
      };
    });
}

/**
 * A replay script for `session/load` of the session a capture recorded, written to `path`: the capture's
 * `initialize`, then `session/load` answered as its `session/new` was, after the history replayed as gemini-cli
 * replays it (its code, `streamHistory`): each prompt as a user message chunk, the turns' own updates as they
 * were sent, and each tool's result as a user message `[Function Response: NAME]` (what the issue saw as fake
 * prompts). No capture of a load exists; the updates are the capture's, their order gemini's.
 */
export function writeLoadReplay(name: string, path: string): void {
  const lines = readCapture(name);
  const out: CaptureLine[] = [];
  const initialize = lines.findIndex((line) => line.msg.method === "initialize");
  out.push(
    lines[initialize]!,
    lines.find((line) => line.dir === "a->c" && line.msg.id === lines[initialize]!.msg.id)!,
  );
  const opened = lines.find((line) => line.msg.method === "session/new")!;
  const openedResult = lines.find(
    (line) => line.dir === "a->c" && line.msg.id === opened.msg.id && "result" in line.msg,
  )!;
  const sessionId = (openedResult.msg.result as { sessionId: string }).sessionId;
  out.push({ t: 0, dir: "c->a", msg: { jsonrpc: "2.0", id: 90, method: "session/load", params: { sessionId } } });
  const update = (value: Record<string, unknown>): CaptureLine => ({
    t: 0,
    dir: "a->c",
    msg: { jsonrpc: "2.0", method: "session/update", params: { sessionId, update: value } },
  });
  for (const line of lines) {
    if (line.dir === "c->a" && line.msg.method === "session/prompt") {
      const prompt = (line.msg.params as { prompt: { type: string; text?: string }[] }).prompt;
      for (const block of prompt) out.push(update({ sessionUpdate: "user_message_chunk", content: block }));
      continue;
    }
    if (line.dir !== "a->c" || line.msg.method !== "session/update") continue;
    const value = (line.msg.params as { update: Record<string, unknown> }).update;
    if (["available_commands_update", "usage_update"].includes(value.sessionUpdate as string)) continue;
    out.push(update(value));
    if (value.sessionUpdate === "tool_call_update" && value.status === "completed")
      out.push(
        update({
          sessionUpdate: "user_message_chunk",
          content: { type: "text", text: `[Function Response: ${String(value.toolCallId).split("__")[0]}]` },
        }),
      );
  }
  const { sessionId: _id, ...loaded } = openedResult.msg.result as Record<string, unknown>;
  out.push({ t: 0, dir: "a->c", msg: { jsonrpc: "2.0", id: 90, result: loaded } });
  writeFileSync(path, `${out.map((line) => JSON.stringify(line)).join("\n")}\n`);
}
