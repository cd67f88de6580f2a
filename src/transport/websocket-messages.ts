/**
 * The words for everything that can go wrong on a gateway WebSocket, kept apart from the transport's state
 * machine. Every message is one or two sentences that say what happened and what to do, and every one has
 * passed through {@link redactToken}.
 */

/** Why a connection attempt failed before the socket opened; lets reconnect logic tell "retry" from "fix it". */
export type HandshakeFailureKind =
  "unauthorized" | "http-status" | "refused" | "timeout" | "network" | "tls" | "not-a-gateway";

/** A failed opening handshake, described. */
export interface HandshakeFailure {
  readonly kind: HandshakeFailureKind;
  readonly message: string;
  readonly httpStatus?: number;
}

/** What the 401 explanation needs: where the token came from and how to get one that works. */
export interface UnauthorizedContext {
  readonly hadToken: boolean;
  /** "the token from $ZEROCLAW_ACP_BRIDGE_TOKEN", "no token (…)": never the token itself. */
  readonly tokenSource: string;
  readonly help?: string;
}

const REDACTED = "[redacted]";

/**
 * Removes a bearer token from text meant for a log line or a message: any `token=` query value (the URL
 * may carry one with `--token-in-query`) and, when known, the token itself wherever it appears.
 */
export function redactToken(text: string, token?: string): string {
  let result = text.replace(/([?&;]token=)[^&#\s"'<>]*/gi, `$1${REDACTED}`);
  if (token) result = result.split(token).join(REDACTED);
  return result;
}

/** `ws://host:port/path` without the query: what the user needs to recognise the endpoint in a message. */
export function endpointOf(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}`;
}

/** An HTTP answer instead of the `101 Switching Protocols` we asked for. */
export function describeHttpRefusal(
  endpoint: string,
  status: number,
  statusText: string,
  body: string,
  auth: UnauthorizedContext,
): HandshakeFailure {
  if (status === 401) {
    const what = auth.hadToken
      ? `rejected ${auth.tokenSource} (HTTP 401 Unauthorized): it is not one of this gateway's paired tokens`
      : `requires a paired token (HTTP 401 Unauthorized) and zc-pane had ${auth.tokenSource}`;
    return {
      kind: "unauthorized",
      httpStatus: status,
      message: `the gateway at ${endpoint} ${what}.${auth.help ? ` ${auth.help}` : ""}`,
    };
  }
  const detail = oneLine(body);
  const suffix = detail ? `: ${detail}` : "";
  if (status === 404) {
    return {
      kind: "not-a-gateway",
      httpStatus: status,
      message: `nothing serves ACP at ${endpoint} (HTTP 404): check the URL, and [gateway] path_prefix in ZeroClaw's config.toml${suffix}`,
    };
  }
  return {
    kind: "http-status",
    httpStatus: status,
    message:
      `the server at ${endpoint} refused the WebSocket upgrade with HTTP ${status} ${oneLine(statusText)}${suffix}`.trimEnd(),
  };
}

/** Node's codes for a certificate that failed verification (a self-signed gateway, an expired or misnamed cert). */
const CERTIFICATE_CODES = /CERT|SELF_SIGNED|ALTNAME|HOSTNAME_MISMATCH|UNABLE_TO_(GET|VERIFY|DECRYPT)/;

/** A socket-level error during the handshake (`ws` emits them as `error` before the socket ever opened). */
export function describeConnectError(
  error: Error & { code?: string },
  url: URL,
  handshakeTimeoutMs: number,
): HandshakeFailure {
  const endpoint = endpointOf(url);
  const hostPort = url.host;
  const code = error.code ?? "";
  const secure = url.protocol === "wss:";
  if (code === "ECONNREFUSED") {
    return { kind: "refused", message: `no ZeroClaw gateway at ${endpoint} (is \`zeroclaw daemon\` running?)` };
  }
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") {
    return {
      kind: "network",
      message: `cannot resolve the gateway host ${url.hostname} (${code}); check the URL or [gateway] host`,
    };
  }
  if (code === "ETIMEDOUT" || error.message === "Opening handshake has timed out") {
    return {
      kind: "timeout",
      message: `no answer from the gateway at ${endpoint} within ${Math.round(handshakeTimeoutMs / 1000)} s`,
    };
  }
  if (code === "EHOSTUNREACH" || code === "ENETUNREACH") {
    return {
      kind: "network",
      message: `cannot reach ${hostPort}: ${code === "EHOSTUNREACH" ? "no route to the host" : "the network is unreachable"}`,
    };
  }
  if (secure && CERTIFICATE_CODES.test(code)) {
    return {
      kind: "tls",
      message:
        `cannot verify the TLS certificate of ${hostPort}: ${error.message} (${code}). If the gateway uses a self-signed ` +
        `certificate, trust its CA with NODE_EXTRA_CA_CERTS=/path/to/ca.pem, or pass --insecure to skip verification ` +
        `(anyone on the path could then read the session and the token)`,
    };
  }
  if (
    secure &&
    (code === "EPROTO" ||
      code.startsWith("ERR_SSL_") ||
      /wrong version number|packet length too long/i.test(error.message))
  ) {
    return {
      kind: "tls",
      message: `the server at ${hostPort} does not speak TLS (${code || error.message}): use ws:// for a gateway without [gateway.tls] enabled`,
    };
  }
  if (!secure && (code.startsWith("HPE_") || code === "ECONNRESET" || error.message === "socket hang up")) {
    return {
      kind: "not-a-gateway",
      message: `the server at ${hostPort} did not answer the WebSocket handshake (${code || error.message}); if the gateway has [gateway.tls] enabled, use wss://`,
    };
  }
  if (/subprotocol|Sec-WebSocket-Accept|Upgrade header/.test(error.message)) {
    return { kind: "not-a-gateway", message: `the server at ${endpoint} is not a ZeroClaw gateway: ${error.message}` };
  }
  return {
    kind: "network",
    message: `cannot connect to the gateway at ${endpoint}: ${error.message}${code && !error.message.includes(code) ? ` (${code})` : ""}`,
  };
}

const CLOSE_CODE_MEANINGS: Readonly<Record<number, string>> = {
  1000: "normal closure",
  1001: "going away: the gateway is shutting down or restarting",
  1002: "protocol error",
  1003: "unsupported data",
  1006: "no close frame: the network dropped or the daemon died",
  1007: "invalid UTF-8 in a text frame",
  1008: "policy violation",
  1009: "message too big",
  1011: "internal error in the gateway",
  1012: "the gateway is restarting",
  1013: "try again later",
};

/** A socket that was open and is now closed, not by us. */
export function describeDrop(code: number, reason: string, cause: string | undefined): string {
  // A cause we know (an oversized message, a missed pong) explains more than the code, which is then
  // usually 1006 because we dropped the socket ourselves.
  if (cause) return `the connection to the gateway was ${code === 1006 ? "lost" : "closed"}: ${cause} (code ${code})`;
  const meaning = CLOSE_CODE_MEANINGS[code];
  const said = oneLine(reason);
  const head = code === 1006 ? "the connection to the gateway was lost" : "the gateway closed the connection";
  return `${head} (code ${code}${meaning ? `, ${meaning}` : ""}${said ? `: "${said}"` : ""})`;
}

/**
 * Server-supplied text (a close reason, an HTTP body) is untrusted: control characters and escape sequences
 * are blanked so they cannot restyle or retitle the terminal that shows the message (design.md §7).
 */
export function oneLine(text: string, max = 200): string {
  const clean = text
    .replace(/[\u0000-\u001f\u007f-\u009f]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}
