import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { BenchContext } from "./context.js";
import { figure, percentile, type Figure } from "./figures.js";
import { BenchTmux, cpuSeconds, sleep } from "./tmux.js";

const STAMP = /s(\d+)@(\d{13})/g;
/** ink brackets every frame with synchronized-output marks. */
const FRAME_MARK = "\u001b[?2026h";

function count(haystack: string, needle: string): number {
  return haystack.split(needle).length - 1;
}

interface StreamRun {
  readonly bytesPerTextByte: number;
  readonly wipes: number;
  readonly frames: number;
  readonly latencies: number[];
  readonly cpuShare: number;
}

/**
 * Streams `stamp N MS` from the demo agent into the real pane in tmux at 60×30: pipe-pane records every
 * byte the pane writes, and the screen is polled so each stamp's first appearance gives its chunk-to-screen
 * latency (an upper bound: the poll period and capture time are included). The pane's CPU comes from /proc.
 */
async function streamRun(context: BenchContext, tmux: BenchTmux, chunks: number, intervalMs: number, pollMs: number): Promise<StreamRun> {
  const file = join(context.env().HOME!, "pipe.out");
  tmux.respawn([process.execPath, context.bin, "--demo"]);
  await tmux.waitFor((screen) => screen.includes("ask the agent") && screen.includes("ready"), 10_000, 20);
  await sleep(300);
  const pid = tmux.pid();
  tmux.pipe(file);
  await sleep(50);
  tmux.type(`stamp ${chunks} ${intervalMs}`);
  // Typed text arriving in the same read as Enter would be taken as a paste: let the input see it first.
  await sleep(100);
  const cpuBefore = cpuSeconds(pid);
  const started = performance.now();
  tmux.key("Enter");
  const latencies = await pollStamps(tmux, chunks, pollMs, chunks * intervalMs + 30_000);
  const wall = (performance.now() - started) / 1000;
  const cpu = cpuSeconds(pid) - cpuBefore;
  await sleep(500);
  tmux.pipe();
  await sleep(50);
  const out = readFileSync(file, "latin1");
  rmSync(file, { force: true });
  return {
    bytesPerTextByte: out.length / (chunks * 100),
    wipes: count(out, "\u001b[2J") + count(out, "\u001b[3J"),
    frames: count(out, FRAME_MARK),
    latencies,
    cpuShare: (cpu / wall) * 100,
  };
}

/** Polls the screen until stamp N-1 shows; each stamp's latency is its first sighting minus its stamp. */
async function pollStamps(tmux: BenchTmux, chunks: number, pollMs: number, timeoutMs: number): Promise<number[]> {
  const started = performance.now();
  const seen = new Set<number>();
  const latencies: number[] = [];
  const last = `s${chunks - 1}@`;
  for (;;) {
    const screen = tmux.screen();
    const now = Date.now();
    for (const match of screen.matchAll(STAMP)) {
      const index = Number(match[1]);
      if (seen.has(index)) continue;
      seen.add(index);
      latencies.push(now - Number(match[2]));
    }
    if (screen.includes(last)) return latencies;
    if (performance.now() - started > timeoutMs) throw new Error(`stream: the last stamp never showed; screen:\n${screen}`);
    await sleep(pollMs);
  }
}

/**
 * The latency floor of the measurement itself: a bare node process printing the same stamps at the same
 * pace straight to the terminal, seen through the same tmux and the same polling.
 */
async function floorLatency(tmux: BenchTmux, chunks: number, intervalMs: number, pollMs: number): Promise<number[]> {
  const script = `let i=0;const t=setInterval(()=>{process.stdout.write("s"+i+"@"+Date.now()+" words words\\n");if(++i>=${chunks}){clearInterval(t);setInterval(()=>{},1e9)}},${intervalMs})`;
  tmux.respawn([process.execPath, "-e", script]);
  return pollStamps(tmux, chunks, pollMs, chunks * intervalMs + 30_000);
}

