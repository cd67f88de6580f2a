import type { AgentContext } from "./context.js";
import { TurnFailed, type Turn } from "./turn.js";

/** `fail`: a few chunks, then the turn fails with -32603 (the chunks already sent stay sent, §5.3). */
export async function failScenario(turn: Turn): Promise<void> {
  await turn.say("Let me look into that. Calling the model again… ");
  await turn.sleep(100);
  throw new TurnFailed("Agent turn failed: demo provider error: simulated upstream failure (HTTP 529 overloaded)");
}

/** `stderr`: log lines on stderr (where ZeroClaw's logs go), then a normal answer. */
export async function stderrScenario(turn: Turn, context: AgentContext): Promise<void> {
  context.log("WARN zeroclaw_demo: this line was written to stderr on purpose (1/3)");
  context.log("WARN zeroclaw_demo: a client should keep stderr out of the transcript (2/3)");
  context.log("ERROR zeroclaw_demo: but may show its tail when the agent dies (3/3)");
  await turn.say("I wrote three lines to stderr. They are logs, not part of this answer.\n");
}

/** `garbage`: a non-JSON line on stdout (a client must skip it), then a normal answer. */
export async function garbageScenario(turn: Turn): Promise<void> {
  turn.writer.writeLine("this line is not JSON: {oops");
  await turn.say("I just wrote a line that is not JSON to stdout. A robust client skips it and carries on.\n");
}

/** `crash`: some output, a panic message on stderr, then the process exits with code 3 mid-turn. */
export async function crashScenario(turn: Turn, context: AgentContext): Promise<never> {
  await turn.say("Starting something risky… ");
  await turn.writer.flushed();
  context.log(
    "thread 'tokio-runtime-worker' panicked at src/demo/scenarios-faults.ts: simulated crash " +
      "(zc-pane demo-agent `crash` scenario)",
  );
  context.crash(3);
  return new Promise<never>(() => undefined);
}
