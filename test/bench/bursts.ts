import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BenchContext } from "./context.js";
import { figure, type Figure } from "./figures.js";
import { runFloorClient } from "./floor-client.js";
import { BenchTmux, sleep } from "./tmux.js";

/** 50,000 chunks of 40 bytes: the 2 MB burst of design.md §6. */
const BURST = "burst 50000 x40";
const LAST_CHUNK = "c49999.";

/** `zc-pane prompt --demo "burst 50000 x40"`: spawn → stdout closed (the last byte out). */
async function promptRun(context: BenchContext): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [context.bin, "prompt", "--demo", BURST], { stdio: ["ignore", "pipe", "ignore"], env: { ...process.env, ...context.env(), CI: "false" } });
  let bytes = 0;
  let tail = "";
  child.stdout.on("data", (data: Buffer) => {
    bytes += data.length;
    tail = (tail + data.toString("latin1")).slice(-200);
  });
  await new Promise((resolve) => child.stdout.once("close", resolve));
  const elapsed = performance.now() - started;
  const code = await new Promise((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once("exit", resolve)));
  if (code !== 0 || bytes < 2_000_000 || !tail.includes(LAST_CHUNK)) throw new Error(`prompt burst: exit ${code}, ${bytes} bytes, tail ${JSON.stringify(tail)}`);
  return elapsed;
}

/**
 * The pane in tmux: Enter → `c49999.` on the screen, and Enter → the turn over and the input back (the 2 MB
 * answer printed into scrollback by then).
 */
async function paneRun(context: BenchContext, tmux: BenchTmux): Promise<{ lastChunk: number; settled: number }> {
  tmux.respawn([process.execPath, context.bin, "--demo"]);
  await tmux.waitFor((screen) => screen.includes("ask the agent") && screen.includes("ready"), 10_000, 20);
  await sleep(300);
  tmux.type(BURST);
  await sleep(100);
  const started = performance.now();
  tmux.key("Enter");
  const seen = await tmux.waitFor((screen) => screen.includes(LAST_CHUNK), 120_000, 10);
  const settled = await tmux.waitFor((screen) => screen.includes("ask the agent") && screen.includes("ready") && !screen.includes(BURST), 120_000, 10);
  return { lastChunk: seen.at - started, settled: settled.at - started };
}

export async function measureBursts(context: BenchContext): Promise<Figure[]> {
  const runs = context.quick ? 1 : 3;
  const floorTotal: number[] = [];
  const floorTurn: number[] = [];
  const prompt: number[] = [];
  const pane: number[] = [];
  const settled: number[] = [];
  const tmux = new BenchTmux(60, 30, context.env());
  try {
    for (let run = 0; run < runs; run++) {
      const home = mkdtempSync(join(tmpdir(), "zc-pane-bench-floor-"));
      const floor = await runFloorClient({ bin: context.bin, stateDir: home, cwd: home, prompt: BURST });
      if (floor.notifications < 50_000) throw new Error(`floor client: ${floor.notifications} notifications`);
      floorTotal.push(floor.totalMs);
      floorTurn.push(floor.lastCallMs);
      prompt.push(await promptRun(context));
      const measured = await paneRun(context, tmux);
      pane.push(measured.lastChunk);
      settled.push(measured.settled);
    }
  } finally {
    tmux.kill();
  }
  return [
    figure({ id: "prompt_burst_ratio", unit: "×", budget: 1.5, better: "lower", samples: prompt, baseline: { name: "plain node client, spawn → result, ms", samples: floorTotal }, value: (m, b) => m / b, note: "2 MB burst, zc-pane prompt spawn → last byte out ÷ floor" }),
    figure({ id: "pane_burst_ratio", unit: "×", budget: 2.5, better: "lower", samples: pane, baseline: { name: "plain node client, prompt → result, ms", samples: floorTurn }, value: (m, b) => m / b, note: "2 MB burst, pane Enter → last chunk on screen ÷ floor" }),
    figure({ id: "pane_burst_settled_ratio", unit: "×", budget: null, better: "lower", samples: settled, baseline: { name: "plain node client, prompt → result, ms", samples: floorTurn }, value: (m, b) => m / b, note: "the same until the turn is over and the input is back" }),
  ];
}
