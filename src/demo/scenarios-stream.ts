import { burstChunk } from "./scenarios-bench.js";
import type { PlanEntry } from "./store.js";
import type { Turn } from "./turn.js";

/** Upper bounds that keep a typo from streaming gigabytes. */
export const MAX_BURST_CHUNKS = 100_000;
export const MAX_LONG_KB = 10_240;

/** Lets queued stdin events (a cancel) and the writer run during a tight streaming loop. */
function yieldToLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Sends chunks as fast as the peer reads them: backpressure-aware, cancel checked between batches. */
async function streamFast(turn: Turn, count: number, chunkAt: (index: number) => string): Promise<void> {
  for (let index = 0; index < count; index++) {
    turn.chunk(chunkAt(index));
    if (turn.writer.needsDrain) await turn.writer.ready();
    if ((index & 1023) === 1023) {
      await yieldToLoop();
      turn.checkpoint();
    }
  }
}

/**
 * `burst N [xW]`: N chunks, chunk i being `c<i> ` (0-based), so a benchmark can tell them apart; with a
 * width W each is padded with dots to W bytes (`burst 50000 x40` is the 2 MB burst of design.md §6).
 */
export async function burstScenario(turn: Turn, count: number, width = 0): Promise<void> {
  await streamFast(turn, Math.min(Math.max(count, 1), MAX_BURST_CHUNKS), (index) => burstChunk(index, width));
}

/** `long N`: a markdown answer of about N KB, streamed in ~100-byte chunks without pauses. */
export async function longScenario(turn: Turn, kilobytes: number): Promise<void> {
  const text = longMarkdown(Math.min(Math.max(kilobytes, 1), MAX_LONG_KB) * 1024);
  const chunks = text.match(/[\s\S]{1,100}/g) ?? [];
  await streamFast(turn, chunks.length, (index) => chunks[index]!);
}

export function longMarkdown(bytes: number): string {
  const parts: string[] = [];
  let size = 0;
  for (let section = 1; size < bytes; section++) {
    const block =
      `## Section ${section}\n\n` +
      `Paragraph ${section} of a long answer. It exists to exercise wrapping, scrollback and the cost of ` +
      `rendering markdown that keeps growing while it streams, with **bold**, *emphasis* and \`code\`.\n\n` +
      `- item ${section}.1: a list entry\n- item ${section}.2: another one\n\n` +
      "```ts\n" +
      `export function section${section}(): number {\n  return ${section};\n}\n` +
      "```\n\n";
    parts.push(block);
    size += Buffer.byteLength(block);
  }
  return parts.join("");
}

/** `slow`: about 30 s of chunks, one every 100 ms, so tests can cancel mid-stream. */
export async function slowScenario(turn: Turn): Promise<void> {
  for (let step = 1; step <= 300; step++) {
    await turn.sleep(100);
    turn.chunk(`tick ${step}/300 `);
  }
}

/**
 * `think`: a reasoning stream (agent_thought_chunk), then a short answer. Models' reasoning is markdown with a
 * bold headline and paragraphs (ZeroClaw passes it through as it comes), so the demo's is too.
 */
export async function thinkScenario(turn: Turn): Promise<void> {
  await turn.think(
    "**Thinking out loud**\n\nThe user asked me to think *out loud*: these are `agent_thought_chunk` updates.\n\n" +
      "A client may show them dimmed or fold them away. They are never stored, so session/load never replays them.",
  );
  await turn.say("Done thinking. The reasoning above arrived as `agent_thought_chunk` updates.\n");
}

function planEntries(done: number): PlanEntry[] {
  const steps: [string, string][] = [
    ["Read the failing test", "Reading the failing test"],
    ["Find the root cause", "Finding the root cause"],
    ["Write the fix", "Writing the fix"],
    ["Run the test suite", "Running the test suite"],
  ];
  return steps.map(([content, activeForm], index) => ({
    content,
    status: index < done ? "completed" : index === done ? "in_progress" : "pending",
    priority: index === 0 ? "high" : index === 3 ? "low" : "medium",
    ...(index === done ? { activeForm } : {}),
  }));
}

/** `plan`: a four-step plan, re-sent as a whole list as each step completes. */
export async function planScenario(turn: Turn): Promise<void> {
  for (let done = 0; done <= 4; done++) {
    turn.setPlan(planEntries(done));
    await turn.say(done < 4 ? `Working on step ${done + 1}.\n` : "All four steps are done.\n");
  }
}

/**
 * `ansi`: text carrying hostile terminal sequences, streamed in 7-character pieces so several sequences
 * are split across chunks. A safe client shows the words and obeys none of the sequences.
 */
export async function ansiScenario(turn: Turn): Promise<void> {
  const text =
    "Escape-sequence test: a safe client shows this text and obeys none of it.\n\n" +
    "1. OSC 52 clipboard write: \u001b]52;c;ZWNobyBwd25lZA==\u0007 (your clipboard must be unchanged)\n" +
    "2. OSC 0 window title: \u001b]0;pwned by the demo agent\u0007 (the title must be unchanged)\n" +
    "3. CSI 2J clear screen: \u001b[2J (the screen must not clear)\n" +
    "4. C1 CSI (U+009B): \u009b31mred?\u009b0m and CSI 3J: \u001b[3J\n" +
    "5. OSC 8 hyperlink: \u001b]8;;https://example.invalid/\u001b\\link\u001b]8;;\u001b\\\n" +
    "6. DCS query: \u001bP+q544e\u001b\\ and a bell: \u0007\n";
  for (let start = 0; start < text.length; start += 7) {
    await turn.sleep(10);
    turn.chunk(text.slice(start, start + 7));
  }
}
