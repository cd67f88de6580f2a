import { closeSync, fstatSync, openSync, readFileSync } from "node:fs";
import { inspect } from "node:util";
import { join } from "node:path";
import type { GatewaySettings } from "./zeroclaw-config.js";

/** The env variable `zeroclaw-acp-bridge` reads its token from (protocol.md §10.4). */
export const BRIDGE_TOKEN_ENV = "ZEROCLAW_ACP_BRIDGE_TOKEN";
/** The bridge's token cache, inside ZeroClaw's config dir. */
export const BRIDGE_TOKEN_FILE = "acp-bridge-token";

/**
 * A bearer token that cannot leak by accident: it prints, inspects and serializes as `[redacted]`, so a
 * {@link GatewayConnection} can be logged or recorded in the session index as a whole. Only
 * {@link Secret.reveal} gives the value, and only the transport calls it.
 */
export class Secret {
  readonly #value: string;

  constructor(value: string) {
    this.#value = value;
  }

  reveal(): string {
    return this.#value;
  }

  toString(): string {
    return "[redacted]";
  }

  toJSON(): string {
    return "[redacted]";
  }

  [inspect.custom](): string {
    return "[redacted]";
  }
}

/** Where the gateway token came from; named in the 401 explanation so the user knows which one to fix. */
export type TokenSource =
  | { readonly kind: "flag" }
  | { readonly kind: "token-file"; readonly path: string }
  | { readonly kind: "env" }
  | { readonly kind: "bridge-cache"; readonly path: string }
  /** No token: none was found, or the config says pairing is off (then none is looked for, as the bridge does). */
  | { readonly kind: "none"; readonly requirePairing: boolean; readonly searched: readonly string[] };

/** The token to send (absent for `none`) and where it came from. */
export interface GatewayToken {
  readonly source: TokenSource;
  readonly value?: Secret;
}

/** A token that was named but cannot be used (unreadable, empty, too open); the message says how to fix it. */
export class GatewayTokenError extends Error {
  constructor(message: string, options: { cause?: unknown } = {}) {
    super(message, options);
    this.name = "GatewayTokenError";
  }
}

/**
 * `ws(s)://HOST:PORT[PREFIX]/acp`, exactly as `zeroclaw-acp-bridge` builds it: IPv6 hosts get brackets,
 * `[gateway.tls] enabled` picks `wss`. `alias` adds `?agent=` (the connection's default `agentAlias`, §10.1).
 */
export function gatewayUrl(
  settings: Pick<GatewaySettings, "host" | "port" | "pathPrefix" | "tls">,
  alias?: string,
): string {
  const host = settings.host.includes(":") && !settings.host.startsWith("[") ? `[${settings.host}]` : settings.host;
  const url = `${settings.tls ? "wss" : "ws"}://${host}:${settings.port}${settings.pathPrefix ?? ""}/acp`;
  return alias ? withAgentAlias(url, alias) : url;
}

/** Sets (or replaces) `?agent=` on a gateway URL; a blank alias leaves the URL unchanged (the server treats blank as absent). */
export function withAgentAlias(url: string, alias: string): string {
  if (alias.trim() === "") return url;
  const parsed = new URL(url);
  parsed.searchParams.set("agent", alias);
  return parsed.toString();
}

/** What token discovery needs to know; `env` and the flags come from the command line. */
export interface TokenDiscoveryOptions {
  readonly token?: string;
  readonly tokenFile?: string;
  readonly configDir: string;
  /** From `[gateway] require_pairing`; when false, env and cache are not consulted (the bridge does the same). */
  readonly requirePairing: boolean;
  readonly env?: NodeJS.ProcessEnv;
}

/**
 * Finds the gateway token the way `zeroclaw-acp-bridge` does (protocol.md §10.4), with our flags first:
 * `--token`, `--token-file`, then (only when pairing is required) `$ZEROCLAW_ACP_BRIDGE_TOKEN` and
 * `<config-dir>/acp-bridge-token`, both trimmed, empty counting as absent. Finding none is not an error:
 * we connect anyway and explain the server's 401. The pairing exchange itself (`POST /pair`) is not done
 * here.
 */
