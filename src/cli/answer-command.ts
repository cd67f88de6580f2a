import { parseArgs } from "node:util";
import { ControlConnectError } from "../control/control-client.js";
import {
  ChoiceError,
  outcomeForChoice,
  scanWaitingRequests,
  sendAnswer,
  type PaneRequest,
} from "../control/waiting-requests.js";
import { NO_LONGER_WAITING } from "../control/protocol.js";
import { sanitizeLine } from "../markdown/sanitize.js";
import { summarizeToolInput, toolDisplayName } from "../state/tool-summary.js";
import { writeErr, writeOut } from "./terminal-out.js";

/** `zc-pane pending --help`. */
export const PENDING_USAGE = `Usage: zc-pane pending [--json]

Lists the permission requests waiting in every zc-pane of yours, oldest first: the pane, the agent, the
session, what the tool wants to do, and the options with their numbers.
  --json   one JSON array: [{pane, socket, request: {key, receivedAt, sessionId, toolCall, options}}]
Exit codes: 0 listed (also when none waits), 2 usage.`;

/** `zc-pane answer --help`. */
export const ANSWER_USAGE = `Usage: zc-pane answer [--pane ID] [--request ID] CHOICE
       zc-pane answer --modal

Answers a permission request waiting in a zc-pane, without going there: the pane's modal closes and its
transcript notes "answered from outside". Without --pane or --request, the oldest request is answered.
  CHOICE        an option kind (allow-once, allow-always, reject-once, reject-always), an option id,
                or the option's number as \`zc-pane pending\` shows it
  --pane ID     only requests of this pane (%3 in tmux, a pane id in zellij)
  --request ID  the request with this id (\`zc-pane pending\` shows it)
  --modal       show each waiting request in the permission modal and answer it with its keys, one after
                the other (what prefix+J opens in a tmux popup)
Exit codes: 0 answered, 1 nothing waits or the pane refused (a request no longer waiting), 2 usage.`;

class UsageError extends Error {}

function describeRequest({ pane, request }: PaneRequest): string {
  const where = [
    sanitizeLine(pane.label ?? `pid ${pane.pid}`),
    ...(pane.agent ? [sanitizeLine(pane.agent)] : []),
    `session ${sanitizeLine(request.sessionId)}`,
    `request ${sanitizeLine(request.key)}`,
  ].join("  ");
  const summary = summarizeToolInput(request.toolCall);
  const lines = [where, `  ${toolDisplayName(request.toolCall)}${summary ? `: ${summary}` : ""}`];
  request.options.forEach((option, index) => {
    lines.push(
      `  ${index + 1}) ${sanitizeLine(option.name)}  [${sanitizeLine(option.kind)}, id ${sanitizeLine(option.optionId)}]`,
    );
  });
  return lines.join("\n");
}

function reportProblems(command: string, problems: readonly string[]): void {
  for (const problem of problems) writeErr(`zc-pane ${command}: ${sanitizeLine(problem)}\n`);
}

/** `zc-pane pending`. Returns the exit code. */
export async function runPendingCommand(argv: readonly string[]): Promise<number> {
  let json: boolean;
  try {
    const { values } = parseArgs({
      args: [...argv],
      options: { json: { type: "boolean" }, help: { type: "boolean", short: "h" } },
      strict: true,
    });
    if (values.help) {
      writeOut(`${PENDING_USAGE}\n`);
      return 0;
    }
    json = values.json === true;
  } catch (error) {
    writeErr(`zc-pane pending: ${(error as Error).message}\n\n${PENDING_USAGE}\n`);
    return 2;
  }
  const { requests, problems } = await scanWaitingRequests();
  reportProblems("pending", problems);
  if (json) {
    const list = requests.map(({ socketPath, pane, request }) => ({ pane, socket: socketPath, request }));
    writeOut(`${JSON.stringify(list, null, 2)}\n`);
  } else if (requests.length === 0) {
    writeOut("no permission request is waiting\n");
  } else {
    writeOut(`${requests.map(describeRequest).join("\n\n")}\n`);
  }
  return 0;
}

/** `zc-pane answer`. Returns the exit code. */
export async function runAnswerCommand(argv: readonly string[]): Promise<number> {
  let values;
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: [...argv],
      options: {
        pane: { type: "string" },
        request: { type: "string" },
        modal: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: true,
    }));
    if (values.help) {
      writeOut(`${ANSWER_USAGE}\n`);
      return 0;
    }
    if (values.modal && (positionals.length > 0 || values.pane !== undefined || values.request !== undefined))
      throw new UsageError("--modal asks you for each request: it takes no CHOICE, --pane or --request");
    if (!values.modal && positionals.length !== 1)
      throw new UsageError(positionals.length === 0 ? "give a CHOICE (e.g. allow-once)" : "give one CHOICE");
  } catch (error) {
    writeErr(`zc-pane answer: ${(error as Error).message}\n\n${ANSWER_USAGE}\n`);
    return 2;
  }
  if (values.modal) {
    const { runAnswerModal } = await import("./answer-modal.js");
    return runAnswerModal();
  }

  const { requests, problems } = await scanWaitingRequests();
  reportProblems("answer", problems);
  const target = requests.find(
    ({ pane, request }) =>
      (values.pane === undefined || pane.paneId === values.pane || pane.label === values.pane) &&
      (values.request === undefined || request.key === values.request),
  );
  if (!target && values.request !== undefined) {
    writeErr(`zc-pane answer: request ${sanitizeLine(values.request)}: ${NO_LONGER_WAITING}\n`);
    return 1;
  }
  if (!target) {
    const where = values.pane !== undefined ? ` in pane ${sanitizeLine(values.pane)}` : "";
    writeErr(`zc-pane answer: no permission request is waiting${where}\n`);
    return 1;
  }
  try {
    const outcome = outcomeForChoice(target.request, positionals[0]!);
    const refused = await sendAnswer(target, outcome);
    const label = sanitizeLine(target.pane.label ?? `pid ${target.pane.pid}`);
    if (refused !== undefined) {
      writeErr(`zc-pane answer: ${label}: ${sanitizeLine(refused)}\n`);
      return 1;
    }
    const chosen = target.request.options.find(
      (option) => outcome.outcome === "selected" && option.optionId === outcome.optionId,
    );
    writeErr(
      `zc-pane answer: ${label}: ${toolDisplayName(target.request.toolCall)} → ${sanitizeLine(chosen?.name ?? "")}\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof ChoiceError || error instanceof ControlConnectError) {
      writeErr(`zc-pane answer: ${sanitizeLine(error.message)}\n`);
      return 1;
    }
    throw error;
  }
}
