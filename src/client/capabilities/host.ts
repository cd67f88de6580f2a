import type { ClientEvent } from "../events.js";

/**
 * What the capability handlers need from the {@link AcpClient} that owns them: which directories a session
 * may touch, and a way to tell the pane what happened. Kept this small so the handlers can be tested, and
 * reasoned about, without the rest of the client.
 */
export interface CapabilityHost {
  /**
   * The session's cwd followed by its additional directories, or `undefined` when this client does not hold
   * the session (never opened, or closed since): such requests are refused.
   */
  sessionRoots(sessionId: string): readonly string[] | undefined;
  /** Delivers an event to the client's subscribers. */
  emit(event: ClientEvent): void;
}
