import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CLI } from "../demo-agent.js";
import type { HostileFixture } from "./fixture.js";
import { waitForText } from "../wait-for-text.js";

let counter = 0;

/**
 * The pane (the built CLI) in a real tmux on a private socket, against a hostile peer, with every byte it
 * writes recorded by `pipe-pane` from its very first one: the program waits for a file to appear, which the
 * harness creates only once the pipe is in place. The environment is the fixture's (no CI variables; TERM
 * as tmux sets it).
 */
export class HostilePane {
  readonly socket = `zcp-hostile-${process.pid}-${counter++}`;
  readonly bytesFile: string;

  constructor(
    private readonly fixture: HostileFixture,
    readonly width = 80,
    readonly height = 24,
  ) {
    this.bytesFile = join(fixture.root, `${this.socket}.bytes`);
  }

  private tmux(...args: string[]): string {
    return execFileSync("tmux", ["-L", this.socket, "-f", "/dev/null", ...args], {
      encoding: "utf8",
      env: this.fixture.env(),
    });
  }

  /** Starts `zc-pane ARGS…` in the fixture's project directory and waits until it shows `ready`. */
  async start(args: readonly string[]): Promise<void> {
    const go = join(this.fixture.root, `${this.socket}.go`);
    const line = [process.execPath, CLI, ...args].map(quote).join(" ");
    this.tmux(
      "new-session",
      "-d",
      "-s",
      "main",
      "-x",
      String(this.width),
      "-y",
      String(this.height),
      "-c",
      this.fixture.project,
      `while [ ! -e ${quote(go)} ]; do sleep 0.05; done; ${line}; echo "[exited $?]"; sleep 60`,
    );
    writeFileSync(this.bytesFile, "");
    this.tmux("pipe-pane", "-O", "-t", "main", `cat >> ${quote(this.bytesFile)}`);
    writeFileSync(go, "");
    await this.waitFor(/ready/);
  }

  /** Types a prompt and submits it (Enter on its own, once the text shows, as a person types). */
  async submit(text: string): Promise<void> {
    this.tmux("send-keys", "-t", "main", "-l", text);
    await this.waitFor(text);
    this.tmux("send-keys", "-t", "main", "Enter");
  }

  send(...keys: string[]): void {
    this.tmux("send-keys", "-t", "main", ...keys);
  }

  /** The screen and its scrollback, as copy-mode shows it. */
  history(): string {
    return this.tmux("capture-pane", "-p", "-J", "-S", "-", "-t", "main");
  }

  /** A tmux format expanded for the pane (`#{pane_title}`): what tmux made of the bytes it received. */
  tmuxFormat(format: string): string {
    return this.tmux("display-message", "-p", "-t", "main", format).trimEnd();
  }

  /** Every byte the pane's program wrote so far. */
  bytes(): string {
    return existsSync(this.bytesFile) ? readFileSync(this.bytesFile, "latin1") : "";
  }

  async waitFor(
    pattern: RegExp | string,
    timeoutMs = 20_000,
    read: () => string = () => this.history(),
  ): Promise<string> {
    return waitForText(read, pattern, timeoutMs);
  }

  kill(): void {
    try {
      this.tmux("kill-server");
    } catch {
      // Already gone.
    }
    rmSync(join(process.env.TMUX_TMPDIR || "/tmp", `tmux-${process.getuid?.() ?? 0}`, this.socket), { force: true });
  }
}

function quote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}
