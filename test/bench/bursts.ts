import { withoutCi } from "../helpers/user-env.js";
import { spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BenchContext } from "./context.js";
import { figure, type Figure } from "./figures.js";
import { runFloorClient } from "./floor-client.js";
import { percentile } from "./figures.js";
import { BenchTmux, rssMb, sleep } from "./tmux.js";

/** 50,000 chunks of 40 bytes: the 2 MB burst of design.md §6. */
const BURST = "burst 50000 x40";
const LAST_CHUNK = "c49999.";
/** A 100 KB markdown answer (headings, paragraphs, lists, code), in ~100-byte chunks. */
const ANSWER_100KB = "long 100";
/** Keys typed while the burst streams: each is timed until the input line shows it. */
const BURST_KEYS = 20;

/** `zc-pane prompt --demo "burst 50000 x40"`: spawn → stdout closed (the last byte out). */
async function promptRun(context: BenchContext): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, [context.bin, "prompt", "--demo", BURST], { stdio: ["ignore", "pipe", "ignore"], env: { ...withoutCi(), ...context.env() } });
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

const ready = (screen: string) => screen.includes("ask the agent") && screen.includes("ready");

/** A fresh pane with `prompt` typed; resolves when Enter is pressed, with that moment. */
async function sendInFreshPane(context: BenchContext, tmux: BenchTmux, prompt: string): Promise<number> {
  tmux.respawn([process.execPath, context.bin, "--demo"]);
  await tmux.waitFor(ready, 10_000, 20);
  await sleep(300);
  tmux.type(prompt);
  await sleep(100);
  const started = performance.now();
  tmux.key("Enter");
  return started;
}

/**
 * The pane in tmux: Enter → `c49999.` on the screen, and Enter → the turn over and the input back (the 2 MB
 * answer printed into scrollback by then); the pane's RSS once it is.
 */
async function paneRun(context: BenchContext, tmux: BenchTmux): Promise<{ lastChunk: number; settled: number; rss: number }> {
  const started = await sendInFreshPane(context, tmux, BURST);
  const seen = await tmux.waitFor((screen) => screen.includes(LAST_CHUNK), 120_000, 10);
  const settled = await tmux.waitFor((screen) => ready(screen) && !screen.includes(BURST), 120_000, 10);
  await sleep(500);
  return { lastChunk: seen.at - started, settled: settled.at - started, rss: rssMb(tmux.pid()) };
}

/** Keys typed while the 2 MB burst streams: from send-keys to the key's letter in the input line, each. */
async function keystrokeRun(context: BenchContext, tmux: BenchTmux): Promise<number[]> {
  await sendInFreshPane(context, tmux, BURST);
  await tmux.waitFor((screen) => /c\d{3,}\./.test(screen), 60_000, 5);
  const latencies: number[] = [];
  // "QK" first, so the typed text is found in the input line and nowhere else on the screen.
  let typed = "";
  for (let key = 0; key < BURST_KEYS; key++) {
    const letter = key === 0 ? "QK" : String.fromCharCode(97 + (key % 26));
    typed += letter;
    const sent = performance.now();
    tmux.type(letter);
    const seen = await tmux.waitFor((screen) => screen.includes(typed), 30_000, 2);
    latencies.push(seen.at - sent);
    if (seen.screen.includes(LAST_CHUNK)) break;
  }
  return latencies;
}

/** A 100 KB markdown answer in the pane: Enter → the turn over and the input back. */
async function answerRun(context: BenchContext, tmux: BenchTmux): Promise<number> {
  const started = await sendInFreshPane(context, tmux, ANSWER_100KB);
  const settled = await tmux.waitFor((screen) => ready(screen) && !screen.includes(ANSWER_100KB) && !screen.includes("working"), 120_000, 5);
  return settled.at - started;
}

export async function measureBursts(context: BenchContext): Promise<Figure[]> {
  const runs = context.quick ? 1 : 3;
  const floorTotal: number[] = [];
  const floorTurn: number[] = [];
  const prompt: number[] = [];
  const pane: number[] = [];
  const settled: number[] = [];
  const rss: number[] = [];
  const keys: number[] = [];
  const answerFloor: number[] = [];
  const answer: number[] = [];
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
      rss.push(measured.rss);
      keys.push(...(await keystrokeRun(context, tmux)));
      const answerHome = mkdtempSync(join(tmpdir(), "zc-pane-bench-floor-"));
      answerFloor.push((await runFloorClient({ bin: context.bin, stateDir: answerHome, cwd: answerHome, prompt: ANSWER_100KB })).lastCallMs);
      answer.push(await answerRun(context, tmux));
    }
  } finally {
    tmux.kill();
  }
  return [
    figure({ id: "prompt_burst_ratio", unit: "×", budget: 1.5, better: "lower", samples: prompt, baseline: { name: "plain node client, spawn → result, ms", samples: floorTotal }, value: (m, b) => m / b, note: "2 MB burst, zc-pane prompt spawn → last byte out ÷ floor" }),
    figure({ id: "pane_burst_ratio", unit: "×", budget: 2.5, better: "lower", samples: pane, baseline: { name: "plain node client, prompt → result, ms", samples: floorTurn }, value: (m, b) => m / b, note: "2 MB burst, pane Enter → last chunk on screen ÷ floor" }),
    figure({ id: "pane_burst_settled_ratio", unit: "×", budget: null, better: "lower", samples: settled, baseline: { name: "plain node client, prompt → result, ms", samples: floorTurn }, value: (m, b) => m / b, note: "the same until the turn is over and the input is back" }),
    figure({ id: "pane_burst_rss_mb", unit: "MB", budget: 150, better: "lower", samples: rss, baseline: { name: "rss_5k_items_mb budget", samples: [150] }, note: "pane RSS after the 2 MB answer, turn over" }),
    figure({ id: "keystroke_during_burst_p95_ms", unit: "ms", budget: 100, better: "lower", samples: [percentile(keys, 95)], baseline: { name: `p50 of ${keys.length} keys, ms`, samples: [percentile(keys, 50)] }, note: "a key typed while the 2 MB answer streams → in the input line" }),
    figure({ id: "answer_100kb_settled_ratio", unit: "×", budget: 1.5, better: "lower", samples: answer, baseline: { name: "plain node client, prompt → result, ms", samples: answerFloor }, value: (m, b) => m / b, note: "`long 100`: Enter → the input back ÷ floor prompt → result" }),
  ];
}
