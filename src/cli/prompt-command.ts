import { basename, resolve } from "node:path";
import { readAttachment } from "../client/attachments.js";
import { ClientError } from "../client/errors.js";
import type { PendingPermission, PermissionPolicy } from "../client/permission-queue.js";
import { resolveConnection, UsageError } from "../config/connection.js";
import { buildAgentRegistry } from "../config/agents.js";
import { loadConfigFile } from "../config/config-file.js";
import { downloadDir, stateDir } from "../config/paths.js";
import type { ContentBlock, PermissionOutcome } from "../protocol/index.js";
import { sanitizeLine, sanitizeText } from "../markdown/sanitize.js";
import { DeliveryBudget, deliverySaver } from "../state/delivered-files.js";
import { describeConnection } from "../state/persistence/session-entry.js";
import { SessionIndex, SessionLookupError } from "../state/persistence/session-index.js";
import { SessionRecorder } from "../state/persistence/session-recorder.js";
import { CONNECTION_OPTIONS, connectionOptionsFrom, parseCommandArgs } from "./args.js";
import { connect } from "./connect.js";
import { PromptPrinter } from "./prompt-printer.js";
import { TerminalApprover } from "./terminal-approval.js";
import { writeErr, writeOut, writeRawOut } from "./terminal-out.js";
import { errorMessage } from "../common/error-message.js";

export const PROMPT_USAGE = `Usage: zc-pane prompt [connection options] [--file PATH]... [--approve ask|allow-once|reject] [--json] [--resume ID] TEXT...

Sends one prompt, streams the answer to stdout, tool calls and notices to stderr.
Connection options (see zc-pane --help): --agent NAME, --demo, --agent-cmd "CMD ARGS", --gateway [URL],
  --token T, --token-file F, --config-dir DIR, --token-in-query, --insecure, --alias NAME, --cwd DIR
  --file PATH        attach a file (text as resource.text, other files as resource.blob; 10 MiB at most)
  --approve POLICY   ask (default: on the terminal when there is one), allow-once, or reject
  --json             stdout carries every JSON-RPC message received from the agent, unchanged, one per line
  --resume ID        continue an existing session (session/resume) instead of starting one
Exit codes: 0 the turn ended, 1 error, 2 usage, 3 a permission could not be asked, 130 cancelled by you.`;

/** `brokenPipe`: stdout was closed (`| head`); 128 + SIGPIPE, what a shell reports for a CLI killed by it. */
const EXIT = { ok: 0, error: 1, usage: 2, unaskable: 3, cancelled: 130, brokenPipe: 141 } as const;
/** The agent's last stderr lines printed when it dies mid-turn (the pane shows as many). */
const STDERR_TAIL_LINES = 4;

type Approve = "ask" | "allow-once" | "reject";

/** `zc-pane prompt`: one turn, scripted use (design.md §1.5, §2). Returns the exit code. */
export async function runPromptCommand(argv: readonly string[]): Promise<number> {
  let args;
  try {
    args = parseCommandArgs(argv, {
      ...CONNECTION_OPTIONS,
      file: { type: "string", multiple: true },
      approve: { type: "string" },
      json: { type: "boolean" },
      resume: { type: "string" },
    });
    if (args.values.help) {
      writeOut(`${PROMPT_USAGE}\n`);
      return EXIT.ok;
    }
    const approve = (args.values.approve ?? "ask") as Approve;
    if (!["ask", "allow-once", "reject"].includes(approve))
      throw new UsageError(`--approve takes ask, allow-once or reject, not "${approve}"`);
    const text = args.positionals.join(" ").trim();
    if (text.length === 0) throw new UsageError("no prompt text given");
    // The config file: its agents and MCP servers for the connection, `maxDeliveredBytes` and
    // `maxJournalBytes` for the turn.
    const config = loadConfigFile();
    const registry = buildAgentRegistry(config.config, config.path, { configFound: config.found });
    return await runTurn({
      connection: resolveConnection(connectionOptionsFrom(args.values), { registry }),
      ...(config.config.maxDeliveredBytes !== undefined ? { maxDeliveredBytes: config.config.maxDeliveredBytes } : {}),
      ...(config.config.maxJournalBytes !== undefined ? { maxJournalBytes: config.config.maxJournalBytes } : {}),
      cwd: resolve(args.values.cwd ?? process.cwd()),
      ...(args.values.alias !== undefined ? { alias: args.values.alias } : {}),
      ...(args.values.resume !== undefined ? { resume: await resumeId(args.values.resume) } : {}),
      files: args.values.file ?? [],
      approve,
      json: args.values.json === true,
      text,
    });
  } catch (error) {
    if (error instanceof UsageError) {
      writeErr(`zc-pane prompt: ${error.message}\n\n${PROMPT_USAGE}\n`);
      return EXIT.usage;
    }
    writeErr(`zc-pane prompt: ${errorMessage(error)}\n`);
    return EXIT.error;
  }
}

