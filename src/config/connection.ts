import { fileURLToPath } from "node:url";
import { parseAgentCommand, type AgentCommand } from "../transport/stdio.js";

/** How to reach the agent, resolved from the connection options (design.md §2). */
export type Connection = { readonly kind: "stdio"; readonly agentName: string; readonly command: AgentCommand };

/** The connection options shared by `zc-pane`, `prompt` and `doctor`. */
export interface ConnectionOptions {
  readonly agent?: string;
  readonly agentCmd?: string;
  readonly demo?: boolean;
}

/** Our own executable, to run the built-in demo agent as a separate process (as any agent would be). */
function selfCommand(args: string[]): AgentCommand {
  const bin = fileURLToPath(new URL("../bin/zc-pane.js", import.meta.url));
  return { command: process.execPath, args: [bin, ...args] };
}

/** Built-in agents. The full registry with user entries and standard ACP agents arrives with issue 6. */
const BUILT_IN: Readonly<Record<string, () => AgentCommand>> = {
  zeroclaw: () => ({ command: "zeroclaw", args: ["acp"] }),
  demo: () => selfCommand(["demo-agent"]),
};

/** Thrown for options that cannot work together or name nothing known; the CLI exits 2 with the message. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

/** Resolves the connection options: `--agent-cmd` beats `--demo`, which beats `--agent`; default `zeroclaw`. */
export function resolveConnection(options: ConnectionOptions): Connection {
  if (options.agentCmd !== undefined) {
    if (options.demo || options.agent) throw new UsageError("--agent-cmd cannot be combined with --agent or --demo");
    const command = parseAgentCommand(options.agentCmd);
    return { kind: "stdio", agentName: command.command, command };
  }
  const name = options.demo ? "demo" : (options.agent ?? "zeroclaw");
  if (options.demo && options.agent && options.agent !== "demo") throw new UsageError("--demo cannot be combined with --agent");
  const entry = BUILT_IN[name];
  if (!entry) throw new UsageError(`unknown agent "${name}": known agents are ${Object.keys(BUILT_IN).join(", ")} (or use --agent-cmd "CMD ARGS")`);
  return { kind: "stdio", agentName: name, command: entry() };
}
