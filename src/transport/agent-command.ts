import { splitShellWords } from "./shell-words.js";

// Kept apart from stdio.ts on purpose: resolving the command line happens before the first frame, and
// importing the stdio transport would pull execa (~300 KB) into the pane's start-up path.

/** What to spawn: a command with its arguments, environment additions and working directory. */
export interface AgentCommand {
  readonly command: string;
  readonly args: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
  readonly cwd?: string;
}

/** Splits `--agent-cmd "CMD ARGS"` into the program and its arguments (shell quoting, no expansion). */
export function parseAgentCommand(commandLine: string): AgentCommand {
  const [command, ...args] = splitShellWords(commandLine);
  if (!command) throw new Error("the agent command is empty");
  return { command, args };
}

/** `env` options that take a value as the next word (`-u NAME`, `-C DIR`, `-S STRING`). */
const ENV_OPTIONS_WITH_VALUE = new Set(["-u", "--unset", "-C", "--chdir", "-S", "--split-string"]);
/** Package runners whose first non-option word is a package: the agent is named after it. */
const PACKAGE_RUNNERS = new Set(["npx", "bunx", "pnpx"]);

/**
 * The name of the program an agent command really runs, to call the agent by until `initialize` names it:
 * `env -i -u X VAR=1 gemini --acp` is `gemini`, `npx -y @zed-industries/claude-agent-acp@0.23.1` is
 * `claude-agent-acp` (the package, without scope or version), `/usr/local/bin/codex-acp` is `codex-acp`.
 */
export function agentProgramName(command: Pick<AgentCommand, "command" | "args">): string {
  const words = programWords(command);
  const program = words[0];
  if (program === undefined) return baseName(command.command);
  if (PACKAGE_RUNNERS.has(baseName(program))) {
    const pkg = words[skipOptions(words, 1, new Set(["-p", "--package"]))];
    if (pkg !== undefined) return packageName(pkg);
  }
  return baseName(program);
}

/**
 * The command line from the program it really runs: `env -i -u X VAR=1 gemini --acp` is `gemini --acp`
 * (env, its options and its VAR=value skipped); the whole line when it is all env.
 */
export function programWords(command: Pick<AgentCommand, "command" | "args">): readonly string[] {
  const words = [command.command, ...command.args];
  let index = 0;
  while (index < words.length && baseName(words[index]!) === "env")
    index = skipOptions(words, index + 1, ENV_OPTIONS_WITH_VALUE);
  return index < words.length ? words.slice(index) : words;
}

/** The index of the first word from `index` that is not an option, a `VAR=value` or the `--` ending them. */
function skipOptions(words: readonly string[], index: number, optionsWithValue: ReadonlySet<string>): number {
  while (index < words.length) {
    const word = words[index]!;
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) index++;
    else if (word === "--") return index + 1;
    else if (word.startsWith("-")) index += optionsWithValue.has(word) ? 2 : 1;
    else return index;
  }
  return index;
}

function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1) || path;
}

/** `@scope/name@1.2.3` → `name`; `name@latest` → `name`. */
function packageName(spec: string): string {
  const unscoped = spec.startsWith("@") ? spec.slice(spec.indexOf("/") + 1) : spec;
  const at = unscoped.indexOf("@");
  return (at > 0 ? unscoped.slice(0, at) : unscoped) || spec;
}
