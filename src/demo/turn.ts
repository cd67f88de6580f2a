import { randomBytes } from "node:crypto";
import { requestApproval, DENIED_BY_USER, runtimeDenied } from "./approval.js";
import { askUser, type AskUserResult } from "./ask-user.js";
import { sendUpdate, type AgentContext } from "./context.js";
import type { DemoSession } from "./sessions.js";
import type { PlanEntry, StoredMessage } from "./store.js";
import { toolCallFinished, toolCallStarted } from "./updates.js";
import { encodeTextChunk } from "./wire.js";

/** Thrown inside a turn when its cancel token fires; the turn then ends with `stopReason: "cancelled"`. */
export class TurnCancelled extends Error {
  constructor() {
    super("turn cancelled");
    this.name = "TurnCancelled";
  }
}

/** A turn failure; its message is the `-32603` error message sent to the client. */
export class TurnFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TurnFailed";
  }
}

/** What a simulated tool produced; `title`/`status`/`content` override the defaults of §6.4. */
export interface ToolRun {
  readonly output: string;
  readonly title?: string;
  readonly status?: "completed" | "failed";
  readonly content?: unknown[];
}

export interface ToolOutcome {
  readonly output: string;
  readonly decision: "ran" | "denied-by-user" | "denied-by-runtime" | "replaced";
}

/** How fast `say` streams: a random pause in [minMs, maxMs] between chunks of 1–`maxWords` words. */
export interface Pace {
  readonly minMs: number;
  readonly maxMs: number;
  readonly maxWords: number;
}

export const HUMAN_PACE: Pace = { minMs: 10, maxMs: 20, maxWords: 2 };

/**
 * One prompt turn as a scripted "model" drives it. It records what ZeroClaw's runtime would store
 * (the user message, each assistant message with its tool calls, the tool results, the final answer)
 * and streams the matching updates. Text streamed since the last tool batch is the answer of the current
 * iteration, so the turn's `content` is only the last iteration's text, as with real ZeroClaw.
 */
export class Turn {
  /** Every agent_message_chunk sent so far (the cancelled result's `content` starts with it). */
  private readonly streamed: string[] = [];
  private iterationText: string[] = [];
  /** Messages to persist when the turn succeeds. */
  readonly messages: StoredMessage[] = [];
  /** Latest plan sent this turn (undefined when none was). */
  plan: PlanEntry[] | undefined;

  constructor(
    private readonly context: AgentContext,
    readonly session: DemoSession,
    readonly prompt: string,
    readonly signal: AbortSignal,
  ) {
    this.messages.push({ kind: "chat", role: "user", content: `${timestampPrefix(new Date())}${prompt}` });
  }

  get writer() {
    return this.context.writer;
  }

  get streamedText(): string {
    return this.streamed.join("");
  }

  /** The turn's final response text: what was said since the last tool call. */
  get finalText(): string {
    return this.iterationText.join("");
  }

  /** Throws {@link TurnCancelled} if the turn was cancelled (a model-call or loop boundary). */
  checkpoint(): void {
    if (this.signal.aborted) throw new TurnCancelled();
  }

