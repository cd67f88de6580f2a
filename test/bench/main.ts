import { withoutCi } from "../helpers/user-env.js";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { measureBursts } from "./bursts.js";
import { createContext, type BenchContext } from "./context.js";
import { figure, table, type Figure } from "./figures.js";
import { historyCase } from "./history.js";
import { coreCase, longSessionCase } from "./in-process.js";
import { measureReplay } from "./replay.js";
import { measureSession } from "./session.js";
import { soakCase } from "./soak.js";
import { measureStartup } from "./startup.js";
import { measureStreaming } from "./streaming.js";

// Bundled by scripts/bench.mjs into <root>/.tmp/bench/main.js.
const self = fileURLToPath(import.meta.url);
const root = join(dirname(self), "..", "..");

/** Runs one in-process case in a fresh node process (its own heap and RSS) and returns its JSON answer. */
function runCase<T>(context: BenchContext, name: string, arg: number): T {
  const result = spawnSync(process.execPath, ["--expose-gc", context.self, "--case", name, String(arg)], { encoding: "utf8", env: withoutCi(), maxBuffer: 64 * 1024 * 1024 });
  const line = result.stdout.trim().split("\n").pop() ?? "";
  if (result.status !== 0 || !line.startsWith("{")) throw new Error(`case ${name} ${arg} failed (${result.status}): ${result.stderr.slice(-2000)}`);
  return JSON.parse(line) as T;
}

async function caseMain(name: string, arg: number): Promise<void> {
  const answer =
    name === "long" ? await longSessionCase(arg) : name === "core" ? coreCase(arg) : name === "history" ? await historyCase(arg) : name === "soak" ? await soakCase(arg) : undefined;
  if (!answer) throw new Error(`unknown case ${name}`);
  process.stdout.write(`\n${JSON.stringify(answer)}\n`);
  process.exit(0);
}

function measureCore(context: BenchContext): Figure[] {
  const runs = context.quick ? 1 : 3;
  const samples = Array.from({ length: runs }, () => runCase<{ coreMs: number; parseMs: number; count: number }>(context, "core", 100_000));
  return [
    figure({ id: "core_notifications_per_s", unit: "/s", budget: 100_000, better: "higher", samples: samples.map((s) => (s.count / s.coreMs) * 1000), baseline: { name: "JSON.parse alone, lines/s", samples: samples.map((s) => (s.count / s.parseMs) * 1000) }, note: "classify + parse + validate + reduce, no UI" }),
  ];
}

function measureLongSessions(context: BenchContext): Figure[] {
  const runs = context.quick ? 1 : 3;
  type Long = { items: number; cpuPerChunkMs: number; rssMb: number; frames: number };
  const at = (items: number) => Array.from({ length: runs }, () => runCase<Long>(context, "long", items));
  const empty = at(0);
  const thousand = at(1000);
  const fiveThousand = at(5000);
  const fiftyThousand = at(50_000);
  return [
    figure({ id: "long_session_cost_ratio", unit: "×", budget: 1.2, better: "lower", samples: fiveThousand.map((s) => s.cpuPerChunkMs), baseline: { name: "per-chunk CPU ms, empty session", samples: empty.map((s) => s.cpuPerChunkMs) }, value: (m, b) => m / b, note: "per-chunk CPU (frames included) with 5,000 items ÷ with 0" }),
    figure({ id: "long_session_cost_ratio_1k", unit: "×", budget: null, better: "lower", samples: thousand.map((s) => s.cpuPerChunkMs), baseline: { name: "per-chunk CPU ms, empty session", samples: empty.map((s) => s.cpuPerChunkMs) }, value: (m, b) => m / b, note: "the same with 1,000 items" }),
    figure({ id: "long_session_cost_ratio_50k", unit: "×", budget: 1.1, better: "lower", samples: fiftyThousand.map((s) => s.cpuPerChunkMs), baseline: { name: "per-chunk CPU ms, empty session", samples: empty.map((s) => s.cpuPerChunkMs) }, value: (m, b) => m / b, note: "the same with 50,000 items" }),
    figure({ id: "rss_5k_items_mb", unit: "MB", budget: 150, better: "lower", samples: fiveThousand.map((s) => s.rssMb), baseline: { name: "RSS MB, empty session", samples: empty.map((s) => s.rssMb) }, note: "resident memory after 5,000 items and a 20 KB answer" }),
  ];
}

