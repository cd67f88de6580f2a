import { createWriteStream, mkdirSync, type WriteStream } from "node:fs";
import { dirname } from "node:path";

/** Severity of a log line; `debug` lines are written only when `ZC_PANE_DEBUG` is set. */
export type LogLevel = "debug" | "info" | "warn" | "error";

/**
 * A named logger. Everything outside `src/cli` logs here instead of writing to the console, because a
 * stray console line corrupts the Ink frame (style.md).
 */
export interface Logger {
  debug(message: string, details?: unknown): void;
  info(message: string, details?: unknown): void;
  warn(message: string, details?: unknown): void;
  error(message: string, details?: unknown): void;
}

let sink: WriteStream | undefined;
let debugEnabled = Boolean(process.env.ZC_PANE_DEBUG);

/**
 * Sends every logger's output to `path` (appended). Until this is called, log lines are dropped: tests and
 * library use stay silent, and the CLI points it at `logs/zc-pane.log` under the state dir.
 */
export function configureLogFile(path: string, options: { debug?: boolean } = {}): void {
  mkdirSync(dirname(path), { recursive: true });
  sink?.end();
  sink = createWriteStream(path, { flags: "a", mode: 0o600 });
  sink.on("error", () => {
    // A full disk or a removed log dir must never take the pane down.
    sink = undefined;
  });
  if (options.debug !== undefined) debugEnabled = options.debug;
}

/** Flushes and closes the log file (called on exit so the last lines are not lost). */
export function closeLogFile(): Promise<void> {
  const closing = sink;
  sink = undefined;
  if (!closing) return Promise.resolve();
  return new Promise((resolve) => closing.end(resolve));
}

function formatDetails(details: unknown): string {
  if (details === undefined) return "";
  if (details instanceof Error) return ` ${details.stack ?? details.message}`;
  try {
    return ` ${JSON.stringify(details)}`;
  } catch {
    return ` ${String(details)}`;
  }
}

/** Returns a logger whose lines are tagged with `scope` (e.g. `rpc`, `transport.stdio`). */
export function createLogger(scope: string): Logger {
  const write = (level: LogLevel, message: string, details?: unknown) => {
    if (!sink) return;
    if (level === "debug" && !debugEnabled) return;
    sink.write(`${new Date().toISOString()} ${level.padEnd(5)} [${scope}] ${message}${formatDetails(details)}\n`);
  };
  return {
    debug: (m, d) => write("debug", m, d),
    info: (m, d) => write("info", m, d),
    warn: (m, d) => write("warn", m, d),
    error: (m, d) => write("error", m, d),
  };
}
