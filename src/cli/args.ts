import { parseArgs, type ParseArgsConfig } from "node:util";
import { UsageError, type ConnectionOptions } from "../config/connection.js";

/** Options every agent-facing command takes (design.md §2). */
export const CONNECTION_OPTIONS = {
  agent: { type: "string" },
  "agent-cmd": { type: "string" },
  demo: { type: "boolean" },
  alias: { type: "string" },
  cwd: { type: "string" },
} as const satisfies ParseArgsConfig["options"];

/** Parses `argv` strictly; an unknown flag or a missing value becomes a {@link UsageError} (exit 2). */
export function parseCommandArgs<const O extends NonNullable<ParseArgsConfig["options"]>>(argv: readonly string[], options: O) {
  try {
    return parseArgs({ args: [...argv], options: { ...options, help: { type: "boolean", short: "h" } }, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message.replace(/^TypeError \[[A-Z_]+\]: /, ""));
  }
}

/** Picks the connection options out of parsed values. */
export function connectionOptionsFrom(values: { agent?: string; "agent-cmd"?: string; demo?: boolean }): ConnectionOptions {
  return {
    ...(values.agent !== undefined ? { agent: values.agent } : {}),
    ...(values["agent-cmd"] !== undefined ? { agentCmd: values["agent-cmd"] } : {}),
    ...(values.demo ? { demo: true } : {}),
  };
}