  /** Waits `ms`, racing the cancel token like a streaming model call or a running tool does (§5.4). */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.signal.aborted) return reject(new TurnCancelled());
      const onAbort = () => {
        clearTimeout(timer);
        reject(new TurnCancelled());
      };
      const timer = setTimeout(() => {
        this.signal.removeEventListener("abort", onAbort);
        resolve();
      }, ms);
      this.signal.addEventListener("abort", onAbort, { once: true });
    });
  }

  /** Sends one agent_message_chunk right away. */
  chunk(text: string): void {
    this.streamed.push(text);
    this.iterationText.push(text);
    this.writer.writeLine(encodeTextChunk(this.session.id, "agent_message_chunk", text));
  }

  /** Streams `text` as message chunks at `pace`. */
  async say(text: string, pace: Pace = HUMAN_PACE): Promise<void> {
    for (const piece of splitForStreaming(text, pace.maxWords)) {
      await this.sleep(pace.minMs + Math.random() * (pace.maxMs - pace.minMs));
      this.chunk(piece);
    }
  }

  /** Streams `text` as agent_thought_chunk updates (never stored, never replayed). */
  async think(text: string, pace: Pace = HUMAN_PACE): Promise<void> {
    for (const piece of splitForStreaming(text, pace.maxWords)) {
      await this.sleep(pace.minMs + Math.random() * (pace.maxMs - pace.minMs));
      this.writer.writeLine(encodeTextChunk(this.session.id, "agent_thought_chunk", piece));
    }
  }

  /** Sends a whole-list `plan` update and remembers it for persistence. */
  setPlan(entries: PlanEntry[]): void {
    this.plan = entries;
    sendUpdate(this.context, this.session.id, { sessionUpdate: "plan", entries });
  }

  /**
   * Calls a tool the way ZeroClaw's loop does: the approval request first (unless auto-approved or
   * always-allowed; never raced against cancel), then the `tool_call`, the simulated run (raced against
   * cancel) and the `tool_call_update`. A denied or replaced call never runs but still shows both updates.
   */
  async useTool(name: string, args: Record<string, unknown>, run: () => Promise<ToolRun>): Promise<ToolOutcome> {
    let outcome: ToolOutcome | undefined;
    if (!this.session.agent.autoApprove.has(name) && !this.session.alwaysAllowed.has(name)) {
      const timeoutMs = this.context.limits.sessionTimeoutSecs * 1000;
      const decision = await requestApproval(this.context.outbound, this.session.id, name, args, timeoutMs);
      if (decision.kind === "approve" && decision.always) this.session.alwaysAllowed.add(name);
      if (decision.kind === "deny") {
        outcome = decision.byUser
          ? { output: DENIED_BY_USER, decision: "denied-by-user" }
          : { output: runtimeDenied(name), decision: "denied-by-runtime" };
      } else if (decision.kind === "replace") {
        outcome = { output: decision.replacement, decision: "replaced" };
      }
    }
    const id = newToolCallId();
    this.messages.push({
      kind: "tool_calls",
      text: this.iterationText.length > 0 ? this.iterationText.join("") : null,
      toolCalls: [{ id, name, arguments: JSON.stringify(args) }],
    });
    this.iterationText = [];
    if (outcome) {
      sendUpdate(this.context, this.session.id, toolCallStarted(id, name, args, "pending"));
      this.finishTool(id, name, { output: outcome.output });
      this.checkpoint();
      return outcome;
    }
    this.checkpoint();
    sendUpdate(this.context, this.session.id, toolCallStarted(id, name, args, "pending"));
    const result = await run();
    this.finishTool(id, name, result);
    return { output: result.output, decision: "ran" };
  }

  /** The `ask_user` tool with choices (§7.2/§7.3); the choice request is raced against cancel. */
  async askUser(question: string, choices: string[]): Promise<AskUserResult> {
    let asked: AskUserResult = { output: "" };
    await this.useTool("ask_user", { question, choices }, async () => {
      const request = { sessionId: this.session.id, question, choices, elicitation: this.session.elicitationForm };
      try {
        asked = await askUser(this.context.outbound, request, this.signal);
      } catch (error) {
        if (this.signal.aborted) throw new TurnCancelled();
        throw error;
      }
      return { output: asked.output };
    });
    return asked;
  }

  private finishTool(id: string, name: string, result: ToolRun): void {
    sendUpdate(this.context, this.session.id, toolCallFinished(id, name, result.output, result));
    this.messages.push({ kind: "tool_results", results: [{ toolCallId: id, content: result.output }] });
  }

  /** Records the final assistant message (called once the script is done). */
  complete(): void {
    this.messages.push({ kind: "chat", role: "assistant", content: this.finalText });
  }
}

/** `[YYYY-MM-DD HH:MM:SS UTC] `: the prefix the runtime adds to stored user messages (§8.4). */
export function timestampPrefix(date: Date): string {
  return `[${date.toISOString().slice(0, 19).replace("T", " ")} UTC] `;
}

/** A provider-style tool call id (`toolu_01…`), unrelated to the approval request's id. */
function newToolCallId(): string {
  return `toolu_01${randomBytes(16).toString("base64url").replace(/[-_]/g, "x").slice(0, 22)}`;
}

/** Splits text into chunks of 1–`maxWords` words, each keeping its trailing whitespace. */
export function splitForStreaming(text: string, maxWords: number): string[] {
  const words = text.match(/\s*\S+\s*/g) ?? (text === "" ? [] : [text]);
  const chunks: string[] = [];
  for (let index = 0; index < words.length;) {
    const take = 1 + Math.floor(Math.random() * maxWords);
    chunks.push(words.slice(index, index + take).join(""));
    index += take;
  }
  return chunks;
}