function measureHistory(context: BenchContext): Figure[] {
  const runs = context.quick ? 1 : 3;
  const samples = Array.from({ length: runs }, () => runCase<{ openMs: number; searchMs: number; matches: number }>(context, "history", 5000));
  return [
    figure({ id: "history_open_5k_ms", unit: "ms", budget: 200, better: "lower", samples: samples.map((s) => s.openMs), baseline: { name: "none" }, note: "Ctrl+T on 5,000 messages: entries built, first screen rendered (virtualised)" }),
    figure({ id: "history_search_5k_ms", unit: "ms", budget: 100, better: "lower", samples: samples.map((s) => s.searchMs), baseline: { name: "none" }, note: `search of 5,000 messages (${samples[0]?.matches ?? 0} matches, case-folded text built) + jump + screen` }),
  ];
}

function measureSoak(context: BenchContext): Figure[] {
  const runs = context.quick ? 1 : 2;
  const samples = Array.from({ length: runs }, () => runCase<{ rss100: number; rssEnd: number; heap100: number; heapEnd: number; turns: number }>(context, "soak", 1000));
  return [
    figure({ id: "soak_rss_growth_mb_per_100_turns", unit: "MB", budget: 2.2, better: "lower", samples: samples.map((s) => ((s.rssEnd - s.rss100) / (s.turns - 100)) * 100), baseline: { name: "RSS MB at turn 100", samples: samples.map((s) => s.rss100) }, note: "RSS growth per 100 working turns, turn 100 → 1,000 (budget: 20 MB over those 900)" }),
    figure({ id: "soak_heap_growth_mb_per_100_turns", unit: "MB", budget: null, better: "lower", samples: samples.map((s) => ((s.heapEnd - s.heap100) / (s.turns - 100)) * 100), baseline: { name: "JS heap used MB at turn 100", samples: samples.map((s) => s.heap100) }, note: "the JS heap in use (the records) over the same turns" }),
    figure({ id: "soak_rss_1000_turns_mb", unit: "MB", budget: 150, better: "lower", samples: samples.map((s) => s.rssEnd), baseline: { name: "RSS MB at turn 100", samples: samples.map((s) => s.rss100) }, note: "RSS after 1,000 working turns" }),
  ];
}

function gitCommit(): string {
  try {
    const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], { cwd: root, encoding: "utf8" }).trim();
    return dirty ? `${commit}+dirty` : commit;
  } catch {
    return "unknown";
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === "--case") return caseMain(args[1] ?? "", Number(args[2]));
  const quick = args.includes("--quick");
  const only = args.find((arg) => arg.startsWith("--only="))?.slice("--only=".length).split(",");
  const context = createContext(root, self, quick);
  const parts: [string, () => Promise<Figure[]> | Figure[]][] = [
    ["startup", () => measureStartup(context)],
    ["streaming", () => measureStreaming(context)],
    ["bursts", () => measureBursts(context)],
    ["core", () => measureCore(context)],
    ["long", () => measureLongSessions(context)],
    ["replay", () => measureReplay(context)],
    ["history", () => measureHistory(context)],
    ["soak", () => measureSoak(context)],
    ["session", () => measureSession(context)],
  ];
  const figures: Figure[] = [];
  const started = performance.now();
  for (const [name, measure] of parts) {
    if (only && !only.includes(name)) continue;
    const partStarted = performance.now();
    process.stderr.write(`bench: ${name}…`);
    try {
      figures.push(...(await measure()));
      process.stderr.write(` ${((performance.now() - partStarted) / 1000).toFixed(1)} s\n`);
    } catch (error) {
      process.stderr.write(` FAILED\n${error instanceof Error ? error.stack : String(error)}\n`);
      process.exitCode = 1;
    }
  }
  const cpu = cpus();
  const results = { machine: `${cpu[0]?.model ?? "unknown cpu"} ×${cpu.length}, ${process.platform}`, node: process.version, commit: gitCommit(), quick, seconds: Math.round((performance.now() - started) / 1000), figures };
  mkdirSync(join(root, "bench"), { recursive: true });
  writeFileSync(join(root, "bench", "results.json"), `${JSON.stringify(results, null, 2)}\n`);
  process.stdout.write(`\n${results.machine}, node ${results.node}, ${results.commit}${quick ? ", quick" : ""}, ${results.seconds} s\n\n${table(figures)}\n\nwritten to bench/results.json\n`);
  const misses = figures.filter((f) => f.pass === false).map((f) => f.id);
  if (misses.length) process.stdout.write(`misses: ${misses.join(", ")}\n`);
}

await main();
