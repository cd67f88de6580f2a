import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { parse as parseToml, TomlError } from "smol-toml";

/** ZeroClaw's gateway defaults (protocol.md §10.1), the same ones `zeroclaw-acp-bridge` falls back to. */
export const GATEWAY_DEFAULTS = { host: "127.0.0.1", port: 42617, requirePairing: true, tls: false } as const;

/** Where ZeroClaw's config directory was found, and why there (shown in messages about missing files). */
export interface ZeroClawConfigDir {
  readonly dir: string;
  readonly source: "flag" | "env" | "default";
}

/** The `[gateway]` keys zc-pane reads, the same ones `zeroclaw-acp-bridge` reads (protocol.md §10.4). */
export interface GatewaySettings {
  readonly host: string;
  readonly port: number;
  /** Starts with `/`, no trailing `/`; absent when the gateway serves at the root. */
  readonly pathPrefix?: string;
  readonly requirePairing: boolean;
  /** `[gateway.tls] enabled`: the URL is `wss://`. */
  readonly tls: boolean;
}

/** What was read from `<config-dir>/config.toml`. */
export interface ZeroClawConfig {
  readonly path: string;
  /** False when the file does not exist; `gateway` then holds the defaults. */
  readonly found: boolean;
  readonly gateway: GatewaySettings;
}

/** A ZeroClaw config file that exists but cannot be used; the message names the file and the fix. */
export class ZeroClawConfigError extends Error {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, options);
    this.name = "ZeroClawConfigError";
  }
}

/**
 * ZeroClaw's config directory: `--config-dir`, else `$ZEROCLAW_CONFIG_DIR`, else `~/.zeroclaw` (protocol.md
 * §10.5). A leading `~` is expanded in both, since `--config-dir=~/x` reaches us unexpanded by the shell.
 * ZeroClaw's other fallbacks (`ZEROCLAW_DATA_DIR`, Homebrew prefixes) are not followed: they only matter
 * when the plain ones are unset and the user can always name the directory.
 */
export function resolveZeroClawConfigDir(
  flag: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
  home: string = homedir(),
): ZeroClawConfigDir {
  if (flag !== undefined && flag !== "") return { dir: expandTilde(flag, home), source: "flag" };
  const fromEnv = env.ZEROCLAW_CONFIG_DIR?.trim();
  if (fromEnv) return { dir: expandTilde(fromEnv, home), source: "env" };
  return { dir: join(home, ".zeroclaw"), source: "default" };
}

/** `~` and `~/…` become the home directory; `~user` forms are left alone (ZeroClaw does not expand them either). */
export function expandTilde(path: string, home: string = homedir()): string {
  if (path === "~") return home;
  if (path.startsWith("~/")) return join(home, path.slice(2));
  return path;
}

/**
 * Reads `[gateway]` from `<dir>/config.toml`. A missing file gives the defaults with `found: false` (the
 * caller decides whether that is fatal); a file that does not parse, or a key of the wrong type, throws a
 * {@link ZeroClawConfigError}. Other sections are ignored, as the bridge ignores them.
 */
export function readZeroClawConfig(dir: string): ZeroClawConfig {
  const path = join(dir, "config.toml");
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT")
      return { path, found: false, gateway: { ...GATEWAY_DEFAULTS } };
    throw new ZeroClawConfigError(`cannot read ${path}: ${(error as Error).message}`, { cause: error });
  }
  return { path, found: true, gateway: parseGatewaySettings(text, path) };
}

/** Parses the `[gateway]` settings out of a config.toml text; `path` is only used in messages. */
export function parseGatewaySettings(text: string, path = "config.toml"): GatewaySettings {
  let document: Record<string, unknown>;
  try {
    // Editors on Windows save with a BOM; ZeroClaw tolerates it, so must we. "asNeeded": a u64 anywhere else
    // in the file (ZeroClaw's serializer writes them) must not make the whole file unreadable to us.
    document = parseToml(text.replace(/^\uFEFF/, ""), { integersAsBigInt: "asNeeded", unsafeKeyBehaviour: "drop" });
  } catch (error) {
    const where = error instanceof TomlError ? ` (line ${error.line}, column ${error.column})` : "";
    const reason = (error as Error).message.split("\n")[0]!.replace(/^Invalid TOML document: /, "");
    throw new ZeroClawConfigError(`${path} is not valid TOML${where}: ${reason}`, { cause: error });
  }
  const gateway = optionalTable(document.gateway, "[gateway]", path) ?? {};
  const tls = optionalTable(gateway.tls, "[gateway.tls]", path) ?? {};

  const host = optionalValue(gateway.host, "string", "[gateway] host", path)?.trim() || GATEWAY_DEFAULTS.host;
  const port = optionalValue(gateway.port, "number", "[gateway] port", path) ?? GATEWAY_DEFAULTS.port;
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new ZeroClawConfigError(`[gateway] port in ${path} must be a whole number from 1 to 65535, not ${port}`);
  }
  const requirePairing =
    optionalValue(gateway.require_pairing, "boolean", "[gateway] require_pairing", path) ??
    GATEWAY_DEFAULTS.requirePairing;
  const tlsEnabled = optionalValue(tls.enabled, "boolean", "[gateway.tls] enabled", path) ?? GATEWAY_DEFAULTS.tls;
  const pathPrefix = normalizePathPrefix(optionalValue(gateway.path_prefix, "string", "[gateway] path_prefix", path));
  return { host, port, requirePairing, tls: tlsEnabled, ...(pathPrefix ? { pathPrefix } : {}) };
}

/**
 * The bridge strips trailing slashes; we also add a missing leading one, so `path_prefix = "zc"` still gives
 * `/zc/acp` instead of the unusable `:42617zc/acp`.
 */
function normalizePathPrefix(prefix: string | undefined): string | undefined {
  const trimmed = prefix?.trim().replace(/\/+$/, "");
  if (!trimmed) return undefined;
  return trimmed.startsWith("/") ? trimmed : `/${trimmed}`;
}

function optionalTable(value: unknown, name: string, path: string): Record<string, unknown> | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new ZeroClawConfigError(`${name} in ${path} must be a table`);
  return value as Record<string, unknown>;
}

function optionalValue<K extends "string" | "number" | "boolean">(
  value: unknown,
  type: K,
  name: string,
  path: string,
): (K extends "string" ? string : K extends "number" ? number : boolean) | undefined {
  if (value === undefined) return undefined;
  // Integers beyond 2^53 arrive as bigint: never a valid port, so the type check rejects them with the rest.
  if (typeof value !== type)
    throw new ZeroClawConfigError(
      `${name} in ${path} must be a ${type === "number" ? "number" : type}, not ${JSON.stringify(String(value))}`,
    );
  return value as K extends "string" ? string : K extends "number" ? number : boolean;
}
