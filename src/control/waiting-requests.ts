/**
 * The client side of `pending` and `answer`: asks every zc-pane of this user (every control socket in the
 * runtime dir) for its waiting permission requests, picks one, and turns a CHOICE typed by the user into
 * the outcome the pane is sent. Used by `zc-pane pending|answer` and by the prefix+J popup.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { runtimeDir } from "../config/paths.js";
import type { PermissionOutcome } from "../protocol/index.js";
import { ControlConnectError, sendControlRequest } from "./control-client.js";
import { CONTROL_PROTOCOL_VERSION, type PaneInfo, type WaitingRequest } from "./protocol.js";

/** One waiting request and the pane it waits in. */
export interface PaneRequest {
  readonly socketPath: string;
  readonly pane: PaneInfo;
  readonly request: WaitingRequest;
}

/** What the panes answered: their requests, oldest first, and the panes that could not be asked. */
export interface WaitingScan {
  readonly requests: readonly PaneRequest[];
  readonly problems: readonly string[];
}

/** A pane answers `pending` in milliseconds; a hung one must not hold up the others for long. */
const REPLY_TIMEOUT_MS = 3000;

/**
 * Asks every control socket in the runtime dir of `env` for its waiting requests. A socket file nobody
 * listens on (a pane killed without cleaning up) is skipped silently; a pane that fails otherwise is named
 * in `problems`.
 */
export async function scanWaitingRequests(env: NodeJS.ProcessEnv = process.env): Promise<WaitingScan> {
  const dir = runtimeDir(env);
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith(".sock"));
  } catch {
    return { requests: [], problems: [] };
  }
  const problems: string[] = [];
  const answers = await Promise.all(
    names.sort().map(async (name) => {
      const socketPath = join(dir, name);
      try {
        const reply = await sendControlRequest(
          socketPath,
          { v: CONTROL_PROTOCOL_VERSION, type: "pending" },
          { replyTimeoutMs: REPLY_TIMEOUT_MS },
        );
        if (!reply.ok) {
          problems.push(`${name}: ${reply.error}`);
          return [];
        }
        return (reply.requests ?? []).map((request) => ({ socketPath, pane: reply.pane, request }));
      } catch (error) {
        if (!(error instanceof ControlConnectError && error.code === "not-running"))
          problems.push(`${name}: ${(error as Error).message}`);
        return [];
      }
    }),
  );
  const requests = answers.flat().sort((a, b) => a.request.receivedAt - b.request.receivedAt);
  return { requests, problems };
}

/** The option kinds `answer` takes, as the user types them, and the ACP kind each stands for. */
const KIND_WORDS: Readonly<Record<string, string>> = {
  "allow-once": "allow_once",
  "allow-always": "allow_always",
  "reject-once": "reject_once",
  "reject-always": "reject_always",
};

/** A CHOICE that matches no option of the request; the message lists what would. */
export class ChoiceError extends Error {
  override readonly name = "ChoiceError";
}

/**
 * The outcome for CHOICE: an option id (exact), an option kind (`allow-once`, or `allow_once` as ACP spells
 * it), or the option's number as `pending` shows it (1-based).
 */
export function outcomeForChoice(request: WaitingRequest, choice: string): PermissionOutcome {
  const { options } = request;
  const byId = options.find((option) => option.optionId === choice);
  const kind = KIND_WORDS[choice] ?? choice;
  const byKind = byId ?? options.find((option) => option.kind === kind);
  const number = /^\d+$/.test(choice) ? Number(choice) : undefined;
  const picked = byKind ?? (number !== undefined ? options[number - 1] : undefined);
  if (!picked) {
    const offered = options.map((option, index) => `${index + 1} ${option.optionId} (${option.kind})`).join(", ");
    throw new ChoiceError(`"${choice}" is none of the options offered: ${offered || "none"}`);
  }
  return { outcome: "selected", optionId: picked.optionId };
}

/** Sends `outcome` for `target`; resolves with the pane's refusal message, or undefined when it took it. */
export async function sendAnswer(target: PaneRequest, outcome: PermissionOutcome): Promise<string | undefined> {
  const reply = await sendControlRequest(
    target.socketPath,
    {
      v: CONTROL_PROTOCOL_VERSION,
      type: "answer",
      key: target.request.key,
      receivedAt: target.request.receivedAt,
      outcome,
    },
    { replyTimeoutMs: REPLY_TIMEOUT_MS, ...(target.pane.label ? { label: target.pane.label } : {}) },
  );
  return reply.ok ? undefined : reply.error;
}
