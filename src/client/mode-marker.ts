import type { SessionUpdate } from "../protocol/index.js";

/**
 * gemini-cli tells a change of its approval mode (one it made, or `session/set_mode`'s) as an agent message
 * chunk `[MODE_UPDATE] yolo`, not as ACP's `current_mode_update`; shown as text, the markers glue into the
 * answer (`[MODE_UPDATE] autoEdit[MODE_UPDATE] yolo`). Such a chunk is read as the update it stands for.
 */
const MODE_MARKER = /^\s*\[MODE_UPDATE\]\s*([^\s[\]]+)\s*$/;

/** The update as the rest of the client should see it: a mode marker chunk becomes `current_mode_update`. */
export function withModeMarkerRead(update: SessionUpdate): SessionUpdate {
  if (update.sessionUpdate !== "agent_message_chunk" || update.content.type !== "text") return update;
  const match = MODE_MARKER.exec(update.content.text);
  return match?.[1] ? { sessionUpdate: "current_mode_update", currentModeId: match[1] } : update;
}
