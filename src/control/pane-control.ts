/**
 * Everything a running pane does for its multiplexer, started with the pane and stopped with it: the
 * control socket `zc-pane send` talks to, and the publication of the pane's state to tmux options.
 * Loaded after the first frame (the pane draws before any of this is imported).
 */
import { formatBytes } from "../common/format.js";
import { stat } from "node:fs/promises";
import { isAbsolute } from "node:path";
import { MAX_ATTACHMENT_BYTES } from "../client/attachments.js";
import { ClientError } from "../client/errors.js";
import { createLogger } from "../log/logger.js";
import { sanitizeLine, sanitizeText } from "../markdown/sanitize.js";
import type { PaneStore } from "../state/pane-store.js";
import type { PermissionRequests } from "../state/permission-relay.js";
import type { ToolRowLocation } from "../state/view-model.js";
import { AttentionTracker, type AttentionState } from "./attention.js";
import { followAgent } from "./follow-agent.js";
import { ControlServer } from "./control-server.js";
import { answerFromOutside, waitingRequests } from "./pane-answers.js";
import {
  controlSocketPath,
  describePane,
  MAX_SOCKET_PATH_BYTES,
  paneIdentityFromEnv,
  type PaneIdentity,
} from "./pane-identity.js";
import {
  CONTROL_PROTOCOL_VERSION,
  ControlProtocolError,
  type ControlReply,
  type ControlRequest,
  type PaneInfo,
  type SendRequest,
} from "./protocol.js";
import type { SentAttachments } from "./sent-attachments.js";
import { runTmux, type TmuxRunner } from "./tmux-command.js";
import { TmuxStatePublisher } from "./tmux-publisher.js";

const log = createLogger("control.pane");

/** What the pane hands to {@link startPaneControl}. */
export interface PaneControlOptions {
  readonly store: PaneStore;
  /** Where sent attachments wait for the next prompt (the session controller takes them from here). */
  readonly attachments: SentAttachments;
  /** The open permission requests, for `pending` and `answer`. */
  readonly permissions: PermissionRequests;
  readonly cwd: string;
  /** The open session's id, for `ping` replies. */
  readonly sessionId: () => string | undefined;
  /** Asks for attention for a state while the user looks elsewhere: the bell and the configured notification. */
  readonly ring: (state: AttentionState) => void;
  readonly env?: NodeJS.ProcessEnv;
  readonly tmux?: TmuxRunner;
  /** Opens a tool call's location in the editor (`@zc-pane-follow on` calls it for each new one). */
  readonly openLocation?: (location: ToolRowLocation) => void;
}

/** The running control side of a pane. */
export interface PaneControl {
  /** The control socket's path, when one is listening. */
  readonly socketPath: string | undefined;
  /** Closes the socket (removing it) and clears the published tmux options. */
  stop(): void;
}

/**
 * Starts the control socket (when the pane runs in a tmux or zellij pane, which names the socket) and, in
 * tmux, the state publication. Failures are logged and leave the pane working without them: a pane that
 * cannot be reached by `send` is still a pane.
 */
