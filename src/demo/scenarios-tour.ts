import type { PlanEntry } from "./store.js";
import { describeDecision, deliverReport, proposeGreetingEdit, runGitStatus } from "./scenarios-tools.js";
import type { Turn } from "./turn.js";

const PLAN_STEPS: readonly [string, string][] = [
  ["Check the working tree", "Checking the working tree"],
  ["Propose a small edit", "Proposing a small edit"],
  ["Hand over a report file", "Handing over a report file"],
];

function tourPlan(done: number): PlanEntry[] {
  return PLAN_STEPS.map(([content, activeForm], index) => ({
    content,
    status: index < done ? "completed" : index === done ? "in_progress" : "pending",
    priority: index === 0 ? "high" : index === 1 ? "medium" : "low",
    ...(index === done ? { activeForm } : {}),
  }));
}

/**
 * The default answer: everything the pane renders, in one turn. A thought, streamed markdown, a plan that
 * progresses, a shell command and a file edit that both need approval, a delivered file, and a final
 * markdown answer. The result's `content` is only that final answer, not the text streamed before the
 * tool calls, as with real ZeroClaw.
 */
export async function tourScenario(turn: Turn): Promise<void> {
  await turn.think(
    "The user wants to see what the pane can do. Plan: stream some text, run a command, propose an edit, send a file.",
  );
  await turn.say(
    "## A quick tour\n\nI'm the **zc-pane demo agent**: a scripted stand-in for ZeroClaw. No model runs here, " +
      "but every message uses ZeroClaw's real wire protocol. Here is my plan for this turn.\n\n",
  );
  turn.setPlan(tourPlan(0));
  await turn.say("First I'd like to look at the working tree. That needs your approval.\n\n");
  const shell = await runGitStatus(turn);
  turn.setPlan(tourPlan(1));
  await turn.say(
    shell.decision === "ran"
      ? "Two files changed. Next, a one-line edit: accept it, reject it, or reject it with your own text.\n\n"
      : "No shell then. Next, a one-line edit: accept it, reject it, or reject it with your own text.\n\n",
  );
  const edit = await proposeGreetingEdit(turn);
  turn.setPlan(tourPlan(2));
  await turn.say("Last, a small file for you to keep.\n\n");
  await deliverReport(turn);
  turn.setPlan(tourPlan(3));
  await turn.say(
    [
      "## What just happened",
      "",
      `- **Shell**: ${describeDecision(shell, "`git status --short`")}`,
      `- **Edit**: ${describeDecision(edit, "the change to `src/greeting.ts`").replaceAll("\n\n", "\n\n  ")}`,
      "- **File**: `demo-report.md` arrived as an attachment; its name is the sha256 of its bytes.",
      "",
      "The edit I proposed, as code:",
      "",
      "```ts",
      'export const greeting = "Hello from zc-pane";',
      "```",
      "",
      "Try `shell`, `edit`, `ask`, `plan`, `think`, `deliver`, `slow`, `burst 1000` or `long 20` for one feature at a time.",
      "",
    ].join("\n"),
  );
}
