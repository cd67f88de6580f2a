/**
 * Which multiplexer pane a zc-pane runs in, and the name of its control socket (design.md §5: one socket per
 * pane under `$XDG_RUNTIME_DIR/zc-pane/`, else the state dir's `run/`). Pure: reads only the environment it
 * is given.
 */
import { join } from "node:path";
import { runtimeDir } from "../config/paths.js";

/** A tmux pane: `%N` ids are unique per tmux server only, so the server's pid is part of the name. */
export interface TmuxPane {
  readonly kind: "tmux";
  /** `%3`. */
  readonly paneId: string;
  /** The tmux server's pid (from `$TMUX`), or undefined when `$TMUX` is unreadable. */
  readonly serverPid: number | undefined;
}

/** A zellij pane: ids are unique per zellij session. */
export interface ZellijPane {
  readonly kind: "zellij";
  readonly session: string;
  /** `ZELLIJ_PANE_ID`, a number as text. */
  readonly paneId: string;
}

/** The multiplexer pane a zc-pane runs in, which names its control socket. */
export type PaneIdentity = TmuxPane | ZellijPane;

/**
 * Linux's `sun_path` holds 108 bytes (104 on macOS), the terminating NUL included: a longer socket path
 * cannot be bound at all, so it is refused with a message instead of an obscure EINVAL.
 */
export const MAX_SOCKET_PATH_BYTES = 103;

/** The tmux server pid from `$TMUX` (`socket-path,server-pid,session-index`). */
export function tmuxServerPid(tmuxVar: string | undefined): number | undefined {
  const pid = tmuxVar?.split(",").at(-2);
  return pid !== undefined && /^\d+$/.test(pid) ? Number(pid) : undefined;
}

/**
 * The pane this process runs in. tmux wins over zellij when both are set: a zellij inside a tmux pane is
 * rarer than the reverse, and tmux's `TMUX_PANE` is always the innermost tmux pane.
 */
export function paneIdentityFromEnv(env: NodeJS.ProcessEnv = process.env): PaneIdentity | undefined {
  if (env.TMUX && env.TMUX_PANE && /^%\d+$/.test(env.TMUX_PANE)) {
    return { kind: "tmux", paneId: env.TMUX_PANE, serverPid: tmuxServerPid(env.TMUX) };
  }
  if (env.ZELLIJ_SESSION_NAME && env.ZELLIJ_PANE_ID && /^\d+$/.test(env.ZELLIJ_PANE_ID)) {
    return { kind: "zellij", session: env.ZELLIJ_SESSION_NAME, paneId: env.ZELLIJ_PANE_ID };
  }
  return undefined;
}

/**
 * A zellij session name as a file-name part: letters, digits, `.`, `_` and `-` stay, any other byte becomes
 * `~XX` (hex), so two different names never share a socket and nothing can climb out of the directory.
 */
export function fileNamePart(name: string): string {
  let out = "";
  for (const byte of Buffer.from(name, "utf8")) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9._-]/.test(char) ? char : `~${byte.toString(16).padStart(2, "0")}`;
  }
  return out;
}

/** The socket's file name: `tmux-<server pid>-<N>.sock` for `%N`, `zellij-<session>-<id>.sock`. */
export function socketFileName(identity: PaneIdentity): string {
  if (identity.kind === "tmux") return `tmux-${identity.serverPid ?? "x"}-${identity.paneId.replace(/^%/, "")}.sock`;
  return `zellij-${fileNamePart(identity.session)}-${identity.paneId}.sock`;
}

/** The prefix shared by every socket of one zellij session (to find its panes by listing the directory). */
export function zellijSocketPrefix(session: string): string {
  return `zellij-${fileNamePart(session)}-`;
}

/** The control socket of `identity` in the runtime dir of `env`. */
export function controlSocketPath(identity: PaneIdentity, env: NodeJS.ProcessEnv = process.env): string {
  return join(runtimeDir(env), socketFileName(identity));
}

/** How a pane is named in messages: `tmux pane %3`, `zellij pane 2 of session main`. */
export function describePane(identity: PaneIdentity): string {
  return identity.kind === "tmux"
    ? `tmux pane ${identity.paneId}`
    : `zellij pane ${identity.paneId} of session ${identity.session}`;
}
