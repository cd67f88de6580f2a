/**
 * The pane's local `/` commands (design.md §3). They are handled by the pane and never sent to the agent;
 * any other `/word` (an agent-advertised command, or a path the user meant literally) goes out as prompt text.
 */
export const LOCAL_COMMANDS = [
  { name: "help", description: "keys and commands" },
  { name: "status", description: "agent, session and connection" },
  { name: "sessions", description: "sessions known on this machine" },
  { name: "model", description: "the agent's model" },
  { name: "settings", description: "the agent's options: on/off and choices" },
  { name: "cancel", description: "cancel the running turn" },
  { name: "stop", description: "let the turn finish, stop the session, quit" },
  { name: "close", description: "close the session now and quit" },
  { name: "clear", description: "clear the screen" },
  { name: "export", description: "write the transcript as markdown in the cwd" },
  { name: "quit", description: "quit, keeping the session" },
] as const;

/** The name of a local command. */
export type LocalCommandName = (typeof LOCAL_COMMANDS)[number]["name"];

const NAMES = new Set<string>(LOCAL_COMMANDS.map((command) => command.name));

/** A local command typed in the input: its name and the rest of the line. */
export interface LocalCommand {
  readonly name: LocalCommandName;
  readonly args: string;
}

/** Reads `text` as a local command (`/help`, `/export notes.md`); undefined when it is not one. */
export function parseLocalCommand(text: string): LocalCommand | undefined {
  const match = /^\/([a-z]+)(?:\s+([\s\S]*))?$/.exec(text.trim());
  if (!match?.[1] || !NAMES.has(match[1])) return undefined;
  return { name: match[1] as LocalCommandName, args: (match[2] ?? "").trim() };
}

/** The `/help` text: keys first (they are what a new user looks for), then the commands. */
export function helpText(agentCommands: readonly { readonly name: string; readonly description?: string }[]): string {
  const lines = [
    "keys: ⏎ send (queued while a turn runs) · ctrl+s send now (cancels the turn) · ↑ on an empty input edits the last queued · ctrl+j newline · esc cancel the turn",
    "ctrl+c cancel / clear, twice to quit · ctrl+d close and quit · ctrl+x stop after the turn",
    "ctrl+o expand a tool row · alt+↑/↓ pick the row · ctrl+g edit in $EDITOR · @path attach",
    `commands: ${LOCAL_COMMANDS.map((command) => `/${command.name}`).join(" ")}`,
  ];
  if (agentCommands.length > 0)
    lines.push(`agent commands: ${agentCommands.map((command) => `/${command.name}`).join(" ")}`);
  return lines.join("\n");
}
