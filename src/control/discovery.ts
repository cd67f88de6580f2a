/**
 * `zc-pane send`'s search for the pane to talk to: the zc-pane of the current tmux window (found by its
 * `@zc-pane` pane option), a tmux pane named with `--pane`, or a zellij pane of the current session (found
 * by its socket's name). Everything it touches is passed in, so it is tested without tmux or zellij.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { runtimeDir } from "../config/paths.js";
import {
  controlSocketPath,
  describePane,
  tmuxServerPid,
  zellijSocketPrefix,
  type PaneIdentity,
} from "./pane-identity.js";
import type { TmuxRunner } from "./tmux-command.js";

/** The pane option marking a zc-pane pane (set by the plugin and by the pane itself). */
export const PANE_MARK_OPTION = "@zc-pane";
/** The pane option holding the pane's control socket path (published by the pane). */
export const PANE_SOCKET_OPTION = "@zc-pane-socket";

/** Where to send, and how to name the pane in messages. */
export interface SendTarget {
  readonly socketPath: string;
  readonly label: string;
  readonly identity?: PaneIdentity;
}

/** No pane could be chosen; the message says what to do. */
export class DiscoveryError extends Error {
  override readonly name = "DiscoveryError";
}

/** What discovery may look at: the environment, tmux, and the socket directory's listing. */
export interface DiscoveryContext {
  readonly env: NodeJS.ProcessEnv;
  readonly tmux: TmuxRunner;
  /** Lists a directory's entries (none when it does not exist). */
  readonly listDir?: (dir: string) => readonly string[];
}

const listDirDefault = (dir: string): readonly string[] => {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
};

const FIELDS = `#{pane_id}\t#{${PANE_MARK_OPTION}}\t#{${PANE_SOCKET_OPTION}}`;

function parsePaneLine(line: string): { paneId: string; marked: boolean; socket: string } | undefined {
  const [paneId, mark, socket] = line.split("\t");
  if (!paneId || !/^%\d+$/.test(paneId)) return undefined;
  return { paneId, marked: mark === "1", socket: socket ?? "" };
}

/**
 * Finds the pane `send` should talk to. `pane` is what the user passed to `--pane`: a tmux target (`%3`,
 * `:1.2`) inside tmux, a pane id inside zellij; without it, the one zc-pane of the current tmux window or
 * zellij session.
 */
export async function findSendTarget(pane: string | undefined, context: DiscoveryContext): Promise<SendTarget> {
  const { env } = context;
  if (env.TMUX) return findTmuxTarget(pane, context);
  if (env.ZELLIJ_SESSION_NAME) return findZellijTarget(pane, env.ZELLIJ_SESSION_NAME, context);
  if (pane !== undefined && /^%?\d+$/.test(pane)) return findTmuxSocketOutside(pane, context);
  throw new DiscoveryError(
    "not inside tmux or zellij: run it in a pane of the session the zc-pane runs in, or pass --pane %N for a tmux pane",
  );
}

async function findTmuxTarget(pane: string | undefined, { env, tmux }: DiscoveryContext): Promise<SendTarget> {
  const serverPid = tmuxServerPid(env.TMUX);
  let found: ReturnType<typeof parsePaneLine>;
  if (pane !== undefined) {
    let output: string;
    try {
      output = await tmux(["display-message", "-p", "-t", pane, FIELDS]);
    } catch (error) {
      throw new DiscoveryError(`no tmux pane ${pane}: ${(error as Error).message}`);
    }
    found = parsePaneLine(output.trim());
    if (!found) throw new DiscoveryError(`no tmux pane ${pane}`);
  } else {
    // The window of the pane we run in; from a key binding's run-shell there is no TMUX_PANE and tmux picks
    // the current window of the most recent client, which is the one the user pressed the key in.
    const args = ["list-panes", "-F", FIELDS, ...(env.TMUX_PANE ? ["-t", env.TMUX_PANE] : [])];
    let output: string;
    try {
      output = await tmux(args);
    } catch (error) {
      throw new DiscoveryError(`could not ask tmux for this window's panes: ${(error as Error).message}`);
    }
    const panes = output
      .split("\n")
      .map(parsePaneLine)
      .filter((line) => line !== undefined);
    found = panes.find((candidate) => candidate.marked);
    if (!found)
      throw new DiscoveryError("no zc-pane runs in this tmux window: open one with prefix+a, or pass --pane ID");
  }
  const identity: PaneIdentity = { kind: "tmux", paneId: found.paneId, serverPid };
  // The pane publishes its socket's path; computing it is the fallback for a pane that has not yet.
  const socketPath = found.socket !== "" ? found.socket : controlSocketPath(identity, env);
  return { socketPath, label: describePane(identity), identity };
}

function findZellijTarget(
  pane: string | undefined,
  session: string,
  { env, listDir = listDirDefault }: DiscoveryContext,
): SendTarget {
  if (pane !== undefined) {
    if (!/^\d+$/.test(pane))
      throw new DiscoveryError(`--pane takes a zellij pane id (a number, as in ZELLIJ_PANE_ID), not "${pane}"`);
    const identity: PaneIdentity = { kind: "zellij", session, paneId: pane };
    return { socketPath: controlSocketPath(identity, env), label: describePane(identity), identity };
  }
  const dir = runtimeDir(env);
  const prefix = zellijSocketPrefix(session);
  const own = env.ZELLIJ_PANE_ID;
  const ids = listDir(dir)
    .filter((name) => name.startsWith(prefix) && name.endsWith(".sock"))
    .map((name) => name.slice(prefix.length, -".sock".length))
    .filter((id) => /^\d+$/.test(id) && id !== own)
    .sort((a, b) => Number(a) - Number(b));
  if (ids.length === 0)
    throw new DiscoveryError(
      `no zc-pane runs in zellij session "${session}": start one (zellij run --direction right -- zc-pane)`,
    );
  if (ids.length > 1)
    throw new DiscoveryError(
      `several zc-panes run in zellij session "${session}" (panes ${ids.join(", ")}): pass --pane ID`,
    );
  const identity: PaneIdentity = { kind: "zellij", session, paneId: ids[0]! };
  return { socketPath: join(dir, `${prefix}${ids[0]}.sock`), label: describePane(identity), identity };
}

/** `--pane %N` from outside tmux (an editor started elsewhere): the one socket for pane N, whatever server. */
function findTmuxSocketOutside(pane: string, { env, listDir = listDirDefault }: DiscoveryContext): SendTarget {
  const number = pane.replace(/^%/, "");
  const dir = runtimeDir(env);
  const names = listDir(dir).filter((name) => new RegExp(`^tmux-(\\d+|x)-${number}\\.sock$`).test(name));
  const label = `tmux pane %${number}`;
  if (names.length === 0) throw new DiscoveryError(`no zc-pane is running in ${label} (no control socket in ${dir})`);
  if (names.length > 1)
    throw new DiscoveryError(`several tmux servers have a zc-pane in pane %${number}: run zc-pane send inside tmux`);
  return { socketPath: join(dir, names[0]!), label };
}
