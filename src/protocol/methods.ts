/**
 * Every method name the client sends or handles. Standard ACP v1 unless marked: ZeroClaw's extensions have no
 * `_` prefix except `_zeroclaw/history_trimmed` (protocol.md §2, §14).
 */
export const ACP_METHODS = {
  initialize: "initialize",
  authenticate: "authenticate",
  logout: "logout",
  sessionNew: "session/new",
  sessionLoad: "session/load",
  sessionResume: "session/resume",
  sessionClose: "session/close",
  sessionList: "session/list",
  sessionDelete: "session/delete",
  sessionSetMode: "session/set_mode",
  sessionSetConfigOption: "session/set_config_option",
  /** Never stabilised and removed from the spec; send only to agents that advertise `models`. */
  sessionSetModel: "session/set_model",
  sessionPrompt: "session/prompt",
  /** A notification in standard ACP; ZeroClaw also accepts it as a request. */
  sessionCancel: "session/cancel",
  /** ZeroClaw extension: ends the session after the running turn finishes. */
  sessionStop: "session/stop",
  sessionUpdate: "session/update",
  sessionRequestPermission: "session/request_permission",
  fsReadTextFile: "fs/read_text_file",
  fsWriteTextFile: "fs/write_text_file",
  terminalCreate: "terminal/create",
  terminalOutput: "terminal/output",
  terminalWaitForExit: "terminal/wait_for_exit",
  terminalKill: "terminal/kill",
  terminalRelease: "terminal/release",
  elicitationCreate: "elicitation/create",
  elicitationComplete: "elicitation/complete",
  /** Protocol-level cancellation of one request, in either direction. */
  cancelRequest: "$/cancel_request",
  /** ZeroClaw notification: older turns were dropped from the context. */
  zeroclawHistoryTrimmed: "_zeroclaw/history_trimmed",
} as const;

/** Any of the method names in {@link ACP_METHODS}. */
export type AcpMethod = (typeof ACP_METHODS)[keyof typeof ACP_METHODS];

/** The current ACP protocol version; the client sends it in `initialize` and expects it back. */
export const ACP_PROTOCOL_VERSION = 1;
