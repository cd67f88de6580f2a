import type { AgentContext } from "./context.js";
import { crashScenario, failScenario, garbageScenario, stderrScenario } from "./scenarios-faults.js";
import {
  ansiScenario,
  burstScenario,
  longScenario,
  planScenario,
  slowScenario,
  thinkScenario,
} from "./scenarios-stream.js";
import { stampScenario } from "./scenarios-bench.js";
import { tourScenario } from "./scenarios-tour.js";
import { askScenario, deliverFailScenario, deliverScenario, editScenario, shellScenario } from "./scenarios-tools.js";
import type { Turn } from "./turn.js";

/**
 * The scripted turns, chosen by a keyword in the prompt text (case-insensitive, as a whole word: `-` and
 * word characters around it prevent a match, so `deliver-fail` is not `fail`). The first row that
 * matches wins; no match plays the tour. Keep src/demo/README.md in step with this table.
 *
 * | keyword        | what the turn does                                                                   |
 * |----------------|--------------------------------------------------------------------------------------|
 * | `crash`        | a chunk, a panic line on stderr, then the process exits with code 3 (no result)      |
 * | `garbage`      | a non-JSON line on stdout, then a normal answer                                      |
 * | `stderr`       | three log lines on stderr, then a normal answer                                      |
 * | `deliver-fail` | `deliver_file` whose update has `status: "failed"` and text-only content            |
 * | `fail`         | a few chunks, then error -32603 `Agent turn failed: demo provider error: …`          |
 * | `burst N xW`   | N chunks (default 1000, max 100000) `c0 `, `c1 `, … as fast as the reader takes them; |
 * |                | `xW` (optional) pads each with dots to W bytes                                       |
 * | `stamp N MS`   | N ~100-byte chunks, one every MS ms (default 200, 20), each led by `s<i>@<Date.now()>` |
 * | `long N`       | an N-KB markdown answer (default 20, max 10240) in 100-byte chunks, no pauses        |
 * | `slow`         | `tick i/300 ` every 100 ms for about 30 s (for cancel tests)                         |
 * | `ansi`         | text with OSC 52, OSC 0, CSI 2J/3J, C1 CSI (U+009B), OSC 8, DCS, BEL, split up      |
 * | `deliver`      | `deliver_file` of a generated markdown file (resource blob, content-hash uri)        |
 * | `ask`          | `ask_user` with 3 choices (elicitation/create when advertised, else choice-N)       |
 * | `edit`         | `file_edit` needing approval, 4 options incl. `reject-with-edit`                     |
 * | `shell`        | `shell` `git status --short` needing approval (output simulated)                     |
 * | `plan`         | a 4-step plan re-sent as each step completes                                         |
 * | `think`        | an agent_thought_chunk stream, then a short answer                                   |
 * | (none)         | the tour: thought, markdown, plan, shell + edit approvals, deliver_file, final answer |
 */
interface Script {
  readonly keyword: string;
  /** Optional number after the keyword (`burst 500`). */
  readonly takesCount?: number;
  /** Optional second number (`burst 500 x40`, `stamp 200 20`); a leading `x` is allowed. */
  readonly takesSecond?: number;
  readonly run: (turn: Turn, context: AgentContext, count: number, second: number) => Promise<void>;
}

const SCRIPTS: readonly Script[] = [
  { keyword: "crash", run: (turn, context) => crashScenario(turn, context) },
  { keyword: "garbage", run: (turn) => garbageScenario(turn) },
  { keyword: "stderr", run: (turn, context) => stderrScenario(turn, context) },
  { keyword: "deliver-fail", run: (turn) => deliverFailScenario(turn) },
  { keyword: "fail", run: (turn) => failScenario(turn) },
  {
    keyword: "burst",
    takesCount: 1000,
    takesSecond: 0,
    run: (turn, _context, count, width) => burstScenario(turn, count, width),
  },
  {
    keyword: "stamp",
    takesCount: 200,
    takesSecond: 20,
    run: (turn, _context, count, interval) => stampScenario(turn, count, interval),
  },
  { keyword: "long", takesCount: 20, run: (turn, _context, count) => longScenario(turn, count) },
  { keyword: "slow", run: (turn) => slowScenario(turn) },
  { keyword: "ansi", run: (turn) => ansiScenario(turn) },
  { keyword: "deliver", run: (turn) => deliverScenario(turn) },
  { keyword: "ask", run: (turn) => askScenario(turn) },
  { keyword: "edit", run: (turn) => editScenario(turn) },
  { keyword: "shell", run: (turn) => shellScenario(turn) },
  { keyword: "plan", run: (turn) => planScenario(turn) },
  { keyword: "think", run: (turn) => thinkScenario(turn) },
];

const MATCHERS = SCRIPTS.map((script) => ({
  script,
  pattern: new RegExp(
    `(?<![\\w-])${script.keyword}(?![\\w-])${script.takesCount !== undefined ? "(?:\\s+(\\d+)" + (script.takesSecond !== undefined ? "(?:\\s+x?(\\d+))?" : "") + ")?" : ""}`,
    "i",
  ),
}));

/** Picks the script for a prompt; exported so tests and the README can rely on the same rule. */
export function chooseScript(prompt: string): { keyword: string; count: number; second: number } {
  for (const { script, pattern } of MATCHERS) {
    const match = pattern.exec(prompt);
    if (match) {
      return {
        keyword: script.keyword,
        count: match[1] ? Number(match[1]) : (script.takesCount ?? 0),
        second: match[2] ? Number(match[2]) : (script.takesSecond ?? 0),
      };
    }
  }
  return { keyword: "", count: 0, second: 0 };
}

export async function runScript(turn: Turn, context: AgentContext): Promise<void> {
  const chosen = chooseScript(turn.prompt);
  const script = SCRIPTS.find((candidate) => candidate.keyword === chosen.keyword);
  await (script ? script.run(turn, context, chosen.count, chosen.second) : tourScenario(turn));
}
