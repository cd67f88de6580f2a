import {
  ACP_METHODS,
  cancelElicitation,
  declineElicitation,
  describeElicitationAnswer,
  ElicitationCompleteParamsSchema,
  parseElicitationRequest,
  parseHistoryTrimmed,
  parsePermissionRequest,
  parseSessionNotification,
  type ElicitationResult,
} from "../protocol/index.js";
import { createLogger } from "../log/logger.js";
import { sanitizeLine } from "../markdown/sanitize.js";
import { RpcHandlerError } from "../rpc/errors.js";
import { installCapabilities, type CapabilitySettings, type InstalledCapabilities } from "./capabilities/index.js";
import type { ClientCore } from "./client-core.js";
import type { ElicitationQueue } from "./elicitation-queue.js";
import type { PendingPermission, PermissionPolicy, PermissionQueue } from "./permission-queue.js";
import type { Sessions } from "./sessions.js";
import type { SettingsControl } from "./settings-control.js";
import type { Turns } from "./turns.js";
import { withModeMarkerRead } from "./mode-marker.js";

const log = createLogger("client");

/** Who handles what the agent sends. */
export interface InboundParts {
  readonly core: ClientCore;
  readonly sessions: Sessions;
  readonly settings: SettingsControl;
  readonly turns: Turns;
  readonly permissions: PermissionQueue;
  readonly elicitations: ElicitationQueue;
  /** Decides permission requests without asking (`prompt --approve`); otherwise they queue for the UI. */
  readonly permissionPolicy: PermissionPolicy | undefined;
  /** Whether `elicitation/create` and `elicitation/complete` are handled (only when offered). */
  readonly elicitation: boolean;
  readonly capabilities: CapabilitySettings;
}

/**
 * Everything the agent sends us, dispatched: `session/update` (to the turn, the settings and the event
 * stream), ZeroClaw's history-trimmed notice, permission requests, elicitations, and the fs and terminal
 * methods (confined to the session's directories). Returns the installed fs/terminal capabilities, which
 * the client releases with their session or connection.
 */
export function installInbound(parts: InboundParts): InstalledCapabilities {
  const { core } = parts;
  const peer = core.peer;
  const capabilities = installCapabilities(
    peer,
    { sessionRoots: (sessionId) => parts.sessions.roots(sessionId), emit: (event) => core.emit(event) },
    parts.capabilities,
  );
  peer.handleNotification(ACP_METHODS.sessionUpdate, (params) => receiveUpdate(parts, params));
  peer.handleNotification(ACP_METHODS.zeroclawHistoryTrimmed, (params) => {
    const trimmed = parseHistoryTrimmed(params);
    if (!trimmed.ok) return;
    const { sessionId, droppedMessages = 0, keptTurns = 0, reason = "" } = trimmed.value;
    core.emit({ type: "history-trimmed", sessionId, droppedMessages, keptTurns, reason });
  });
  peer.handleOtherNotifications((_params, method) => core.emit({ type: "unknown-notification", method }));
  peer.handleRequest(ACP_METHODS.sessionRequestPermission, (params, context) =>
    receivePermissionRequest(parts, params, context),
  );
  if (parts.elicitation) {
    peer.handleRequest(ACP_METHODS.elicitationCreate, (params, context) => receiveElicitation(parts, params, context));
    peer.handleNotification(ACP_METHODS.elicitationComplete, (params) => {
      const parsed = ElicitationCompleteParamsSchema.safeParse(params);
      if (parsed.success)
        core.emit({
          type: "notice",
          level: "info",
          message: `the agent says the step in the browser is done (${sanitizeLine(parsed.data.elicitationId)})`,
        });
    });
  }
  return capabilities;
}

interface RequestContext {
  readonly id: string | number;
  readonly signal: AbortSignal;
}

function receiveUpdate(parts: InboundParts, params: unknown): void {
  const notification = parseSessionNotification(params);
  if (!notification.ok) {
    log.warn(`ignored a session/update: ${notification.error}`);
    return;
  }
  const { sessionId } = notification.value;
  const update = withModeMarkerRead(notification.value.update);
  parts.turns.follow(sessionId, update);
  parts.core.emit({ type: "update", sessionId, update });
  parts.settings.follow(sessionId, update);
}

/** `session/request_permission`: decided by the policy, or queued for the UI; during a cancelled turn, `cancelled`. */
async function receivePermissionRequest(
  parts: InboundParts,
  params: unknown,
  context: RequestContext,
): Promise<unknown> {
  const parsed = parsePermissionRequest(params);
  if (!parsed.ok) throw new RpcHandlerError(-32602, `Invalid params: ${parsed.error}`);
  const request: PendingPermission = {
    key: String(context.id),
    requestId: context.id,
    sessionId: parsed.value.sessionId,
    toolCall: parsed.value.toolCall,
    options: parsed.value.options,
    receivedAt: Date.now(),
  };
  parts.core.emit({ type: "permission-requested", request });
  const outcome = parts.turns.isCancelled(request.sessionId)
    ? { outcome: "cancelled" as const }
    : (parts.permissionPolicy?.(request) ?? (await parts.permissions.add(request, context.signal)));
  parts.core.emit({
    type: "permission-settled",
    key: request.key,
    outcome: outcome.outcome === "selected" ? outcome.optionId : "cancelled",
  });
  return { outcome };
}

/**
 * `elicitation/create`: a form to fill or a URL to visit, queued for the UI. A mode we do not know is
 * declined; during a cancelled turn the answer is `cancel`. The outcome is said in the transcript.
 */
async function receiveElicitation(
  parts: InboundParts,
  params: unknown,
  context: RequestContext,
): Promise<ElicitationResult> {
  const parsed = parseElicitationRequest(params);
  if (!parsed.ok) throw new RpcHandlerError(-32602, `Invalid params: ${parsed.error}`);
  const request = parsed.value;
  if (request.mode === "unsupported") return declineElicitation();
  const sessionId = request.sessionId;
  const result =
    sessionId !== undefined && parts.turns.isCancelled(sessionId)
      ? cancelElicitation()
      : await parts.elicitations.add(
          { key: String(context.id), requestId: context.id, request, receivedAt: Date.now() },
          context.signal,
        );
  const answer = describeElicitationAnswer(request, result);
  parts.core.emit({
    type: "notice",
    level: "info",
    ...(sessionId !== undefined ? { sessionId } : {}),
    message: sanitizeLine(`${request.message} → ${answer}`),
  });
  return result;
}
