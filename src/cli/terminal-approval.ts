import { createInterface } from "node:readline/promises";
import type { PendingPermission } from "../client/permission-queue.js";
import type { PermissionOutcome } from "../protocol/index.js";
import { revealInvisiblesDeep, sanitizeLine, sanitizeText } from "../markdown/sanitize.js";
import { summarizeToolInput, toolDisplayName } from "../state/tool-summary.js";
import { writeErr } from "./terminal-out.js";

/** The letter for each standard option kind, as in the pane's modal (design.md §3). */
const KEY_BY_KIND: Readonly<Record<string, string>> = {
  allow_once: "y",
  allow_always: "a",
  reject_once: "n",
  reject_always: "N",
};

/**
 * Asks the user on the terminal (stdin/stderr) to decide one permission request for `zc-pane prompt
 * --approve ask`. Numbers pick any option; y/a/n/N pick by kind; an empty answer or EOF answers
 * `cancelled`. Requests are asked one at a time in arrival order.
 */
export class TerminalApprover {
  private queue: Promise<unknown> = Promise.resolve();

  ask(request: PendingPermission): Promise<PermissionOutcome> {
    const answer = this.queue.then(() => this.askNow(request));
    this.queue = answer.catch(() => undefined);
    return answer;
  }

  private async askNow(request: PendingPermission): Promise<PermissionOutcome> {
    // What the user approves is what runs: invisible and direction-changing characters are shown.
    const toolCall = revealInvisiblesDeep(request.toolCall);
    const lines = [`\n? ${toolDisplayName(toolCall)}`];
    const summary = summarizeToolInput(toolCall);
    if (summary) lines.push(`  ${summary}`);
    for (const item of toolCall.content ?? []) {
      if (item.type === "diff") lines.push(...formatDiff(item.oldText ?? "", item.newText));
    }
    request.options.forEach((option, index) => {
      const key = KEY_BY_KIND[option.kind];
      lines.push(`  ${index + 1}${key ? `/${key}` : ""}  ${sanitizeLine(option.name)}`);
    });
    writeErr(`${lines.join("\n")}\n`);
    const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: false });
    try {
      for (;;) {
        writeErr("choice (empty = cancel): ");
        const line = await rl.question("").catch(() => "");
        const choice = line.trim();
        if (choice === "") return { outcome: "cancelled" };
        const byNumber = Number.parseInt(choice, 10);
        const option =
          String(byNumber) === choice
            ? request.options[byNumber - 1]
            : request.options.find((candidate) => KEY_BY_KIND[candidate.kind] === choice);
        if (option) return { outcome: "selected", optionId: option.optionId };
        writeErr(`no option "${choice}"\n`);
      }
    } finally {
      rl.close();
    }
  }
}

function formatDiff(oldText: string, newText: string): string[] {
  const cap = (text: string) => sanitizeText(text).split("\n").slice(0, 12);
  return [
    ...cap(oldText)
      .filter(Boolean)
      .map((line) => `  - ${line}`),
    ...cap(newText).map((line) => `  + ${line}`),
  ];
}
