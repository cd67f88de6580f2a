import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";

/**
 * The gateway's bearer check (protocol.md §10.2), as ZeroClaw runs it before the WebSocket upgrade. The
 * token is the first non-empty one of: `Authorization: Bearer <token>` (the prefix is case-sensitive, the
 * token trimmed), the first `Sec-WebSocket-Protocol` entry of the form `bearer.<token>`, `?token=<token>`.
 * Only that one is checked: a wrong header token is not rescued by a right query token.
 */

/** The exact plain-text body of ZeroClaw's 401 (clients and tests match on it). */
export const UNAUTHORIZED_BODY =
  "Unauthorized - provide Authorization header, Sec-WebSocket-Protocol bearer, or ?token= query param";

/** The subprotocol the gateway echoes when, and only when, the client offers it. */
export const ACP_SUBPROTOCOL = "zeroclaw.acp.v1";

/** The token the request presents, by the precedence above; undefined when there is none. */
export function presentedToken(headers: IncomingHttpHeaders, query: URLSearchParams): string | undefined {
  const authorization = headers.authorization;
  if (authorization?.startsWith("Bearer ")) {
    const token = authorization.slice("Bearer ".length).trim();
    if (token !== "") return token;
  }
  const protocols = headers["sec-websocket-protocol"];
  if (protocols !== undefined) {
    const offered = (Array.isArray(protocols) ? protocols.join(",") : protocols)
      .split(",")
      .map((entry) => entry.trim());
    const bearer = offered.find((entry) => entry.startsWith("bearer."));
    if (bearer !== undefined && bearer.length > "bearer.".length) return bearer.slice("bearer.".length);
  }
  const token = query.get("token");
  return token !== null && token !== "" ? token : undefined;
}

/**
 * The set of accepted tokens. Like ZeroClaw, only SHA-256 digests are kept and compared (in constant
 * time), so the token itself is not held in memory longer than needed. An empty set means pairing is
 * off: every request is accepted (`require_pairing = false`).
 */
export class TokenCheck {
  private readonly digests: Buffer[];

  constructor(tokens: readonly string[]) {
    this.digests = tokens.map(digest);
  }

  get required(): boolean {
    return this.digests.length > 0;
  }

  accepts(token: string | undefined): boolean {
    if (!this.required) return true;
    if (token === undefined) return false;
    const presented = digest(token);
    return this.digests.some((known) => timingSafeEqual(known, presented));
  }
}

function digest(token: string): Buffer {
  return createHash("sha256").update(token, "utf8").digest();
}
