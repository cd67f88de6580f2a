/** `zc-pane --help`: the command line contract of design.md §2. */
export const USAGE = `zc-pane: a terminal side pane for ACP agents (ZeroClaw, Claude Code, Codex, Gemini CLI, …)

Usage:
  zc-pane [connection options] [--resume ID | --load ID]   interactive pane
  zc-pane prompt [connection options] [--file PATH]... [--approve ask|allow-once|reject] [--json] [--resume ID] TEXT...
  zc-pane sessions [--json]                                sessions known on this machine, newest first
  zc-pane demo-agent [--state-dir DIR] [--session-timeout SECS]   the built-in demo ACP agent (stdio)
  zc-pane --help | --version

Connection options:
  --agent NAME        zeroclaw (default: \`zeroclaw acp\`) or demo
  --demo              the built-in demo agent (= --agent demo)
  --agent-cmd "CMD"   any ACP agent over stdio, e.g. --agent-cmd "gemini --acp"
  --alias NAME        ZeroClaw agent alias for session/new
  --cwd DIR           the session's working directory (default: the current one)

Run \`zc-pane prompt --help\` for the scripted command's details.`;