export async function startPaneControl(options: PaneControlOptions): Promise<PaneControl> {
  const env = options.env ?? process.env;
  const identity = paneIdentityFromEnv(env);
  if (!identity) {
    log.info("not in a tmux or zellij pane: no control socket");
    return { socketPath: undefined, stop: () => undefined };
  }
  let server: ControlServer | undefined;
  const socketPath = controlSocketPath(identity, env);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH_BYTES) {
    log.warn(
      `control socket path too long for a Unix socket (${socketPath}); zc-pane send cannot reach this pane. Set XDG_RUNTIME_DIR to a shorter directory`,
    );
  } else {
    try {
      server = await ControlServer.start({
        socketPath,
        handle: (request) => handleRequest(request, identity, options),
      });
      log.info(`control socket for ${describePane(identity)} at ${socketPath}`);
    } catch (error) {
      log.warn(`no control socket for ${describePane(identity)}`, error);
    }
  }

  let publisher: TmuxStatePublisher | undefined;
  let unsubscribe: (() => void) | undefined;
  if (identity.kind === "tmux") {
    publisher = new TmuxStatePublisher({
      paneId: identity.paneId,
      tmux: options.tmux ?? runTmux,
      ring: options.ring,
      // Set by the plugin for a popup agent: the window it was opened from (a tmux window id, `@N`).
      ...(env.ZC_PANE_TMUX_OWNER && /^@\d+$/.test(env.ZC_PANE_TMUX_OWNER)
        ? { ownerWindow: env.ZC_PANE_TMUX_OWNER }
        : {}),
      ...(server ? { socketPath: server.socketPath } : {}),
    });
    const tracker = new AttentionTracker();
    const { store } = options;
    const update = () => publisher?.set(tracker.next(store.getState()));
    const unsubscribeState = store.subscribe(update);
    const unfollow = options.openLocation
      ? followAgent(store, options.tmux ?? runTmux, options.openLocation)
      : () => undefined;
    unsubscribe = () => {
      unsubscribeState();
      unfollow();
    };
    update();
  }

  return {
    socketPath: server?.socketPath,
    stop: () => {
      unsubscribe?.();
      void publisher?.stop();
      server?.close();
    },
  };
}

async function handleRequest(
  request: ControlRequest,
  identity: PaneIdentity,
  options: PaneControlOptions,
): Promise<ControlReply> {
  const sessionId = options.sessionId();
  const agent = options.store.getState().header.agentName;
  const pane: PaneInfo = {
    pid: process.pid,
    cwd: options.cwd,
    paneId: identity.paneId,
    label: describePane(identity),
    ...(sessionId ? { sessionId } : {}),
    ...(agent ? { agent } : {}),
  };
  const ok = { v: CONTROL_PROTOCOL_VERSION, ok: true, pane } as const;
  switch (request.type) {
    case "ping":
      return ok;
    case "pending":
      return { ...ok, requests: waitingRequests(options.permissions) };
    case "answer":
      answerFromOutside(request, options.permissions, options.store);
      return ok;
    case "send":
      return { ...ok, attached: await acceptSend(request, options) };
  }
}

/**
 * `send`: checks the files (so the sender hears about a typo now, not when the prompt fails), queues the
 * attachments, puts the text into the input for the user to edit, and notes in the transcript what was
 * attached. Nothing goes to the agent until the user presses Enter.
 */
async function acceptSend(request: SendRequest, options: PaneControlOptions): Promise<number> {
  for (const file of request.files) {
    if (!isAbsolute(file)) throw new ControlProtocolError(`file paths must be absolute: ${file}`);
    let info;
    try {
      info = await stat(file);
    } catch (error) {
      throw new ControlProtocolError(
        `cannot attach ${file}: ${(error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message}`,
      );
    }
    if (!info.isFile()) throw new ControlProtocolError(`cannot attach ${file}: not a regular file`);
    if (info.size > MAX_ATTACHMENT_BYTES)
      throw new ControlProtocolError(`cannot attach ${file}: it is ${formatBytes(info.size)}, over the 10 MiB limit`);
  }
  let refs: string[];
  try {
    refs = options.attachments.add(request.files, request.resources);
  } catch (error) {
    if (error instanceof ClientError) throw new ControlProtocolError(error.message);
    throw error;
  }
  const { store } = options;
  if (refs.length > 0) {
    const names = refs.map((ref) => sanitizeLine(ref)).join(", ");
    store.dispatch({ type: "notice", level: "info", message: `attached ${names} (sent with your next prompt)` });
  }
  // The text goes into the input, not to the agent: the user reads and edits it first. Stripped of
  // control characters like anything else drawn on screen.
  const text = sanitizeText(request.text).trim();
  if (text !== "") store.dispatch({ type: "draft-restore", text });
  return refs.length;
}
