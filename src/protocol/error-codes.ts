/** The JSON-RPC 2.0 error codes. */
export const JSONRPC_ERROR_CODES = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
} as const;

/**
 * The codes ACP v1 adds (acp-standard.md §4). `unsupportedProtocolVersion` is the SDK's, not in the schema.
 * Several clash with ZeroClaw's meaning of the same number: map them per peer, never globally.
 */
export const ACP_ERROR_CODES = {
  requestCancelled: -32800,
  authRequired: -32000,
  resourceNotFound: -32002,
  unsupportedProtocolVersion: -32022,
} as const;

/**
 * ZeroClaw's own codes (protocol.md §9). Only the first three are sent by its ACP server; -32000 means
 * "session not found" there, not "authentication required", and -32002 means "busy", not "not found".
 */
export const ZEROCLAW_ERROR_CODES = {
  sessionNotFound: -32000,
  sessionLimitReached: -32001,
  sessionBusy: -32002,
  sessionNotOwned: -32003,
  authRequired: -32010,
  versionMismatch: -32011,
} as const;
