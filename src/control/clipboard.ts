import { spawn } from "node:child_process";

/**
 * OSC 52 "set the clipboard" for `text`. Inside tmux (`tmux`), wrapped in tmux's DCS passthrough
 * (`ESC P tmux; … ESC \`, every ESC inside doubled) so it reaches the outer terminal even where tmux's
 * `set-clipboard` does not take it from applications; tmux needs `allow-passthrough` for that, and the tmux
 * buffer written beside it ({@link copyText}) covers the rest.
 */
export function osc52(text: string, tmux: boolean): string {
  const sequence = `\u001b]52;c;${Buffer.from(text, "utf8").toString("base64")}\u0007`;
  return tmux ? `\u001bPtmux;${sequence.replace(/\u001b/g, "\u001b\u001b")}\u001b\\` : sequence;
}

/** Where {@link copyText} put the text. */
export interface CopyResult {
  /** A tmux buffer holds it (prefix+] pastes it). */
  readonly tmuxBuffer: boolean;
}

/**
 * Copies `text` for the user: OSC 52 through `write` (the terminal), and inside tmux (`TMUX` set) also into a
 * tmux buffer with `tmux load-buffer -w -` (the text goes on stdin: nothing of it is read as a tmux format
 * or an argument). Resolves once tmux has the buffer (or failed to take it).
 */
export async function copyText(
  text: string,
  options: { readonly write: (data: string) => void; readonly env?: NodeJS.ProcessEnv },
): Promise<CopyResult> {
  const env = options.env ?? process.env;
  const inTmux = Boolean(env["TMUX"]);
  options.write(osc52(text, inTmux));
  if (!inTmux) return { tmuxBuffer: false };
  const tmuxBuffer = await new Promise<boolean>((resolve) => {
    const child = spawn("tmux", ["load-buffer", "-w", "-"], { env, stdio: ["pipe", "ignore", "ignore"] });
    child.on("error", () => resolve(false));
    child.on("close", (code) => resolve(code === 0));
    child.stdin.on("error", () => undefined);
    child.stdin.end(text);
  });
  return { tmuxBuffer };
}
