import { createLogger } from "../log/logger.js";
import { wantsAttention, type AttentionState } from "./attention.js";
import { PANE_MARK_OPTION, PANE_SOCKET_OPTION } from "./discovery.js";
import type { TmuxRunner } from "./tmux-command.js";

const log = createLogger("control.tmux");

/** The pane and window option the status line and the jump key read. */
export const STATE_OPTION = "@zc-pane-state";

/** Options of {@link TmuxStatePublisher}. */
export interface TmuxPublisherOptions {
  /** `%3`: the pane we run in (`$TMUX_PANE`). */
  readonly paneId: string;
  readonly tmux: TmuxRunner;
  /**
   * Asks for attention for `state` while the user looks elsewhere: the terminal bell in the pane (tmux turns
   * it into the window's bell flag), plus the configured desktop notification (notifier.ts).
   */
  readonly ring: (state: AttentionState) => void;
  /** The control socket's path, published so `zc-pane send` finds it whatever its own environment. */
  readonly socketPath?: string;
  /**
   * Another window that shows this pane's state: the user's window of a popup agent, which runs in a hidden
   * session of its own (`@zc-pane-popup`).
   */
  readonly ownerWindow?: string;
}

/**
 * Publishes the pane's {@link AttentionState} to tmux: as a pane option (scripts, the jump key) and as a
 * window option (a window-status format cannot read another pane's options), one `tmux` command per change
 * and none otherwise; no timer runs. When the new state wants attention and the user is not looking at this
 * pane (another pane or window is active, or no client is attached), the pane rings the bell, which tmux
 * shows as the window's bell flag until the window is visited.
 *
 * Changes are sent in order, one tmux command at a time; states that arrive while one is in flight collapse
 * into the latest.
 */
export class TmuxStatePublisher {
  private published: AttentionState | undefined;
  private wanted: AttentionState | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  private marked = false;

  constructor(private readonly options: TmuxPublisherOptions) {}

  /** Asks for `state` to be published (a no-op when it already is). */
  set(state: AttentionState): void {
    if (this.stopped) return;
    this.wanted = state;
    if (!this.running && state !== this.published) this.running = this.drain();
  }

  /** Resolves when everything asked for so far has been published (tests). */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  /**
   * Stops publishing and removes the options, so a pane that goes on as a plain shell (zc-pane was run by
   * hand) is no longer taken for a zc-pane. The removal waits for a publication in flight (which would
   * otherwise set them again), and nobody needs to wait for it: quitting goes on, and the `tmux` child
   * finishes on its own. Resolves when done (tests).
   */
  stop(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    this.stopped = true;
    const target = this.options.paneId;
    const { ownerWindow } = this.options;
    return (this.running ?? Promise.resolve()).then(async () => {
      if (!this.marked) return;
      try {
        await this.options.tmux([
          "set-option",
          "-p",
          "-u",
          "-t",
          target,
          STATE_OPTION,
          ";",
          "set-option",
          "-p",
          "-u",
          "-t",
          target,
          PANE_SOCKET_OPTION,
          ";",
          "set-option",
          "-p",
          "-u",
          "-t",
          target,
          PANE_MARK_OPTION,
          ";",
          "set-option",
          "-w",
          "-u",
          "-t",
          target,
          STATE_OPTION,
          ...(ownerWindow ? [";", "set-option", "-w", "-u", "-t", ownerWindow, STATE_OPTION] : []),
        ]);
      } catch {
        // The pane is already gone (tmux closed it): so are its options.
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      while (!this.stopped && this.wanted !== undefined && this.wanted !== this.published) {
        const state = this.wanted;
        await this.publish(state);
        this.published = state;
      }
    } finally {
      this.running = undefined;
    }
  }

  private async publish(state: AttentionState): Promise<void> {
    const target = this.options.paneId;
    const args = [
      "set-option",
      "-p",
      "-t",
      target,
      STATE_OPTION,
      state,
      ";",
      "set-option",
      "-w",
      "-t",
      target,
      STATE_OPTION,
      state,
    ];
    if (this.options.ownerWindow)
      args.push(";", "set-option", "-w", "-t", this.options.ownerWindow, STATE_OPTION, state);
    if (!this.marked) {
      // First publication: mark the pane (also when zc-pane was started by hand, not by the plugin) and
      // say where its socket is.
      args.push(";", "set-option", "-p", "-t", target, PANE_MARK_OPTION, "1");
      if (this.options.socketPath)
        args.push(";", "set-option", "-p", "-t", target, PANE_SOCKET_OPTION, this.options.socketPath);
    }
    const ask = wantsAttention(state);
    if (ask) args.push(";", "display-message", "-p", "-t", target, "#{pane_active}#{window_active}#{session_attached}");
    try {
      const output = await this.options.tmux(args);
      this.marked = true;
      if (ask && !/^11[1-9]/.test(output.trim())) this.options.ring(state);
    } catch (error) {
      log.warn(`publishing ${STATE_OPTION}=${state} failed`, error);
    }
  }
}
