import type { ClientEvent } from "../client/events.js";
import type { ToolCallUpdateFields } from "../protocol/index.js";
import { StreamSanitizer, sanitizeLine, sanitizeText } from "../markdown/sanitize.js";
import type { DeliveryOutcome } from "../state/delivered-files.js";
import { toolOutputOf } from "../state/tool-output.js";
import { summarizeToolInput, toolDisplayName } from "../state/tool-summary.js";

const STATUS_GLYPH: Readonly<Record<string, string>> = { completed: "✓", failed: "✗", in_progress: "…", pending: "…" };

/**
 * Prints a turn for `zc-pane prompt`: answer text to stdout as it streams (markdown passed through, control
 * sequences stripped), one line per tool call start and end, plans and notices on stderr. Text is written
 * once per event-loop turn, not per chunk, so a burst of 50,000 chunks costs a few hundred writes.
 */
export class PromptPrinter {
  private readonly sanitizer = new StreamSanitizer();
  private pendingText = "";
  private flushScheduled = false;
  private endsWithNewline = true;
  private wroteText = false;
  private readonly tools = new Map<string, ToolCallUpdateFields>();
  /** Command lines of the agent's terminals, for the line that says how each ended. */
  private readonly commands = new Map<string, string>();

  constructor(
    private readonly sessionId: string,
    private readonly out: NodeJS.WritableStream = process.stdout,
    private readonly err: NodeJS.WritableStream = process.stderr,
  ) {}

  handle(event: ClientEvent): void {
    if (event.type === "update" && event.sessionId === this.sessionId) {
      const { update } = event;
      switch (update.sessionUpdate) {
        case "agent_message_chunk":
          if (update.content.type === "text") this.text(update.content.text);
          return;
        case "tool_call":
        case "tool_call_update":
          return this.tool(update);
        case "plan":
          this.flush();
          this.line(
            `plan: ${update.entries.map((entry) => `[${entry.status === "completed" ? "x" : entry.status === "in_progress" ? "~" : " "}] ${sanitizeLine(entry.content)}`).join("  ")}`,
          );
          return;
        default:
          return;
      }
    }
    if (this.sideEffect(event)) return;
    if (event.type === "notice" || (event.type === "problem" && event.problem.kind !== "stderr")) {
      this.flush();
      this.line(event.type === "notice" ? event.message : event.problem.message);
    }
  }

  /** Adds the reconciled final text (if any), ends stdout with a newline, and writes everything out. */
  finish(finalText?: string): void {
    if (finalText) this.text(`${this.wroteText || this.pendingText ? "\n\n" : ""}${finalText}`);
    this.flush();
    if (!this.endsWithNewline) {
      this.out.write("\n");
      this.endsWithNewline = true;
    }
  }

  private text(chunk: string): void {
    const clean = this.sanitizer.push(chunk);
    if (clean.length === 0) return;
    this.pendingText += clean;
    if (!this.flushScheduled) {
      this.flushScheduled = true;
      setImmediate(() => this.flush());
    }
  }

  private flush(): void {
    this.flushScheduled = false;
    if (this.pendingText.length === 0) return;
    this.out.write(this.pendingText);
    this.wroteText = true;
    this.endsWithNewline = this.pendingText.endsWith("\n");
    this.pendingText = "";
  }

  private tool(update: ToolCallUpdateFields): void {
    const previous = this.tools.get(update.toolCallId);
    const merged: ToolCallUpdateFields = { ...previous, ...definedFields(update), toolCallId: update.toolCallId };
    this.tools.set(update.toolCallId, merged);
    const status = merged.status ?? "pending";
    const finished = status === "completed" || status === "failed";
    const wasFinished = previous?.status === "completed" || previous?.status === "failed";
    if (previous && (!finished || wasFinished)) return;
    this.flush();
    const summary = summarizeToolInput(merged);
    const detail = finished && status === "failed" ? firstOutputLine(merged) : undefined;
    this.line(
      `${STATUS_GLYPH[status] ?? "•"} ${toolDisplayName(merged)}${summary ? `: ${summary}` : ""}${detail ? ` — ${detail}` : ""}`,
    );
  }

  /**
   * Every command the agent runs and every file it writes on this machine is one stderr line (two for a
   * command: when it starts and when it ends), whether or not a tool call mentions it.
   */
  private sideEffect(event: ClientEvent): boolean {
    switch (event.type) {
      case "terminal-created": {
        if (event.sessionId !== this.sessionId) return true;
        const command = sanitizeLine([event.command, ...event.args].join(" "));
        this.commands.set(event.terminalId, command);
        this.flush();
        this.line(`$ ${command}  (agent command in ${sanitizeLine(event.cwd)})`);
        return true;
      }
      case "terminal-exited": {
        if (event.sessionId !== this.sessionId) return true;
        const { exitCode, signal } = event.exitStatus;
        const how = signal ? `killed (${sanitizeLine(signal)})` : `exit ${exitCode ?? "?"}`;
        this.flush();
        this.line(`$ ${this.commands.get(event.terminalId) ?? event.terminalId}  → ${how}`);
        return true;
      }
      case "file-written":
        if (event.sessionId !== this.sessionId) return true;
        this.flush();
        this.line(`${event.created ? "created" : "wrote"} ${sanitizeLine(event.path)}`);
        return true;
      default:
        return false;
    }
  }

  /** A delivered file: where it was saved, or why not (and, once, that the session's cap is reached). */
  delivery(outcome: DeliveryOutcome): void {
    const call = this.tools.get(outcome.toolCallId);
    const name = call ? toolDisplayName(call) : "delivered file";
    this.flush();
    if (outcome.saved) {
      this.line(`⬇ ${name}: saved to ${outcome.path}`);
      return;
    }
    this.line(`✗ ${name}: ${outcome.error}`);
    if (outcome.capNotice) this.line(outcome.capNotice);
  }

  private line(text: string): void {
    if (!this.endsWithNewline && isTerminal(this.out) && isTerminal(this.err)) {
      // Both go to one screen: keep a stderr line from gluing onto an unterminated answer line. When
      // stdout is piped its text stays exactly what the agent said.
      this.out.write("\n");
      this.endsWithNewline = true;
    }
    // The choke point of prompt's stderr: a tool title, a notice or a file name may carry escape sequences.
    this.err.write(`${sanitizeText(text)}\n`);
  }
}

function definedFields<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as Partial<T>;
}

/** The first line of what a failed call reported (its text, raw output or command result: tool-output.ts). */
function firstOutputLine(call: ToolCallUpdateFields): string | undefined {
  const text = toolOutputOf(call)?.text.trim();
  return text ? sanitizeText(text).split("\n")[0] : undefined;
}

function isTerminal(stream: NodeJS.WritableStream): boolean {
  return (stream as { isTTY?: boolean }).isTTY === true;
}