/** Idle: the pane after a short turn, nothing happening; frames and CPU over `seconds`. */
async function idleRun(context: BenchContext, tmux: BenchTmux, seconds: number): Promise<{ rendersPerS: number; cpuShare: number }> {
  const file = join(context.env().HOME!, "idle.out");
  const pid = tmux.pid();
  await sleep(1000);
  tmux.pipe(file);
  const cpuBefore = cpuSeconds(pid);
  await sleep(seconds * 1000);
  const cpu = cpuSeconds(pid) - cpuBefore;
  tmux.pipe();
  await sleep(50);
  const out = readFileSync(file, "latin1");
  rmSync(file, { force: true });
  // Any write at all counts as a render here: an idle pane must not touch the terminal.
  const renders = Math.max(count(out, FRAME_MARK), out.length > 0 ? 1 : 0);
  return { rendersPerS: renders / seconds, cpuShare: (cpu / seconds) * 100 };
}

export async function measureStreaming(context: BenchContext): Promise<Figure[]> {
  const runs = context.quick ? 1 : 3;
  const tmux = new BenchTmux(60, 30, context.env());
  const slow: StreamRun[] = [];
  const steady: StreamRun[] = [];
  const idle: { rendersPerS: number; cpuShare: number }[] = [];
  const floor: number[][] = [];
  try {
    for (let run = 0; run < runs; run++) floor.push(await floorLatency(tmux, 200, 20, 5));
    // A 20 KB answer at 5 KB/s (200 chunks of 100 bytes, one every 20 ms): the slow case of the render budget.
    for (let run = 0; run < runs; run++) slow.push(await streamRun(context, tmux, 200, 20, 5));
    idle.push(await idleRun(context, tmux, context.quick ? 3 : 10));
    // 100 chunks/s for 10 s (3 s quick), polled gently so the poller does not steal the pane's core.
    steady.push(await streamRun(context, tmux, context.quick ? 300 : 1000, 10, 100));
  } finally {
    tmux.kill();
  }
  const p95 = slow.map((run) => percentile(run.latencies, 95));
  const p50 = slow.map((run) => percentile(run.latencies, 50));
  const floorP95 = floor.map((run) => percentile(run, 95));
  return [
    figure({ id: "bytes_per_text_byte", unit: "B/B", budget: 3, better: "lower", samples: slow.map((run) => run.bytesPerTextByte), baseline: { name: "text bytes streamed (20000)" }, note: "terminal bytes ÷ text bytes, 20 KB at 5 KB/s, 60×30" }),
    figure({ id: "wipes", unit: "", budget: 0, better: "lower", samples: slow.map((run) => run.wipes), baseline: { name: "CSI 2J/3J while streaming" }, note: "screen clears while streaming" }),
    figure({ id: "frames_20kb", unit: "frames", budget: null, better: "lower", samples: slow.map((run) => run.frames), baseline: { name: "maxFps 30 × ~4 s bound", samples: [120] }, note: "frames written for the 20 KB answer" }),
    figure({ id: "chunk_latency_p95_ms", unit: "ms", budget: 50, better: "lower", samples: p95, baseline: { name: "node printing stamps, same tmux + polling, p95 ms", samples: floorP95 }, note: "agent Date.now() stamp → seen in tmux capture" }),
    figure({ id: "chunk_latency_p50_ms", unit: "ms", budget: null, better: "lower", samples: p50, baseline: { name: "node printing stamps, p50 ms", samples: floor.map((run) => percentile(run, 50)) }, note: "median of the same" }),
    figure({ id: "idle_renders_per_s", unit: "/s", budget: 0, better: "lower", samples: idle.map((run) => run.rendersPerS), baseline: { name: "idle CPU %", samples: idle.map((run) => run.cpuShare) }, note: "frames per second with nothing happening" }),
    figure({ id: "idle_cpu_percent", unit: "%", budget: null, better: "lower", samples: idle.map((run) => run.cpuShare), baseline: { name: "one core = 100" }, note: "pane CPU while idle" }),
    figure({ id: "cpu_share_100cps", unit: "%", budget: null, better: "lower", samples: steady.map((run) => run.cpuShare), baseline: { name: "5 KB/s stream CPU %", samples: slow.map((run) => run.cpuShare) }, note: "pane CPU while 100 chunks/s stream" }),
  ];
}

