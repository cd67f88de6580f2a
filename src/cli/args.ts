import { parseArgs, type ParseArgsConfig } from "node:util";
import { UsageError, type ConnectionOptions } from "../config/connection.js";

/** Options every agent-facing command takes (design.md §2). */
export const CONNECTION_OPTIONS = {
  agent: { type: "string" },
  "agent-cmd": { type: "string" },
  demo: { type: "boolean" },
  alias: { type: "string" },
  cwd: { type: "string" },
  // `--gateway` may stand alone (URL from ZeroClaw's config.toml): see withOptionalValues().
  gateway: { type: "string" },
  token: { type: "string" },
  "token-file": { type: "string" },
  "config-dir": { type: "string" },
  "token-in-query": { type: "boolean" },
  insecure: { type: "boolean" },
  // The agent's authentication method, used only if session/new says authentication is required.
  auth: { type: "string" },
  // MCP servers for the session, added to the config file's (repeatable).
  "mcp-config": { type: "string", multiple: true },
  "trust-gateway": { type: "boolean" },
  "allow-cleartext-token": { type: "boolean" },
} as const satisfies ParseArgsConfig["options"];

/**
 * Flags whose value is optional, with the test that tells a value from the next word. `--gateway` takes the
 * next word only when it is a URL, so `zc-pane prompt --gateway "hello"` keeps "hello" as prompt text.
 */
const OPTIONAL_VALUES: Readonly<Record<string, (next: string) => boolean>> = {
  gateway: (next) => /^[a-z][a-z0-9+.-]*:\/\//i.test(next),
};

/**
 * `node:util` parseArgs has no optional values: a bare `--gateway` would swallow the next word or fail at
 * the end. It is rewritten to `--gateway=` (an empty value, which {@link connectionOptionsFrom} reads as "no
 * URL given") unless the next word is a value.
 */
function withOptionalValues(argv: readonly string[], options: NonNullable<ParseArgsConfig["options"]>): string[] {
  const out: string[] = [];
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!;
    if (arg === "--") {
      out.push(...argv.slice(index));
      break;
    }
    const name = arg.startsWith("--") ? arg.slice(2) : undefined;
    const takesValue = name !== undefined ? OPTIONAL_VALUES[name] : undefined;
    if (name !== undefined && takesValue && name in options) {
      const next = argv[index + 1];
      if (next !== undefined && takesValue(next)) {
        out.push(arg, next);
        index++;
      } else {
        out.push(`${arg}=`);
      }
      continue;
    }
    out.push(arg);
  }
  return out;
}

/** Parses `argv` strictly; an unknown flag or a missing value becomes a {@link UsageError} (exit 2). */
export function parseCommandArgs<const O extends NonNullable<ParseArgsConfig["options"]>>(
  argv: readonly string[],
  options: O,
) {
  try {
    return parseArgs({
      args: withOptionalValues(argv, options),
      options: { ...options, help: { type: "boolean", short: "h" } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError((error as Error).message.replace(/^TypeError \[[A-Z_]+\]: /, ""));
  }
}

/** The parsed values {@link connectionOptionsFrom} reads. */
export interface ConnectionValues {
  agent?: string;
  "agent-cmd"?: string;
  demo?: boolean;
  alias?: string;
  gateway?: string;
  token?: string;
  "token-file"?: string;
  "config-dir"?: string;
  "token-in-query"?: boolean;
  insecure?: boolean;
  auth?: string;
  "mcp-config"?: string[];
  "trust-gateway"?: boolean;
  "allow-cleartext-token"?: boolean;
}

/** Picks the connection options out of parsed values. */
export function connectionOptionsFrom(values: ConnectionValues): ConnectionOptions {
  return {
    ...(values.agent !== undefined ? { agent: values.agent } : {}),
    ...(values["agent-cmd"] !== undefined ? { agentCmd: values["agent-cmd"] } : {}),
    ...(values.demo ? { demo: true } : {}),
    ...(values.alias !== undefined ? { alias: values.alias } : {}),
    // An empty value is the bare flag (see withOptionalValues): the URL comes from ZeroClaw's config.
    ...(values.gateway !== undefined ? { gateway: values.gateway === "" ? true : values.gateway } : {}),
    ...(values.token !== undefined ? { token: values.token } : {}),
    ...(values["token-file"] !== undefined ? { tokenFile: values["token-file"] } : {}),
    ...(values["config-dir"] !== undefined ? { configDir: values["config-dir"] } : {}),
    ...(values["token-in-query"] ? { tokenInQuery: true } : {}),
    ...(values.insecure ? { insecure: true } : {}),
    ...(values.auth !== undefined ? { auth: values.auth } : {}),
    ...(values["mcp-config"]?.length ? { mcpConfigFiles: values["mcp-config"] } : {}),
    ...(values["trust-gateway"] ? { trustGateway: true } : {}),
    ...(values["allow-cleartext-token"] ? { allowCleartextToken: true } : {}),
  };
}
