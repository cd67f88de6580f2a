import type { RpcErrorKind } from "./errors.js";

/** Maps an agent's error codes to meanings; chosen per peer once `initialize` tells who the agent is. */
export interface ErrorProfile {
  readonly name: "standard" | "zeroclaw";
  classify(code: number): RpcErrorKind;
}

function sharedKind(code: number): RpcErrorKind | undefined {
  switch (code) {
    case -32700:
      return "parse-error";
    case -32600:
      return "invalid-request";
    case -32601:
      return "method-not-found";
    case -32602:
      return "invalid-params";
    case -32603:
      return "internal";
    case -32800:
      return "cancelled";
    default:
      return undefined;
  }
}

/** Standard ACP v1: -32000 authentication required, -32002 resource (session) not found. */
export const STANDARD_PROFILE: ErrorProfile = {
  name: "standard",
  classify(code) {
    if (code === -32000) return "auth-required";
    if (code === -32002) return "session-not-found";
    return sharedKind(code) ?? "other";
  },
};

/**
 * ZeroClaw (`crates/zeroclaw-api/src/jsonrpc.rs`, protocol.md §9): -32000 session not found, -32001 session
 * limit reached, -32002 session busy, -32010 auth required.
 */
export const ZEROCLAW_PROFILE: ErrorProfile = {
  name: "zeroclaw",
  classify(code) {
    switch (code) {
      case -32000:
        return "session-not-found";
      case -32001:
        return "session-limit";
      case -32002:
        return "busy";
      case -32010:
        return "auth-required";
      default:
        return sharedKind(code) ?? "other";
    }
  },
};
