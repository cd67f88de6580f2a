import { appendFileSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { longMarkdown } from "../../src/demo/scenarios-stream.js";
import type { BenchContext } from "./context.js";
import { figure, type Figure } from "./figures.js";
import { BenchTmux, rssMb, sleep } from "./tmux.js";

const TURNS = 1000;
const ready = (screen: string) => screen.includes("ask the agent") && screen.includes("ready");

/**
 * One turn of a working session as the journal holds it: a prompt, a thought, a ~2 KB markdown answer in
 * 100-byte chunks, a shell tool call with its output, the turn's end. The answer ends with `t<i> done`.
 */
function turnEntries(index: number, at: number): string[] {
  const update = (value: Record<string, unknown>) => JSON.stringify({ t: "update", at, update: value });
  const answer = `${longMarkdown(2048)}t${index} done.\n`;
  return [
    JSON.stringify({ t: "prompt", at, text: `turn ${index}: look at the build and fix what fails`, attachments: [] }),
    update({ sessionUpdate: "agent_thought_chunk", content: { type: "text", text: `Thinking about turn ${index}: the build, then the tests.` } }),
    update({ sessionUpdate: "tool_call", toolCallId: `call-${index}`, title: "npm test", kind: "execute", status: "pending", rawInput: { command: "npm test" } }),
    update({ sessionUpdate: "tool_call_update", toolCallId: `call-${index}`, status: "completed", rawOutput: { output: `> vitest run\n\n ✓ ${index} tests passed\n` } }),
    ...(answer.match(/[\s\S]{1,100}/g) ?? []).map((chunk) => update({ sessionUpdate: "agent_message_chunk", content: { type: "text", text: chunk } })),
    JSON.stringify({ t: "turn-end", at, stopReason: "end_turn" }),
  ];
}

/**
 * A session the local index knows (one real turn through the pane), then 1,000 scripted turns appended to its
 * journal directly (about 3 MB, each turn a prompt, a thought, a tool call and a 2 KB answer).
 */
async function craftLongJournal(context: BenchContext, tmux: BenchTmux, stateHome: string, workspace: string): Promise<string> {
  mkdirSync(workspace, { recursive: true });
  tmux.respawn([process.execPath, context.bin, "--demo", "--cwd", workspace]);
  await tmux.waitFor(ready, 10_000, 20);
  tmux.type("burst 3");
  await sleep(100);
  tmux.key("Enter");
  await tmux.waitFor((screen) => screen.includes("c2") && ready(screen), 10_000, 20);
  await sleep(300);
  const dir = join(stateHome, "zc-pane", "transcripts");
  const [file] = readdirSync(dir).filter((name) => name.endsWith(".jsonl"));
  if (!file) throw new Error(`session bench: no journal in ${dir}`);
  const at = Date.now();
  const lines: string[] = [];
  for (let index = 1; index <= TURNS; index++) lines.push(...turnEntries(index, at));
  appendFileSync(join(dir, file), `${lines.join("\n")}\n`);
  return file.replace(/\.jsonl$/, "");
}

/**
 * `--resume` of the 1,000-turn session: start → its last answer and the ready input on screen (RSS then),
 * and quitting it: the second Ctrl+C → the resume command on screen.
 */
export async function measureSession(context: BenchContext): Promise<Figure[]> {
  const runs = context.quick ? 1 : 3;
  const env = context.env();
  const workspace = join(env.HOME!, "workspace");
  const tmux = new BenchTmux(60, 30, env);
  const resume: number[] = [];
  const quit: number[] = [];
  const rss: number[] = [];
  try {
    const sessionId = await craftLongJournal(context, tmux, env.XDG_STATE_HOME!, workspace);
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      tmux.respawn([process.execPath, context.bin, "--demo", "--cwd", workspace, "--resume", sessionId]);
      const shown = await tmux.waitFor((screen) => screen.includes(`t${TURNS} done`) && ready(screen), 60_000, 5);
      resume.push(shown.at - started);
      await sleep(500);
      rss.push(rssMb(tmux.pid()));
      tmux.key("C-c");
      await tmux.waitFor((screen) => screen.includes("again to quit"), 10_000, 5);
      await sleep(200);
      const pressed = performance.now();
      tmux.key("C-c");
      const printed = await tmux.waitFor((screen) => screen.includes("zc-pane --resume"), 60_000, 2);
      quit.push(printed.at - pressed);
    }
  } finally {
    tmux.kill();
  }
  return [
    figure({ id: "resume_1000_turns_s", unit: "s", budget: 1, better: "lower", samples: resume.map((ms) => ms / 1000), baseline: { name: "—" }, note: "--resume of a 1,000-turn journal (3 MB): start → last answer + input on screen" }),
    figure({ id: "rss_resume_1000_turns_mb", unit: "MB", budget: 150, better: "lower", samples: rss, baseline: { name: "—" }, note: "pane RSS after that resume" }),
    figure({ id: "quit_after_1000_turns_ms", unit: "ms", budget: 200, better: "lower", samples: quit, baseline: { name: "—" }, note: "the second Ctrl+C → the resume command on screen" }),
  ];
}
