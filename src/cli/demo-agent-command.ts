import { resolve } from "node:path";
import { runDemoAgent } from "../demo/run.js";
import { defaultStateDir } from "../demo/store.js";

const USAGE = `usage: zc-pane demo-agent [--state-dir DIR] [--session-timeout SECS] [--max-sessions N]

The built-in demo agent: a scripted, ZeroClaw-shaped ACP agent speaking NDJSON on stdin/stdout
(logs on stderr). Pick a scenario with a keyword in the prompt; see src/demo/README.md.

  --state-dir DIR         session files and default workspaces
                          (default: $XDG_STATE_HOME/zc-pane/demo-agent or ~/.local/state/zc-pane/demo-agent)
  --session-timeout SECS  reap sessions idle this long; also the approval timeout (default: 3600)
  --max-sessions N        active + restoring sessions at once (default: 10)
`;

interface DemoAgentArgs {
  stateDir: string;
  sessionTimeoutSecs: number;
  maxSessions: number;
}

class UsageError extends Error {}

function parseArgs(args: readonly string[]): DemoAgentArgs | "help" {
  const parsed: DemoAgentArgs = { stateDir: defaultStateDir(), sessionTimeoutSecs: 3600, maxSessions: 10 };
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === "--help" || arg === "-h") return "help";
    const [flag, inline] = arg.startsWith("--") && arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, undefined];
    const value = () => {
      const next = inline ?? args[++index];
      if (next === undefined || next === "") throw new UsageError(`${flag} needs a value`);
      return next;
    };
    const positive = () => {
      const text = value();
      if (!/^\d+$/.test(text) || Number(text) < 1) throw new UsageError(`${flag} must be a positive integer, got "${text}"`);
      return Number(text);
    };
    switch (flag) {
      case "--state-dir":
        parsed.stateDir = resolve(value());
        break;
      case "--session-timeout":
        parsed.sessionTimeoutSecs = positive();
        break;
      case "--max-sessions":
        parsed.maxSessions = positive();
        break;
      default:
        throw new UsageError(`unknown option ${arg}`);
    }
  }
  return parsed;
}

/** `zc-pane demo-agent …`: serves ACP on stdio until stdin closes; exit 0, 2 on usage errors, 3 after `crash`. */
export async function runDemoAgentCommand(args: readonly string[]): Promise<number> {
  let parsed: DemoAgentArgs | "help";
  try {
    parsed = parseArgs(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`zc-pane demo-agent: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (parsed === "help") {
    process.stdout.write(USAGE);
    return 0;
  }
  const code = await runDemoAgent({
    input: process.stdin,
    output: process.stdout,
    errorOutput: process.stderr,
    ...parsed,
  });
  process.stdin.destroy();
  // A simulated crash dies at once, like a real one; a normal end still gets a bounded grace period in
  // case some abandoned work would otherwise keep the event loop alive.
  if (code !== 0) process.exit(code);
  setTimeout(() => process.exit(code), 2000).unref();
  return code;
}
