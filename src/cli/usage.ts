/** `zc-pane --help`: the command line contract of design.md §2. */
export const USAGE = `zc-pane: a terminal side pane for ACP agents (ZeroClaw, Claude Code, Codex, Gemini CLI, …)

Usage:
  zc-pane [connection options] [--resume ID | --load ID]   interactive pane
  zc-pane prompt [connection options] [--file PATH]... [--approve ask|allow-once|reject] [--json] [--resume ID] TEXT...
  zc-pane sessions [--json]                                sessions known on this machine, newest first
  zc-pane sessions show ID [--markdown|--json]             print a saved session (less, grep, scripts)
  zc-pane doctor [connection options] [--live] [--json]    checks the setup and says what to fix
  zc-pane send [--pane ID] [--file PATH]... [--stdin] TEXT...   hand text and attachments to a running pane
  zc-pane pending [--json]                                 permission requests waiting in your panes
  zc-pane answer [--pane ID] [--request ID] CHOICE | --modal   answer one without going to its pane
  zc-pane demo-agent [--state-dir DIR] [--session-timeout SECS]   the built-in demo ACP agent (stdio)
  zc-pane --help | --version

Connection options:
  --agent NAME        zeroclaw, claude, codex, gemini, opencode, demo, or an agent from the config file
                      (default: its defaultAgent, else zeroclaw when \`zeroclaw\` is on PATH)
  --demo              the built-in demo agent (= --agent demo)
  --agent-cmd "CMD"   any ACP agent over stdio, e.g. --agent-cmd "gemini --acp"
  --auth METHOD_ID    the agent's authentication method, when it asks for one (default: an env_var method
                      whose variable is set)
  --gateway [URL]     a ZeroClaw daemon's WebSocket gateway (URL default from <config-dir>/config.toml)
  --token T           gateway bearer token (prefer --token-file or ZEROCLAW_ACP_BRIDGE_TOKEN: --token shows in ps)
  --token-file F      read the token from a file (mode 0600); default: ZEROCLAW_ACP_BRIDGE_TOKEN, then
                      <config-dir>/acp-bridge-token, as zeroclaw-acp-bridge does
  --config-dir DIR    ZeroClaw's config dir (default $ZEROCLAW_CONFIG_DIR or ~/.zeroclaw)
  --token-in-query    send the token as ?token= (only when a proxy strips headers)
  --insecure          accept a self-signed wss:// certificate
  --trust-gateway     let the gateway run commands and write files on this machine (or "trustGateway": true
                      in config.json); by default a gateway may only read files inside the session's directories
  --allow-cleartext-token  send the token over ws:// to another host (by default refused: use wss://)
  --alias NAME        ZeroClaw agent alias for session/new
  --cwd DIR           the session's working directory (default: the current one)
  --mcp-config FILE   MCP servers for the session, added to the config file's (repeatable; ACP's array,
                      the .mcp.json object map, or a file with an "mcpServers" key)

Agents, MCP servers and key bindings can be added or changed in $XDG_CONFIG_HOME/zc-pane/config.json (see the README).
Run \`zc-pane prompt --help\` for the scripted command's details, \`zc-pane doctor --help\` for the checks.`;
