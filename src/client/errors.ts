/**
 * An error with a message meant for the user (one or two lines saying what happened and what to do). The
 * CLI prints `message`; the log keeps `cause`.
 */
export class ClientError extends Error {
  constructor(
    message: string,
    readonly code:
      | "unsupported-protocol"
      | "initialize-timeout"
      | "unknown-session"
      | "not-supported"
      | "attachment"
      | "agent-error"
      | "connection"
      | "busy"
      | "auth-required",
    options: { cause?: unknown } = {},
  ) {
    super(message, options);
    this.name = "ClientError";
  }
}
