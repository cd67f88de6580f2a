import { createLogger } from "../log/logger.js";
import type { PaneControl, PaneControlOptions } from "./pane-control.js";

const log = createLogger("control.launch");

/**
 * Starts the pane's control side ({@link PaneControl}: the `send` socket and tmux state publication) in the
 * background, importing it only now so the first frame does not wait for it. `stop` may come before the
 * start has finished (a pane quit at once): the control side is then stopped as soon as it exists, and its
 * socket never outlives the pane.
 */
export function launchPaneControl(options: PaneControlOptions): { stop(): void } {
  let control: PaneControl | undefined;
  let stopped = false;
  import("./pane-control.js")
    .then(({ startPaneControl }) => startPaneControl(options))
    .then(
      (started) => {
        if (stopped) started.stop();
        else control = started;
      },
      (error: unknown) => log.warn("the control socket and tmux state could not start", error),
    );
  return {
    stop: () => {
      stopped = true;
      control?.stop();
      control = undefined;
    },
  };
}
