import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join, relative, resolve, sep } from "node:path";
import type { ClientEvent } from "../client/events.js";
import { formatBytes } from "../common/format.js";
import type { PaneActionInput } from "./actions.js";
import type { PaneStore } from "./pane-store.js";
import { deliveryOf, parseDeliveryUri } from "./tool-rows.js";

/** ZeroClaw refuses to deliver more than 10 MiB; a bigger blob is not one of its deliveries. */
const MAX_DELIVERY_BYTES = 10 * 1024 * 1024;
/**
 * What one session may have saved in all (config.json `maxDeliveredBytes`): each file is at most 10 MiB,
 * but an agent that delivers in a loop would otherwise fill the disk.
 */
export const DEFAULT_MAX_DELIVERED_BYTES = 256 * 1024 * 1024;

/**
 * The bytes each session has had saved so far, against the per-session cap. A file is counted once: the same
 * uri delivered again (or replayed by `session/load`) is written over itself and takes no more room.
 */
export class DeliveryBudget {
  private readonly used = new Map<string, { bytes: number; uris: Set<string> }>();
  private readonly refused = new Set<string>();

  constructor(readonly limit: number = DEFAULT_MAX_DELIVERED_BYTES) {}

  /** Counts the file against the session's cap; false, counting nothing, when it would go over it. */
  take(sessionId: string, uri: string, bytes: number): boolean {
    const used = this.used.get(sessionId) ?? { bytes: 0, uris: new Set<string>() };
    this.used.set(sessionId, used);
    if (used.uris.has(uri)) return true;
    if (used.bytes + bytes > this.limit) return false;
    used.bytes += bytes;
    used.uris.add(uri);
    return true;
  }

  /** Gives back what {@link take} counted for a file that was not saved after all. */
  giveBack(sessionId: string, uri: string, bytes: number): void {
    const used = this.used.get(sessionId);
    if (!used?.uris.delete(uri)) return;
    used.bytes -= bytes;
  }

  /** True the first time a session is refused: the user is told once, each refused file has its own line. */
  firstRefusal(sessionId: string): boolean {
    if (this.refused.has(sessionId)) return false;
    this.refused.add(sessionId);
    return true;
  }
}

/** How one delivery ended: saved at `path`, or not saved and why (`refused`: over the session's cap). */
export type DeliveryOutcome =
  | { readonly toolCallId: string; readonly saved: true; readonly path: string }
  | {
      readonly toolCallId: string;
      readonly saved: false;
      readonly error: string;
      /** Set on the first refusal of the session: says what the cap is and how to raise it. */
      readonly capNotice?: string;
    };

/** Why a delivered file was not saved, in words for the row. */
export class DeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "DeliveryError";
  }
}

/**
 * Where the file a delivery uri names is saved: `<sha256>[.<ext>]` inside `dir` (the name comes from the
 * hash, never from the agent, so it cannot climb out of the download dir). Undefined for an unusable uri.
 */
export function deliveredFilePath(uri: string, dir: string): string | undefined {
  const parsed = parseDeliveryUri(uri);
  if (!parsed) return undefined;
  const root = resolve(dir);
  const path = join(root, parsed.extension ? `${parsed.sha256}.${parsed.extension}` : parsed.sha256);
  return relative(root, path).split(sep)[0] === ".." ? undefined : path;
}

/**
 * Saves a file the agent delivered (design.md §5, §7): the bytes must hash to the sha256 the uri names, and
 * the file is written at {@link deliveredFilePath}. Returns the saved path.
 */
export async function saveDeliveredFile(uri: string, blob: string, dir: string): Promise<string> {
  const parsed = parseDeliveryUri(uri);
  if (!parsed) throw new DeliveryError(`the uri ${uri} does not name a sha256`);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(blob.trim())) throw new DeliveryError("the file is not valid base64");
  const bytes = Buffer.from(blob.trim(), "base64");
  if (bytes.length > MAX_DELIVERY_BYTES) throw new DeliveryError(`the file is over 10 MiB (${bytes.length} bytes)`);
  const digest = createHash("sha256").update(bytes).digest("hex");
  if (digest !== parsed.sha256) throw new DeliveryError("the bytes do not match the sha256 in the uri; not saved");
  const path = deliveredFilePath(uri, dir);
  if (!path) throw new DeliveryError("refusing to write outside the download dir");
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, bytes, { mode: 0o644 });
  return path;
}

