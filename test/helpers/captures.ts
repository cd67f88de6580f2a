import { readFileSync } from "node:fs";
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
