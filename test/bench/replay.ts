import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { BenchContext } from "./context.js";
import { figure, type Figure } from "./figures.js";
import { runFloorClient } from "./floor-client.js";
import { BenchTmux, rssMb, sleep } from "./tmux.js";

const MESSAGES = 5000;

/**
 * Opens a real session through the pane (so the local index knows it, as `--load` requires), then rewrites
 * the demo agent's session file (src/demo/store.ts format) to hold 5,000 chat messages, alternating user and
 * assistant, a sentence of markdown each; message i starts with `m<i>` so the harness can see the end.
 */
async function craftSession(context: BenchContext, tmux: BenchTmux, stateHome: string, workspace: string): Promise<string> {
  mkdirSync(workspace, { recursive: true });
  tmux.respawn([process.execPath, context.bin, "--demo", "--cwd", workspace]);
  await tmux.waitFor((screen) => screen.includes("ask the agent") && screen.includes("ready"), 10_000, 20);
  tmux.type("burst 3");
  // Typed text arriving in the same read as Enter would be taken as a paste: let the input see it first.
  await sleep(100);
  tmux.key("Enter");
  await tmux.waitFor((screen) => screen.includes("c2"), 10_000, 20);
  await sleep(500);
  const dir = join(stateHome, "zc-pane", "demo-agent", "sessions");
  const [file] = readdirSync(dir).filter((name) => name.endsWith(".json"));
  if (!file) throw new Error(`replay: no demo session file in ${dir}`);
  const session = JSON.parse(readFileSync(join(dir, file), "utf8")) as Record<string, unknown>;
  session.messages = Array.from({ length: MESSAGES }, (_, index) =>
    index % 2 === 0
      ? { kind: "chat", role: "user", content: `m${index} please look at step ${index / 2} of the build` }
      : { kind: "chat", role: "assistant", content: `m${index} Step ${(index - 1) / 2} is done: the **build** passed and \`npm test\` is green.` },
  );
  writeFileSync(join(dir, file), JSON.stringify(session));
  return String(session.sessionId);
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
  const last = `m${MESSAGES - 1}`;
  const floor: number[] = [];
  const load: number[] = [];
  const resume: number[] = [];
  const loadRss: number[] = [];
  const tmux = new BenchTmux(60, 30, env);
  const sessionId = await craftSession(context, tmux, env.XDG_STATE_HOME!, workspace).catch((error: unknown) => {
    tmux.kill();
    throw error;
  });
  const interactive = (screen: string) => screen.includes(last) && screen.includes("ask the agent") && screen.includes("ready");
  try {
    for (let run = 0; run < runs; run++) {
      const replayed = await runFloorClient({ bin: context.bin, stateDir: join(env.XDG_STATE_HOME!, "zc-pane", "demo-agent"), cwd: workspace, loadSessionId: sessionId });
      if (replayed.notifications < MESSAGES) throw new Error(`floor load: ${replayed.notifications} notifications`);
      floor.push(replayed.totalMs);
      let started = performance.now();
      tmux.respawn([process.execPath, context.bin, "--demo", "--cwd", workspace, "--load", sessionId]);
      load.push((await tmux.waitFor(interactive, 60_000, 10)).at - started);
      await sleep(500);
      loadRss.push(rssMb(tmux.pid()));
      started = performance.now();
      tmux.respawn([process.execPath, context.bin, "--demo", "--cwd", workspace, "--resume", sessionId]);
      try {
        // The journal holds what this machine saw (the first turn), not the agent's replayed history.
        resume.push((await tmux.waitFor((screen) => screen.includes("resumed") && screen.includes("ask the agent") && screen.includes("ready"), 30_000, 10)).at - started);
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
  figures.push(figure({ id: "rss_load_5k_mb", unit: "MB", budget: null, better: "lower", samples: loadRss, baseline: { name: "rss_5k_items_mb budget", samples: [150] }, note: "pane RSS after --load of 5,000 messages " }));
  if (resume.length) figures.push(figure({ id: "resume_5k_s", unit: "s", budget: null, better: "lower", samples: resume.map((ms) => ms / 1000), baseline: { name: "load, s", samples: load.map((ms) => ms / 1000) }, note: "--resume of the same session from the local journal (start → ready)" }));
  return figures;
}
