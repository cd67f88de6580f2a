import { resolve } from "node:path";
import { runDemoAgent } from "../demo/run.js";
import { defaultStateDir } from "../demo/store.js";
import { writeErr, writeOut } from "./terminal-out.js";

const USAGE = `usage: zc-pane demo-agent [--state-dir DIR] [--session-timeout SECS] [--max-sessions N]
       zc-pane demo-agent --gateway [--port N] [--host H] [--token T] [--state-dir DIR] ...

The built-in demo agent: a scripted, ZeroClaw-shaped ACP agent speaking NDJSON on stdin/stdout
(logs on stderr), or, with --gateway, a WebSocket gateway like ZeroClaw's on ws://HOST:PORT/acp.
Pick a scenario with a keyword in the prompt; see src/demo/README.md.

  --state-dir DIR         session files and default workspaces
                          (default: $XDG_STATE_HOME/zc-pane/demo-agent or ~/.local/state/zc-pane/demo-agent)
  --session-timeout SECS  reap sessions idle this long (stdio only); also the approval timeout (default: 3600)
  --max-sessions N        active + restoring sessions at once, per connection (default: 10)
  --gateway               serve WebSocket connections instead of stdio, until SIGINT/SIGTERM
  --port N                the gateway's port (default: 42617, ZeroClaw's; 0 picks a free one)
  --host H                the address to bind (default: 127.0.0.1)
  --token T               require this bearer token (header, bearer.<T> subprotocol or ?token=);
                          without it every connection is accepted, as with require_pairing = false
`;

/** ZeroClaw's default gateway port (protocol.md §10.1). */
const DEFAULT_GATEWAY_PORT = 42617;

interface DemoAgentArgs {
  stateDir: string;
  sessionTimeoutSecs: number;
  maxSessions: number;
  gateway: boolean;
  port: number | undefined;
  host: string | undefined;
  token: string | undefined;
}

class UsageError extends Error {}

function parseArgs(args: readonly string[]): DemoAgentArgs | "help" {
  const parsed: DemoAgentArgs = {
    stateDir: defaultStateDir(),
    sessionTimeoutSecs: 3600,
    maxSessions: 10,
    gateway: false,
    port: undefined,
    host: undefined,
    token: undefined,
  };
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === "--help" || arg === "-h") return "help";
    const [flag, inline] =
      arg.startsWith("--") && arg.includes("=")
        ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)]
        : [arg, undefined];
    const value = () => {
      const next = inline ?? args[++index];
      if (next === undefined || next === "") throw new UsageError(`${flag} needs a value`);
      return next;
    };
    const positive = () => {
      const text = value();
      if (!/^\d+$/.test(text) || Number(text) < 1)
        throw new UsageError(`${flag} must be a positive integer, got "${text}"`);
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
      case "--gateway":
        if (inline !== undefined) throw new UsageError("--gateway takes no value (use --host and --port)");
        parsed.gateway = true;
        break;
      case "--port": {
        const text = value();
        if (!/^\d+$/.test(text) || Number(text) > 65535)
          throw new UsageError(`--port must be a port number (0 picks a free one), got "${text}"`);
        parsed.port = Number(text);
        break;
      }
      case "--host":
        parsed.host = value();
        break;
      case "--token":
        parsed.token = value().trim();
        if (parsed.token === "") throw new UsageError("--token needs a non-empty value");
        break;
      default:
        throw new UsageError(`unknown option ${arg}`);
    }
  }
  if (!parsed.gateway) {
    const gatewayOnly = [
      parsed.port !== undefined && "--port",
      parsed.host !== undefined && "--host",
      parsed.token !== undefined && "--token",
    ].filter(Boolean);
    if (gatewayOnly.length > 0) throw new UsageError(`${gatewayOnly.join(", ")} only apply with --gateway`);
  }
  return parsed;
}

/**
 * `zc-pane demo-agent …`: serves ACP on stdio until stdin closes (exit 0, 3 after `crash`), or with
 * `--gateway` over WebSocket until SIGINT/SIGTERM (exit 0; 1 when the port cannot be bound). 2 on usage errors.
 */
export async function runDemoAgentCommand(args: readonly string[]): Promise<number> {
  let parsed: DemoAgentArgs | "help";
  try {
    parsed = parseArgs(args);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    writeErr(`zc-pane demo-agent: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (parsed === "help") {
    writeOut(USAGE);
    return 0;
  }
  const settings = {
    stateDir: parsed.stateDir,
    sessionTimeoutSecs: parsed.sessionTimeoutSecs,
    maxSessions: parsed.maxSessions,
  };
  if (parsed.gateway) return runGateway(parsed, settings);
  const code = await runDemoAgent({
    input: process.stdin,
    output: process.stdout,
    errorOutput: process.stderr,
    ...settings,
  });
  process.stdin.destroy();
  // A simulated crash dies at once, like a real one; a normal end still gets a bounded grace period in
  // case some abandoned work would otherwise keep the event loop alive.
  if (code !== 0) process.exit(code);
  setTimeout(() => process.exit(code), 2000).unref();
  return code;
}

async function runGateway(
  parsed: DemoAgentArgs,
  settings: Pick<DemoAgentArgs, "stateDir" | "sessionTimeoutSecs" | "maxSessions">,
): Promise<number> {
  const { startDemoGateway } = await import("../demo/gateway.js");
  const host = parsed.host ?? "127.0.0.1";
  const log = (line: string) => writeErr(`${line}\n`);
  let gateway;
  try {
    gateway = await startDemoGateway({
      ...settings,
      host,
      port: parsed.port ?? DEFAULT_GATEWAY_PORT,
      tokens: parsed.token ? [parsed.token] : [],
      log,
    });
  } catch (error) {
    writeErr(
      `zc-pane demo-agent: cannot listen on ${host}:${parsed.port ?? DEFAULT_GATEWAY_PORT}: ${(error as Error).message}\n`,
    );
    return 1;
  }
  if (!parsed.token && !isLoopback(host)) {
    log(
      `WARN demo-gateway: listening on ${host} without --token: anyone who can reach this address can use the demo agent`,
    );
  }
  // Tests and scripts wait for this exact line; it carries the real port when --port 0 was given.
  log(`listening on ${gateway.url}`);
  await new Promise<void>((resolve) => {
    process.once("SIGINT", resolve);
    process.once("SIGTERM", resolve);
  });
  await gateway.close();
  // As on stdio: a bounded grace period in case abandoned work would keep the event loop alive.
  setTimeout(() => process.exit(0), 2000).unref();
  return 0;
}

function isLoopback(host: string): boolean {
  return host === "localhost" || host === "::1" || host.startsWith("127.");
}
