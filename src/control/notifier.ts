import { spawn } from "node:child_process";
import { createLogger } from "../log/logger.js";
import { sanitizeLine } from "../markdown/sanitize.js";
import type { AttentionState } from "./attention.js";

const log = createLogger("control.notify");

/** How a pane the user is not looking at asks for attention, besides the bell (`"notify"` in config.json). */
export type NotifyMethod = "bell" | "osc9" | "osc777" | "command";

/** The `notify` settings: the method, and for `command` the program and its leading arguments. */
export interface NotifySettings {
  readonly method: NotifyMethod;
  /** `notifyCommand` as argv (`["notify-send", "-a", "zc-pane"]`); title and body are appended as two words. */
  readonly command?: readonly string[];
}

/** What a notification says: the title names the agent, the body what waits. */
export interface Notification {
  readonly title: string;
  readonly body: string;
}

const ESC = "\u001b";
const BEL = "\u0007";

/** The notification for a state that wants attention; every agent-given string is sanitized. */
export function notificationFor(state: AttentionState, agentName: string | undefined): Notification {
  const title = `zc-pane${agentName ? ` · ${sanitizeLine(agentName)}` : ""}`;
  const body =
    state === "needs-permission"
      ? "a request waits for your answer"
      : state === "error"
        ? "the agent stopped or the turn failed"
        : "the turn ended";
  return { title, body };
}

/**
 * The bytes of an OSC 9 or OSC 777 desktop notification. `;` separates OSC 777's fields, so it is taken out
 * of the texts; control characters never reach here (sanitized). Inside tmux the sequence is wrapped in
 * tmux's passthrough (`ESC P tmux; … ESC \`, every ESC inside doubled), which tmux forwards to the outer
 * terminal only with `set -g allow-passthrough on`.
 */
export function desktopNotificationBytes(
  method: "osc9" | "osc777",
  notification: Notification,
  inTmux: boolean,
): string {
  const title = sanitizeLine(notification.title).replace(/;/g, ",");
  const body = sanitizeLine(notification.body).replace(/;/g, ",");
  const sequence = method === "osc9" ? `${ESC}]9;${title}: ${body}${BEL}` : `${ESC}]777;notify;${title};${body}${BEL}`;
  return inTmux ? `${ESC}Ptmux;${sequence.replaceAll(ESC, ESC + ESC)}${ESC}\\` : sequence;
}

/** Options of {@link createNotifier}. */
export interface NotifierOptions {
  readonly settings: NotifySettings;
  /** Writes to the terminal (only the CLI may). */
  readonly write: (bytes: string) => void;
  readonly inTmux: boolean;
  /** The agent's name once connected, for the title. */
  readonly agentName: () => string | undefined;
}

/**
 * The pane's "look here" for a state that wants attention while the user looks elsewhere (the caller
 * decides that): always the bell (tmux shows it as the window's bell flag), plus the configured desktop
 * notification. A `command` is run without a shell, so nothing in the texts is ever expanded.
 */
export function createNotifier(options: NotifierOptions): (state: AttentionState) => void {
  const { settings } = options;
  return (state) => {
    const notification = notificationFor(state, options.agentName());
    let bytes = BEL;
    if (settings.method === "osc9" || settings.method === "osc777")
      bytes += desktopNotificationBytes(settings.method, notification, options.inTmux);
    options.write(bytes);
    const [program, ...args] = settings.method === "command" ? (settings.command ?? []) : [];
    if (!program) return;
    try {
      const child = spawn(program, [...args, notification.title, notification.body], {
        stdio: "ignore",
        detached: true,
      });
      child.on("error", (error) => log.warn(`notifyCommand ${program} failed`, error));
      child.unref();
    } catch (error) {
      log.warn(`notifyCommand ${program} failed`, error);
    }
  };
}
