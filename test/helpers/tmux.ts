import { unsetCiArgs } from "./user-env.js";
import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { waitForText } from "./wait-for-text.js";

let counter = 0;

/**
 * A real tmux server on a private socket (`-L`), no user config (`-f /dev/null`), for end-to-end tests of
 * the pane as a user sees it: `send` types keys, `screen` reads what is displayed, `waitFor` polls with a
 * bound. Always `kill()` in teardown.
 */
export class TmuxSession {
  readonly socket = `zcp-test-${process.pid}-${counter++}`;
  readonly home: string;

  /**
   * `home` reuses another session's HOME and XDG dirs (a second pane that resumes the first one's session);
   * `historyLimit` is the pane's scrollback in lines (tmux's default is 2,000).
   */
  constructor(
    readonly width = 60,
    readonly height = 20,
    home?: string,
    readonly historyLimit?: number,
  ) {
    this.home = home ?? mkdtempSync(join(tmpdir(), "zc-pane-e2e-"));
  }

  private tmux(...args: string[]): string {
    // A 2 MB answer's scrollback is more than execFileSync's default 1 MB of output.
    return execFileSync("tmux", ["-L", this.socket, "-f", "/dev/null", ...args], {
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
    });
  }

  /** Starts `command` (a shell command line) in a detached session of the given size. */
  start(command: string, env: Record<string, string> = {}): void {
    const vars = {
      HOME: this.home,
      XDG_STATE_HOME: join(this.home, "state"),
      XDG_CONFIG_HOME: join(this.home, "config"),
      XDG_RUNTIME_DIR: join(this.home, "run"),
      ...env,
    };
    const exports = Object.entries(vars)
      .map(([key, value]) => `${key}=${shellQuote(value)}`)
      .join(" ");
    // The option goes first, in the same tmux command: a pane's history-limit is fixed when it is created.
    const history = this.historyLimit ? ["set-option", "-g", "history-limit", String(this.historyLimit), ";"] : [];
    this.tmux(
      ...history,
      "new-session",
      "-d",
      "-s",
      "main",
      "-x",
      String(this.width),
      "-y",
      String(this.height),
      `env ${unsetCiArgs()} ${exports} ${command}; echo "[exited $?]"; sleep 30`,
    );
  }

  /** Sends keys as tmux names them (`Enter`, `Escape`, `C-c`, `M-Up`) or literal text with `literal`. */
  send(...keys: string[]): void {
    this.tmux("send-keys", "-t", "main", ...keys);
  }

  /** Types text literally (no key-name interpretation). */
  type(text: string): void {
    this.tmux("send-keys", "-t", "main", "-l", text);
  }

  /**
   * Types a prompt and submits it, Enter sent on its own once the input line shows the whole text: waiting for
   * the text anywhere would match an earlier prompt's echo in the transcript, and an Enter read together
   * with the last letters is a line break (a paste), not a submit.
   */
  async submit(text: string): Promise<void> {
    this.type(text);
    await this.waitFor(new RegExp(`^> ${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*$`, "m"));
    this.send("Enter");
  }

  /** The visible screen as plain text. */
  screen(): string {
    return this.tmux("capture-pane", "-p", "-t", "main");
  }

  /** Screen plus scrollback (what tmux copy-mode would search). */
  history(): string {
    return this.tmux("capture-pane", "-p", "-J", "-S", "-", "-t", "main");
  }

  /** The newest tmux paste buffer (what prefix+] would paste). */
  buffer(): string {
    return this.tmux("show-buffer");
  }

  /** Resizes the window (and so the pane) to `width` columns, as a user dragging a split does. */
  resize(width: number): void {
    this.tmux("resize-window", "-t", "main", "-x", String(width));
  }

  /** Polls the screen until `pattern` shows up; throws with the screen when it does not within `timeoutMs`. */
  async waitFor(
    pattern: RegExp | string,
    timeoutMs = 10_000,
    read: () => string = () => this.screen(),
  ): Promise<string> {
    return waitForText(read, pattern, timeoutMs);
  }

  kill(): void {
    try {
      this.tmux("kill-server");
    } catch {
      // Already gone.
    }
  }
}

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}
