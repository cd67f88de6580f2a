import { resolve } from "node:path";
import { execa } from "execa";
import { findOnPath, installHint } from "../../config/agents.js";
import type { StdioConnection } from "../../config/connection.js";
import { sanitizeLine } from "../../markdown/sanitize.js";
import { VERSION } from "../version.js";
import { fail, ok, type Check } from "./check.js";

/** `--version` must be cheap: an agent that starts serving instead is cut off after this long. */
const VERSION_TIMEOUT_MS = 3000;

/** Which agent was picked, and how it will be started. */
export function agentCheck(connection: StdioConnection): Check {
  const words = [connection.command.command, ...connection.command.args].map(quoteWord).join(" ");
  const origin = connection.agent ? `--agent ${connection.agentName} (${connection.agent.source})` : "--agent-cmd";
  const quirks = Object.entries(connection.quirks ?? {})
    .filter(([, on]) => on)
    .map(([name]) => name);
  return ok("agent", "agent", `${origin}: ${words}${quirks.length > 0 ? ` · quirks: ${quirks.join(", ")}` : ""}`);
}

/** The program on PATH (what spawning will find), with its `--version` when it answers quickly. */
export async function commandCheck(connection: StdioConnection, cwd: string, env: NodeJS.ProcessEnv): Promise<Check> {
  const { command } = connection.command;
  const agentEnv = { ...env, ...connection.command.env };
  const found = findOnPath(command, agentEnv, connection.command.cwd ?? resolve(cwd));
  if (!found) {
    const hint = connection.agent ? installHint(connection.agent) : "install it, or give the full path to the program";
    return fail("command", "command", `\`${command}\` is not on PATH`, hint);
  }
  // Our own demo agent has our version; running `node --version` for it would only name Node's.
  const version =
    connection.agentName === "demo" && connection.agent?.source === "built-in"
      ? `zc-pane ${VERSION}`
      : await commandVersion(found, agentEnv, cwd);
  return ok("command", "command", `\`${command}\` is ${found}${version ? ` (${version})` : ""}`);
}

/**
 * `PROGRAM --version`, first line, or undefined. Stdin is closed, so an agent that ignores the flag and
 * starts serving ACP sees end of input and exits; one that does not is killed at the timeout.
 */
async function commandVersion(program: string, env: NodeJS.ProcessEnv, cwd: string): Promise<string | undefined> {
  try {
    const result = await execa(program, ["--version"], {
      env,
      extendEnv: false,
      cwd,
      stdin: "ignore",
      reject: false,
      timeout: VERSION_TIMEOUT_MS,
      killSignal: "SIGKILL",
      maxBuffer: 64 * 1024,
    });
    if (result.timedOut || result.exitCode !== 0) return undefined;
    const line = `${result.stdout}\n${result.stderr}`
      .split("\n")
      .map((text) => text.trim())
      .find((text) => text !== "");
    return line ? `--version: ${sanitizeLine(line).slice(0, 80)}` : undefined;
  } catch {
    return undefined;
  }
}

/** A word as it would be typed in a POSIX shell, so the printed command line can be copied and run. */
function quoteWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}