export function discoverGatewayToken(options: TokenDiscoveryOptions): GatewayToken {
  const env = options.env ?? process.env;
  if (options.token !== undefined) {
    return { source: { kind: "flag" }, value: checkedSecret(options.token.trim(), "--token") };
  }
  if (options.tokenFile !== undefined) {
    const text = readPrivateFile(options.tokenFile);
    if (text === undefined) throw new GatewayTokenError(`the token file ${options.tokenFile} does not exist`);
    const token = text.trim();
    if (!token) throw new GatewayTokenError(`the token file ${options.tokenFile} is empty`);
    return { source: { kind: "token-file", path: options.tokenFile }, value: checkedSecret(token, options.tokenFile) };
  }
  const cachePath = join(options.configDir, BRIDGE_TOKEN_FILE);
  if (!options.requirePairing) return { source: { kind: "none", requirePairing: false, searched: [] } };
  const fromEnv = env[BRIDGE_TOKEN_ENV]?.trim();
  if (fromEnv) return { source: { kind: "env" }, value: checkedSecret(fromEnv, `$${BRIDGE_TOKEN_ENV}`) };
  const cached = readPrivateFile(cachePath)?.trim();
  if (cached) return { source: { kind: "bridge-cache", path: cachePath }, value: checkedSecret(cached, cachePath) };
  return { source: { kind: "none", requirePairing: true, searched: [`$${BRIDGE_TOKEN_ENV}`, cachePath] } };
}

/** One phrase naming the token's origin, for messages ("the token from --token-file ~/t"). Never the token. */
export function describeTokenSource(source: TokenSource): string {
  switch (source.kind) {
    case "flag":
      return "the token given with --token";
    case "token-file":
      return `the token from --token-file ${source.path}`;
    case "env":
      return `the token from $${BRIDGE_TOKEN_ENV}`;
    case "bridge-cache":
      return `the token cached by zeroclaw-acp-bridge in ${source.path}`;
    case "none":
      return source.requirePairing
        ? `no token (none given with --token or --token-file, none in ${source.searched.join(" or ")})`
        : "no token (config.toml says require_pairing = false, so none was looked for)";
  }
}

/**
 * How to get a working token, for the 401 explanation. The bridge pairs, caches the token in the config
 * dir and then starts piping stdin; `</dev/null` makes it exit right after, so the command only pairs. The
 * bridge pairs only when it has no token, so a rejected env or cached token must go first.
 */
export function pairingHelp(configDir: string, configDirFromFlag: boolean, source?: TokenSource): string {
  const dirFlag = configDirFromFlag ? ` --config-dir ${configDir}` : "";
  const cache = join(configDir, BRIDGE_TOKEN_FILE);
  const clearFirst =
    source?.kind === "env"
      ? `unset $${BRIDGE_TOKEN_ENV} (it is used before anything else), then `
      : source?.kind === "bridge-cache"
        ? `delete ${source.path} (the bridge reuses a cached token instead of pairing), then `
        : "";
  return (
    `To pair: ${clearFirst}run \`zeroclaw gateway get-paircode --new\` on the gateway's host, then ` +
    `\`zeroclaw-acp-bridge${dirFlag} --pair-code <code> </dev/null\` (it caches a token in ${cache}, which zc-pane reads); ` +
    `or give zc-pane a paired token with --token-file FILE, --token TOKEN or $${BRIDGE_TOKEN_ENV}.`
  );
}

/**
 * Reads a file that holds a secret, refusing it when group or others have any access (as ssh refuses an
 * open private key): a token readable by other users is as good as theirs. The mode is checked on the
 * open descriptor, so the file cannot be swapped between the check and the read. `undefined` when the
 * file does not exist.
 */
export function readPrivateFile(path: string): string | undefined {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return undefined;
    throw new GatewayTokenError(
      `cannot read the token file ${path}: ${code === "EACCES" ? "permission denied" : (error as Error).message}`,
      { cause: error },
    );
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new GatewayTokenError(`the token file ${path} is not a regular file`);
    // Windows has no POSIX modes (fstat reports 0o666 for every file): the check would refuse everything.
    if (process.platform !== "win32" && (stats.mode & 0o077) !== 0) {
      const mode = (stats.mode & 0o777).toString(8).padStart(4, "0");
      throw new GatewayTokenError(
        `refusing to use the token in ${path}: group or others can access it (mode ${mode}). Fix it with: chmod 600 ${path}`,
      );
    }
    return readFileSync(fd, "utf8");
  } finally {
    closeSync(fd);
  }
}

/**
 * A token goes into an HTTP header (and maybe a query string): anything outside printable ASCII would make
 * Node throw mid-handshake, so it is refused here, where we can say which source holds the bad value.
 */
function checkedSecret(token: string, where: string): Secret {
  if (token === "") throw new GatewayTokenError(`${where} is empty`);
  if (!/^[\x21-\x7e]+$/.test(token)) {
    throw new GatewayTokenError(
      `the token from ${where} contains spaces or characters an HTTP header cannot carry (a ZeroClaw token looks like zc_ followed by 64 hex digits)`,
    );
  }
  return new Secret(token);
}
