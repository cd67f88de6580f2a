import { performance } from "node:perf_hooks";
import { sendUpdate, type AgentContext } from "./context.js";
import { firstPresent, requireSessionId, sessionNotFound } from "./json.js";
import { materializePrompt } from "./prompt-input.js";
import { runScript } from "./scripts.js";
import { toStored, type DemoSession } from "./sessions.js";
import type { Call } from "./server.js";
import { Turn, TurnCancelled, TurnFailed } from "./turn.js";
import { turnCancelledUpdate } from "./updates.js";
import { ErrorCode, RpcError } from "./wire.js";
import { errorMessage } from "../common/error-message.js";

/** The localized (en) marker of a cancelled turn (§5.2, §6.6). */
export const CANCEL_MARKER = "[turn cancelled via client]";

/**
 * `session/prompt` (protocol.md §5). Checks run in ZeroClaw's order: sessionId, session exists, busy
 * (before the prompt is even looked at), then prompt validation and blob materialization. The handler
 * answers the call itself before it releases the session, so a `session/stop` waiting on the turn always
 * replies after the prompt's result.
 */
export async function handlePrompt(context: AgentContext, params: unknown, call: Call): Promise<void> {
  const sessionId = requireSessionId(params);
  const session = context.sessions.get(sessionId);
  if (!session) throw sessionNotFound(sessionId);
  if (context.turns.has(sessionId)) {
    throw new RpcError(ErrorCode.sessionBusy, `Session already has an active prompt turn: ${sessionId}`);
  }
  const controller = new AbortController();
  context.turns.set(sessionId, controller);
  let release!: () => void;
  session.turn = new Promise<void>((resolve) => (release = resolve));
  try {
    const text = await materializePrompt(firstPresent(params, ["prompt"]), session.workspaceDir);
    await runTurn(context, session, text, controller, call);
  } catch (error) {
    call.fail(error);
  } finally {
    if (context.turns.get(sessionId) === controller) context.turns.delete(sessionId);
    session.turn = undefined;
    release();
  }
}

async function runTurn(
  context: AgentContext,
  session: DemoSession,
  text: string,
  controller: AbortController,
  call: Call,
): Promise<void> {
  const turn = new Turn(context, session, text, controller.signal);
  let failure: unknown;
  let cancelled = false;
  try {
    if (text.trim() === "") {
      throw new TurnFailed("Agent turn failed: empty user message: refusing to dispatch a blank turn");
    }
    await runScript(turn, context);
    turn.complete();
  } catch (error) {
    if (error instanceof TurnCancelled) cancelled = true;
    else failure = error;
  }
  session.lastActiveMs = performance.now();
  if (context.turns.get(session.id) === controller) context.turns.delete(session.id);

  if (cancelled) {
    sendUpdate(context, session.id, turnCancelledUpdate(session.id, CANCEL_MARKER));
    const streamed = turn.streamedText;
    const content = streamed === "" ? CANCEL_MARKER : `${streamed}\n\n${CANCEL_MARKER}`;
    call.respond({ sessionId: session.id, stopReason: "cancelled", content });
    return;
  }
  if (failure !== undefined) {
    const message = failure instanceof TurnFailed ? failure.message : `Agent turn failed: ${String(failure)}`;
    call.fail(new RpcError(ErrorCode.internalError, message));
    return;
  }
  // Only successful, non-cancelled turns are persisted (§5.3, §11.2).
  session.messages.push(...turn.messages);
  if (turn.plan !== undefined) session.plan = turn.plan;
  if (context.store) {
    await context.store.save(toStored(session)).catch((error: unknown) => {
      context.log(`WARN Failed to persist turn; session continues in memory: ${errorMessage(error)}`);
    });
  }
  call.respond({ sessionId: session.id, stopReason: "end_turn", content: turn.finalText });
}
