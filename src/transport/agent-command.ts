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
