import { ACP_METHODS, parsePromptResult, type ContentBlock, type SessionUpdate } from "../protocol/index.js";
import { RpcError } from "../rpc/errors.js";
import type { ClientCore } from "./client-core.js";
import { ClientError } from "./errors.js";
import { reconcileFinalText } from "./reconcile.js";
import type { Sessions } from "./sessions.js";

/** How a prompt turn ended. */
export interface TurnResult {
  readonly stopReason: string;
  /** Text from the result's `content` that the stream did not show (ZeroClaw), already reconciled. */
  readonly finalText?: string;
}

interface ActiveTurn {
  readonly id: number;
  /** The agent's text as streamed so far, to reconcile ZeroClaw's final `content` with. */
  streamed: string;
  cancelled: boolean;
  readonly done: Promise<void>;
  readonly finish: () => void;
}

/** Prompt turns, one at a time per session: sending them, cancelling them, and stopping a session after one. */
export class Turns {
  private readonly active = new Map<string, ActiveTurn>();
  private nextTurnId = 1;

  constructor(
    private readonly core: ClientCore,
    private readonly sessions: Sessions,
  ) {}

  /**
   * Runs one prompt turn and resolves when the agent answers. Updates stream as events meanwhile. If the
   * agent forgot a session we hold (ZeroClaw's stdio reaper drops idle sessions, protocol.md §11.3), the
   * session is restored with `session/resume` and the prompt sent again, once, with a visible notice.
   */
  async prompt(sessionId: string, prompt: readonly ContentBlock[]): Promise<TurnResult> {
    if (this.active.has(sessionId)) throw new ClientError("a turn is already running in this session", "busy");
    let finish!: () => void;
    const done = new Promise<void>((resolve) => (finish = resolve));
    const turn: ActiveTurn = { id: this.nextTurnId++, streamed: "", cancelled: false, done, finish };
    this.active.set(sessionId, turn);
    this.core.emit({ type: "turn-started", sessionId, turnId: turn.id });
    try {
      const raw = await this.sendPrompt(sessionId, prompt);
      const parsed = parsePromptResult(raw);
      if (!parsed.ok)
        throw new ClientError(`the agent's session/prompt answer is not valid ACP: ${parsed.error}`, "agent-error");
      const { stopReason, content } = parsed.value;
      const finalText =
        stopReason === "end_turn" && typeof content === "string"
          ? reconcileFinalText(turn.streamed, content)
          : undefined;
      this.core.emit({
        type: "turn-ended",
        sessionId,
        turnId: turn.id,
        stopReason,
        ...(finalText ? { finalText } : {}),
      });
      return { stopReason, ...(finalText ? { finalText } : {}) };
    } catch (error) {
      const wrapped = this.core.describeFailure(error, sessionId);
      this.core.emit({ type: "turn-failed", sessionId, turnId: turn.id, message: wrapped.message });
      throw wrapped;
    } finally {
      this.active.delete(sessionId);
      finish();
    }
  }

  /** Whether a turn is running in the session. */
  isBusy(sessionId: string): boolean {
    return this.active.has(sessionId);
  }

  /** Whether the session's running turn was cancelled: requests it still sends are answered `cancelled`. */
  isCancelled(sessionId: string): boolean {
    return this.active.get(sessionId)?.cancelled === true;
  }

  /** Keeps the streamed text of the running turn (see {@link reconcileFinalText}). */
  follow(sessionId: string, update: SessionUpdate): void {
    const turn = this.active.get(sessionId);
    if (turn && update.sessionUpdate === "agent_message_chunk" && update.content.type === "text")
      turn.streamed += update.content.text;
  }

  /** Marks the running turn cancelled and sends `session/cancel`. */
  cancel(sessionId: string): void {
    const turn = this.active.get(sessionId);
    if (turn) turn.cancelled = true;
    this.core.peer.notify(ACP_METHODS.sessionCancel, { sessionId });
  }

  /**
   * Ends the session on the agent's side after the running turn finishes. ZeroClaw has `session/stop` for
   * exactly that; for other agents we wait for the turn and then close the session when they support it.
   */
  async stopAfterTurn(sessionId: string): Promise<void> {
    const agent = this.core.agent;
    if (agent.canStop) {
      await this.core.call(ACP_METHODS.sessionStop, { sessionId }, null);
    } else {
      await this.active.get(sessionId)?.done;
      if (agent.canClose) await this.core.call(ACP_METHODS.sessionClose, { sessionId });
    }
  }

  private async sendPrompt(sessionId: string, prompt: readonly ContentBlock[]): Promise<unknown> {
    const send = () => this.core.peer.request(ACP_METHODS.sessionPrompt, { sessionId, prompt }, { timeoutMs: null });
    try {
      return await send();
    } catch (error) {
      const handle = this.sessions.get(sessionId);
      if (!(error instanceof RpcError && error.kind === "session-not-found" && handle)) throw error;
      if (!this.core.agent.canResume) throw error;
      this.core.emit({
        type: "notice",
        level: "warning",
        sessionId,
        message:
          "the agent had dropped this session (idle timeout); restored it with session/resume and sent the prompt again",
      });
      await this.sessions.restore(ACP_METHODS.sessionResume, sessionId, handle.cwd);
      return send();
    }
  }
}