interface TurnOptions {
  readonly connection: ReturnType<typeof resolveConnection>;
  readonly cwd: string;
  readonly alias?: string;
  readonly resume?: string;
  readonly files: readonly string[];
  readonly approve: Approve;
  readonly json: boolean;
  readonly text: string;
  /** config.json `maxDeliveredBytes`: what the session may have saved of delivered files. */
  readonly maxDeliveredBytes?: number;
  /** config.json `maxJournalBytes`: what the session's transcript journal keeps on disk. */
  readonly maxJournalBytes?: number;
}

async function runTurn(options: TurnOptions): Promise<number> {
  let unaskable = false;
  let cancelTurn: (() => void) | undefined;
  const approver = new TerminalApprover();
  const canAsk = process.stdin.isTTY === true;
  const policy: PermissionPolicy = (request) => {
    const decided = decideByPolicy(options.approve, request);
    if (decided) return decided;
    if (options.approve === "ask" && canAsk) return undefined;
    if (options.approve === "ask") {
      // No terminal to ask on: never invent an answer; cancel the turn and say so with exit code 3.
      unaskable = true;
      writeErr(
        `zc-pane prompt: ${describeRequest(request)} needs a decision, but there is no terminal to ask on (use --approve allow-once or reject); cancelling the turn\n`,
      );
      queueMicrotask(() => cancelTurn?.());
    } else {
      writeErr(
        `zc-pane prompt: ${describeRequest(request)} asks a question --approve cannot answer; answered "cancelled"\n`,
      );
    }
    return { outcome: "cancelled" };
  };

  // Installed before connecting: a Ctrl+C during start-up must not kill the process without a word.
  let userCancelled = false;
  let disposeClient: (() => Promise<void>) | undefined;
  const onSigint = () => {
    if (userCancelled) {
      // Second Ctrl+C: stop waiting for the agent.
      void (disposeClient?.() ?? Promise.resolve()).finally(() => process.exit(EXIT.cancelled));
      return;
    }
    userCancelled = true;
    cancelTurn?.();
  };
  process.on("SIGINT", onSigint);
  // The reader went away (`| head -3`): nobody reads the answer any more, so the turn is cancelled and the
  // command ends quietly with 141, as CLIs killed by SIGPIPE do. Later writes fail silently here too.
  let stdoutClosed = false;
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (stdoutClosed) return;
    stdoutClosed = true;
    if (error.code !== "EPIPE") writeErr(`zc-pane prompt: cannot write the answer: ${error.message}\n`);
    userCancelled = true;
    cancelTurn?.();
  });
  let connected;
  try {
    connected = await connect(options.connection, {
      cwd: options.cwd,
      permissionPolicy: policy,
      ...(options.approve === "reject"
        ? { refuseSideEffects: "--approve reject refuses commands and file writes" }
        : {}),
    });
  } catch (error) {
    process.off("SIGINT", onSigint);
    throw error;
  }
  const { client, agent, transport } = connected;
  disposeClient = () => client.dispose();
  // When the agent dies, its last words are the why: they follow the error message.
  let deathStderr = "";
  client.subscribe((event) => {
    if (event.type === "disconnected" && event.close.reason !== "closed-by-us")
      deathStderr = event.close.stderrTail ?? "";
  });
  let recorder: SessionRecorder | undefined;
  try {
    const attachments = await Promise.all(
      options.files.map((file) => readAttachment(file, agent.promptCapabilities, options.cwd)),
    );
    const session = options.resume
      ? await client.resumeSession(options.resume, options.cwd)
      : await client.newSession({ cwd: options.cwd, ...(options.alias ? { alias: options.alias } : {}) });
    cancelTurn = () => client.cancel(session.sessionId);
    // Cancelled before the turn started: nothing to send, nothing to wait for.
    if (userCancelled) return stdoutClosed ? EXIT.brokenPipe : EXIT.cancelled;
    // The session goes into the local index and its updates into the transcript journal (design.md §5).
    recorder = await SessionRecorder.open({
      stateDir: stateDir(),
      session: {
        id: session.sessionId,
        ...describeConnection(options.connection),
        agentTitle: sanitizeLine(agent.title ?? agent.name),
        ...(options.alias ? { alias: options.alias } : {}),
        cwd: options.cwd,
        title: options.text,
      },
      onWarning: (message) => writeErr(`zc-pane prompt: warning: ${message}\n`),
      ...(options.maxJournalBytes !== undefined ? { journal: { maxBytes: options.maxJournalBytes } } : {}),
    });
    client.subscribe(recorder.handleEvent);

    const printer = new PromptPrinter(session.sessionId);
    if (options.json) {
      transport.onMessage((_message, raw) => writeRawOut(`${raw}\n`));
    } else {
      client.subscribe((event) => printer.handle(event));
    }
    // Delivered files are saved as in the pane, each one a stderr line (also under --json: stdout is the wire).
    const deliveries = deliverySaver(downloadDir(), new DeliveryBudget(options.maxDeliveredBytes), (outcome) =>
      printer.delivery(outcome),
    );
    client.subscribe(deliveries.handle);
    client.subscribe((event) => {
      if (event.type === "permission-requested" && options.approve === "ask" && canAsk) {
        void approver.ask(event.request).then((outcome) => client.permissions.answer(event.request.key, outcome));
      }
    });

    const prompt: ContentBlock[] = [
      { type: "text", text: options.text },
      ...attachments.map((attachment) => attachment.block),
    ];
    recorder.recordPrompt(
      options.text,
      options.files.map((file) => basename(file)),
    );
    const result = await client.prompt(session.sessionId, prompt);
    await deliveries.idle();
    if (!options.json) printer.finish(result.finalText);
    if (unaskable) return EXIT.unaskable;
    if (stdoutClosed) return EXIT.brokenPipe;
    if (userCancelled || result.stopReason === "cancelled") return EXIT.cancelled;
    if (result.stopReason !== "end_turn") writeErr(`zc-pane prompt: the turn ended with ${result.stopReason}\n`);
    return EXIT.ok;
  } catch (error) {
    if (error instanceof ClientError || error instanceof Error) writeErr(`zc-pane prompt: ${error.message}\n`);
    const tail = sanitizeText(deathStderr).trimEnd();
    if (tail)
      writeErr(
        `zc-pane prompt: the agent's last stderr lines:\n${tail
          .split("\n")
          .slice(-STDERR_TAIL_LINES)
          .map((line) => `  ${line}\n`)
          .join("")}`,
      );
    if (stdoutClosed) return EXIT.brokenPipe;
    return userCancelled ? EXIT.cancelled : EXIT.error;
  } finally {
    process.off("SIGINT", onSigint);
    await recorder?.close();
    await client.dispose();
  }
}

