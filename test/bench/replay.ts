import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { BenchContext } from "./context.js";
import { figure, type Figure } from "./figures.js";
import { runFloorClient } from "./floor-client.js";
import { BenchTmux, sleep } from "./tmux.js";

const SESSION_ID = "bench-replay-5000";
const MESSAGES = 5000;

/**
 * A demo-agent session file (src/demo/store.ts format) holding 5,000 chat messages, alternating user and
 * assistant, each a sentence or two of markdown; message i starts with `m<i>` so the harness can see the end.
 */
function writeSession(stateHome: string, workspace: string): void {
  const dir = join(stateHome, "zc-pane", "demo-agent", "sessions");
  mkdirSync(dir, { recursive: true });
  mkdirSync(workspace, { recursive: true });
  const now = new Date().toISOString();
  const messages = Array.from({ length: MESSAGES }, (_, index) =>
    index % 2 === 0
      ? { kind: "chat", role: "user", content: `m${index} please look at step ${index / 2} of the build` }
      : { kind: "chat", role: "assistant", content: `m${index} Step ${(index - 1) / 2} is done: the **build** passed and \`npm test\` is green.` },
  );
  const session = { version: 1, sessionId: SESSION_ID, agentAlias: "default", workspaceDir: workspace, createdAt: now, lastActivity: now, plan: null, messages };
  writeFileSync(join(dir, `${SESSION_ID}.json`), JSON.stringify(session));
}

/**
 * `zc-pane --demo --load ID` of a 5,000-message session: process start → the last replayed message and the
 * ready input on the tmux screen; then `--resume ID` of the same from the local journal the load wrote.
 * Baseline: the plain client's spawn → session/load reply over the same file.
 */
export async function measureReplay(context: BenchContext): Promise<Figure[]> {
  const runs = context.quick ? 1 : 3;
  const env = context.env();
  const workspace = join(env.HOME!, "workspace");
  writeSession(env.XDG_STATE_HOME!, workspace);
  const last = `m${MESSAGES - 1}`;
  const floor: number[] = [];
  const load: number[] = [];
  const resume: number[] = [];
  const tmux = new BenchTmux(60, 30, env);
  const interactive = (screen: string) => screen.includes(last) && screen.includes("ask the agent") && screen.includes("ready");
  try {
    for (let run = 0; run < runs; run++) {
      const replayed = await runFloorClient({ bin: context.bin, stateDir: join(env.XDG_STATE_HOME!, "zc-pane", "demo-agent"), cwd: workspace, loadSessionId: SESSION_ID });
      if (replayed.notifications < MESSAGES) throw new Error(`floor load: ${replayed.notifications} notifications`);
      floor.push(replayed.totalMs);
      let started = performance.now();
      tmux.respawn([process.execPath, context.bin, "--demo", "--cwd", workspace, "--load", SESSION_ID]);
      load.push((await tmux.waitFor(interactive, 60_000, 10)).at - started);
      await sleep(500);
      started = performance.now();
      tmux.respawn([process.execPath, context.bin, "--demo", "--cwd", workspace, "--resume", SESSION_ID]);
      try {
        resume.push((await tmux.waitFor(interactive, 30_000, 10)).at - started);
      } catch (error) {
        process.stderr.write(`resume of the replayed session did not show it: ${String(error).slice(0, 400)}\n`);
      }
      await sleep(300);
    }
  } finally {
    tmux.kill();
  }
  const figures = [
    figure({ id: "load_replay_5k_s", unit: "s", budget: 1.5, better: "lower", samples: load.map((ms) => ms / 1000), baseline: { name: "plain node client session/load, s", samples: floor.map((ms) => ms / 1000) }, note: "--load of 5,000 messages: start → last message + input on screen" }),
  ];
  if (resume.length) figures.push(figure({ id: "resume_5k_s", unit: "s", budget: null, better: "lower", samples: resume.map((ms) => ms / 1000), baseline: { name: "load, s", samples: load.map((ms) => ms / 1000) }, note: "--resume of the same from the local journal" }));
  return figures;
}