/** Follows the client's events and saves what the agent delivers; {@link idle} waits for the saves under way. */
export interface DeliverySaver {
  readonly handle: (event: ClientEvent) => void;
  idle(): Promise<void>;
}

/**
 * Saves every file the agent delivers in a `tool_call_update` (ZeroClaw's `deliver_file`, protocol.md §6.5)
 * into `dir`, within each session's share of `budget`, and reports how each ended.
 */
export function deliverySaver(
  dir: string,
  budget: DeliveryBudget,
  settled: (outcome: DeliveryOutcome, sessionId: string) => void,
): DeliverySaver {
  const saving = new Set<Promise<void>>();
  const handle = (event: ClientEvent): void => {
    if (event.type !== "update" || event.update.sessionUpdate !== "tool_call_update") return;
    const found = deliveryOf(event.update, "");
    if (!found) return;
    const { toolCallId } = event.update;
    const { sessionId } = event;
    const { uri, bytes } = found.delivery;
    if (!budget.take(sessionId, uri, bytes)) {
      settled(
        {
          toolCallId,
          saved: false,
          error: `refused: over this session's ${formatBytes(budget.limit)} of delivered files`,
          ...(budget.firstRefusal(sessionId)
            ? {
                capNotice: `this session's delivered files reached the cap of ${formatBytes(budget.limit)}: later deliveries are refused, not saved (maxDeliveredBytes in config.json sets the cap)`,
              }
            : {}),
        },
        sessionId,
      );
      return;
    }
    const save = saveDeliveredFile(uri, found.blob, dir).then(
      (path) => settled({ toolCallId, saved: true, path }, sessionId),
      (error: unknown) => {
        budget.giveBack(sessionId, uri, bytes);
        settled(
          {
            toolCallId,
            saved: false,
            error: error instanceof DeliveryError ? error.message : `could not save it: ${(error as Error).message}`,
          },
          sessionId,
        );
      },
    );
    saving.add(save);
    void save.finally(() => saving.delete(save));
  };
  return { handle, idle: async () => void (await Promise.all(saving)) };
}

/**
 * {@link deliverySaver} for the pane: each outcome goes to the store (the row, and the cap's notice) and to
 * `record` (the journal, so a replay shows it instead of waiting for it).
 */
export function deliveryWatcher(
  store: PaneStore,
  dir: string,
  budget: DeliveryBudget,
  record?: (sessionId: string, outcome: DeliveryOutcome) => void,
): (event: ClientEvent) => void {
  return deliverySaver(dir, budget, (outcome, sessionId) => {
    store.dispatch(deliveryAction(outcome));
    if (!outcome.saved && outcome.capNotice)
      store.dispatch({ type: "notice", level: "warning", message: outcome.capNotice });
    record?.(sessionId, outcome);
  }).handle;
}

/** The store's action for a delivery's outcome: its live row becomes a transcript row. */
export function deliveryAction(
  outcome: Pick<DeliveryOutcome, "toolCallId"> & ({ saved: true; path: string } | { saved: false; error: string }),
): PaneActionInput {
  return outcome.saved
    ? { type: "delivery-saved", toolCallId: outcome.toolCallId, path: outcome.path }
    : { type: "delivery-failed", toolCallId: outcome.toolCallId, error: outcome.error };
}

/**
 * After a replay, the deliveries whose outcome the journal does not hold (journals written before it did,
 * or a pane that quit while saving): saved when the file is in `dir` under its hash name, else not saved.
 * Nothing is saved again and nothing waits: a replayed row never stays "saving…".
 */
export function settleReplayedDeliveries(store: Pick<PaneStore, "dispatch" | "getState">, dir: string): void {
  for (const { toolCallId, uri } of store.getState().live.deliveries) {
    const path = deliveredFilePath(uri, dir);
    store.dispatch(
      deliveryAction(
        path && existsSync(path)
          ? { toolCallId, saved: true, path }
          : { toolCallId, saved: false, error: "not saved (no record that it was)" },
      ),
    );
  }
}