/**
 * `--resume ID`: a unique prefix of a session in the local index is completed to its id; an id the index
 * does not know goes to the agent as given (it may know it), which answers "unknown session" if not.
 */
async function resumeId(prefix: string): Promise<string> {
  const lookup = await new SessionIndex(stateDir()).lookup(prefix);
  if (lookup.kind === "found") return lookup.entry.id;
  if (lookup.kind === "ambiguous") throw new SessionLookupError(lookup);
  return prefix;
}

/** `allow-once` picks the agent's allow-once option, `reject` its reject option; questions are not approvals. */
function decideByPolicy(approve: Approve, request: PendingPermission): PermissionOutcome | undefined {
  if (approve === "ask" || isQuestion(request)) return undefined;
  const kinds = approve === "allow-once" ? ["allow_once"] : ["reject_once", "reject_always"];
  for (const kind of kinds) {
    const option = request.options.find((candidate) => candidate.kind === kind);
    if (option) return { outcome: "selected", optionId: option.optionId };
  }
  return undefined;
}

/** ZeroClaw's ask_user choices reuse allow/reject kinds for answers (protocol.md §7.2): never auto-pick one. */
function isQuestion(request: PendingPermission): boolean {
  return request.options.length > 0 && request.options.every((option) => /^choice-\d+$/.test(option.optionId));
}

function describeRequest(request: PendingPermission): string {
  return `"${request.toolCall.title ?? request.toolCall.toolCallId}"`;
}
