import { homedir } from "node:os";
import { join } from "node:path";

/**
 * Where zc-pane keeps its files (design.md §5), honouring the XDG variables. Every function reads the
 * environment when called, so tests can point them at a temporary directory.
 */
export function configDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.XDG_CONFIG_HOME || join(homedir(), ".config"), "zc-pane");
}

/** `sessions.json`, `transcripts/`, `logs/`. */
export function stateDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.XDG_STATE_HOME || join(homedir(), ".local", "state"), "zc-pane");
}

export function logFile(env: NodeJS.ProcessEnv = process.env): string {
  return join(stateDir(env), "logs", "zc-pane.log");
}

/** Where delivered files are saved. */
export function downloadDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(env.XDG_DOWNLOAD_DIR || join(homedir(), "Downloads"), "zc-pane");
}

/** The directory of the per-pane control sockets (mode 0700). */
export function runtimeDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.XDG_RUNTIME_DIR ? join(env.XDG_RUNTIME_DIR, "zc-pane") : join(stateDir(env), "run");
}
