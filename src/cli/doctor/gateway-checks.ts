import { statSync } from "node:fs";
import { ClientError } from "../../client/errors.js";
import type { GatewayConnection } from "../../config/connection.js";
import { BRIDGE_TOKEN_ENV, describeTokenSource, pairingHelp } from "../../config/gateway.js";
import { WebSocketConnectError } from "../../transport/websocket.js";
import { fail, ok, warn, type Check } from "./check.js";

/** The gateway URL and where it came from. */
export function gatewayUrlCheck(connection: GatewayConnection): Check {
  const from =
    connection.urlFrom === "flag"
      ? "given with --gateway"
      : `built from ${connection.zeroclawConfigDir.dir}/config.toml`;
  return ok("gateway-url", "gateway URL", `${connection.url} (${from})`);
}

/**
 * Where the token comes from, and whether it is kept safely: `--token` shows in `ps` (a warning); files were
 * already refused when group or others can read them (that refusal arrives as {@link tokenErrorCheck}).
 */
export function tokenCheck(connection: GatewayConnection): Check {
  const { source } = connection.token;
  const help = pairingFix(connection);
  switch (source.kind) {
    case "flag":
      return warn(
        "token",
        "token",
        "given with --token, which every user of this machine can read in `ps` while zc-pane runs",
        `put it in a file (chmod 600) and pass --token-file FILE, or export $${BRIDGE_TOKEN_ENV}`,
      );
    case "token-file":
    case "bridge-cache":
      return ok("token", "token", `${describeTokenSource(source)} (mode ${modeOf(source.path)})`);
    case "env":
      return ok("token", "token", describeTokenSource(source));
    case "none":
      return source.requirePairing
        ? warn("token", "token", `${describeTokenSource(source)}: the gateway will refuse the connection`, help)
        : ok("token", "token", describeTokenSource(source));
  }
}

/** A token that was named but cannot be used (a file open to others, empty, unreadable). */
export function tokenErrorCheck(error: Error): Check {
  // readPrivateFile's message ends with the exact command; show it as the fix.
  const match = /^(.*?)\s*Fix it with: (.*)$/s.exec(error.message);
  return match ? fail("token", "token", match[1]!, match[2]!) : fail("token", "token", error.message);
}

/**
 * Whether the gateway answered: a 401 (wrong or missing token: pair again) is told apart from a refused
 * connection (nothing listening: start the daemon) by the transport's `handshake` field.
 */
export function gatewayFailureCheck(connection: GatewayConnection, error: unknown): Check | undefined {
  const cause = error instanceof ClientError ? error.cause : error;
  if (!(cause instanceof WebSocketConnectError)) return undefined;
  const { handshake, httpStatus } = cause.close;
  const endpoint = new URL(connection.url);
  const where = `${endpoint.protocol}//${endpoint.host}${endpoint.pathname}`;
  switch (handshake) {
    case "unauthorized":
      return fail(
        "gateway",
        "gateway",
        `${where} answered HTTP 401 Unauthorized: it does not accept ${describeTokenSource(connection.token.source)}`,
        pairingFix(connection),
      );
    case "refused":
      return fail(
        "gateway",
        "gateway",
        `connection refused: nothing listens on ${endpoint.host}`,
        "start the gateway (`zeroclaw daemon`), or check the URL ([gateway] host and port in ZeroClaw's config.toml)",
      );
    case "timeout":
      return fail(
        "gateway",
        "gateway",
        cause.message,
        "check that the host is reachable from here (firewall, VPN, port)",
      );
    case "tls":
      return fail(
        "gateway",
        "gateway",
        cause.message,
        "fix the certificate, or pass --insecure for a self-signed gateway you trust",
      );
    default:
      return fail("gateway", "gateway", `${cause.message}${httpStatus ? ` (HTTP ${httpStatus})` : ""}`);
  }
}

/** The pairing steps, worded as a fix (the shared text starts with "To pair: ", which the `fix:` label already says). */
function pairingFix(connection: GatewayConnection): string {
  return pairingHelp(
    connection.zeroclawConfigDir.dir,
    connection.zeroclawConfigDir.source === "flag",
    connection.token.source,
  ).replace(/^To pair: /, "pair: ");
}

function modeOf(path: string): string {
  try {
    return (statSync(path).mode & 0o777).toString(8).padStart(4, "0");
  } catch {
    return "unknown";
  }
}
