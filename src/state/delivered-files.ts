import { createHash } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import { join, relative, resolve, sep } from "node:path";
import type { ClientEvent } from "../client/events.js";
import type { PaneStore } from "./pane-store.js";
import { deliveryOf, parseDeliveryUri } from "./tool-rows.js";

/** ZeroClaw refuses to deliver more than 10 MiB; a bigger blob is not one of its deliveries. */
const MAX_DELIVERY_BYTES = 10 * 1024 * 1024;

/** Why a delivered file was not saved, in words for the row. */
export class DeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DeliveryError";
  }
}

/**
 * Saves a file the agent delivered (design.md §5, §7): the bytes must hash to the sha256 the uri names, and
 * the file is written as `<sha256>[.<ext>]` inside `dir` only (the name comes from the hash, never from the
 * agent, so it cannot climb out of the download dir). Returns the saved path.
 */
export async function saveDeliveredFile(uri: string, blob: string, dir: string): Promise<string> {
  const parsed = parseDeliveryUri(uri);
  if (!parsed) throw new DeliveryError(`the uri ${uri} does not name a sha256`);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(blob.trim())) throw new DeliveryError("the file is not valid base64");
  const bytes = Buffer.from(blob.trim(), "base64");
  if (bytes.length > MAX_DELIVERY_BYTES) throw new DeliveryError(`the file is over 10 MiB (${bytes.length} bytes)`);
  const digest = createHash("sha256").update(bytes).digest("hex");
  if (digest !== parsed.sha256) throw new DeliveryError("the bytes do not match the sha256 in the uri; not saved");
  const root = resolve(dir);
  const path = join(root, parsed.extension ? `${digest}.${parsed.extension}` : digest);
  if (relative(root, path).split(sep)[0] === "..")
    throw new DeliveryError("refusing to write outside the download dir");
  await mkdir(root, { recursive: true });
  await writeFile(path, bytes, { mode: 0o644 });
  return path;
}

/**
 * Saves every file the agent delivers in a `tool_call_update` (ZeroClaw's `deliver_file`, protocol.md §6.5)
 * and tells the store where it went, or why it was not saved. Subscribe it to the client's events.
 */
export function deliveryWatcher(store: PaneStore, dir: string): (event: ClientEvent) => void {
  return (event) => {
    if (event.type !== "update" || event.update.sessionUpdate !== "tool_call_update") return;
    const found = deliveryOf(event.update, "");
    if (!found) return;
    const { toolCallId } = event.update;
    saveDeliveredFile(found.delivery.uri, found.blob, dir).then(
      (path) => store.dispatch({ type: "delivery-saved", toolCallId, path }),
      (error: unknown) =>
        store.dispatch({
          type: "delivery-failed",
          toolCallId,
          error: error instanceof DeliveryError ? error.message : `could not save it: ${(error as Error).message}`,
        }),
    );
  };
}
