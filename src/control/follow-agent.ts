import { createLogger } from "../log/logger.js";
import type { PaneStore } from "../state/pane-store.js";
import type { PaneState, ToolRowLocation } from "../state/view-model.js";
import type { TmuxRunner } from "./tmux-command.js";

const log = createLogger("control.follow");

/** The tmux option that turns following on: every new location of a running turn is opened. */
export const FOLLOW_OPTION = "@zc-pane-follow";

function key(toolCallId: string, location: ToolRowLocation): string {
  return `${toolCallId}\n${location.path}\n${location.line ?? ""}`;
}

/** Locations of the live tool rows (running and just finished), in order. */
function liveLocations(state: PaneState): Array<{ id: string; location: ToolRowLocation }> {
  const found: Array<{ id: string; location: ToolRowLocation }> = [];
  for (const record of [...state.live.recent, ...state.live.tools])
    for (const location of record.row.locations) found.push({ id: record.row.toolCallId, location });
  return found;
}

/**
 * `@zc-pane-follow on`: each location a tool call of this pane reports for the first time is opened
 * with `open` (one at a time, the latest wins when several come at once). The option is read when a new
 * location arrives, so `tmux set -g @zc-pane-follow on` applies at once. Returns the unsubscribe function.
 */
export function followAgent(store: PaneStore, tmux: TmuxRunner, open: (location: ToolRowLocation) => void): () => void {
  const seen = new Set<string>();
  let checking = false;
  let latest: ToolRowLocation | undefined;
  const check = () => {
    const state = store.getState();
    // A restored session's replay is history, not the agent working now: seen, never followed.
    const replaying = state.header.connection === "restoring";
    for (const { id, location } of liveLocations(state)) {
      const name = key(id, location);
      if (seen.has(name)) continue;
      seen.add(name);
      if (!replaying) latest = location;
    }
    if (!latest || checking) return;
    checking = true;
    void tmux(["show-option", "-gqv", FOLLOW_OPTION])
      .then(
        (value) => {
          const location = latest;
          latest = undefined;
          if (location && value.trim() === "on") open(location);
        },
        (error: unknown) => log.debug("could not read @zc-pane-follow", error),
      )
      .finally(() => {
        checking = false;
        // A location that came while the option was being read.
        if (latest) check();
      });
  };
  return store.subscribe(check);
}
