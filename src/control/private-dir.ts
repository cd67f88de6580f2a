/**
 * The socket directory is the access control: Node cannot read a Unix socket peer's credentials
 * (SO_PEERCRED), so "same user only" rests on a 0700 directory owned by us holding 0600 sockets. These
 * checks make sure that is what we are using, on both ends.
 */
import { chmodSync, lstatSync, mkdirSync, type Stats } from "node:fs";
import { dirname } from "node:path";

/** A control directory or socket that is not safe to use, with the fix in the message. */
export class UnsafeControlPathError extends Error {
  override readonly name = "UnsafeControlPathError";
}

const uid = typeof process.getuid === "function" ? process.getuid() : undefined;

function ownedByUs(info: Stats): boolean {
  return uid === undefined || info.uid === uid;
}

/**
 * Creates `dir` (and its parents) if needed and makes sure it is a real directory owned by us with mode
 * 0700, tightening the mode when we own it. Refuses a symlink or someone else's directory: a socket placed
 * there could be reached, or impersonated, by another user.
 */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dirname(dir), { recursive: true });
  try {
    mkdirSync(dir, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const info = lstatSync(dir);
  if (info.isSymbolicLink() || !info.isDirectory())
    throw new UnsafeControlPathError(`${dir} is not a directory (a symlink?); remove it and start the pane again`);
  if (!ownedByUs(info))
    throw new UnsafeControlPathError(
      `${dir} belongs to another user (uid ${info.uid}); remove it or set XDG_RUNTIME_DIR to a private directory`,
    );
  if ((info.mode & 0o077) !== 0) chmodSync(dir, 0o700);
}

/**
 * Before connecting: the directory must be ours and private, the socket ours and a socket. Otherwise the
 * text would go to whoever planted it.
 */
export function checkPrivateSocket(path: string): void {
  const dir = dirname(path);
  const dirInfo = lstatSync(dir);
  if (!dirInfo.isDirectory() || !ownedByUs(dirInfo))
    throw new UnsafeControlPathError(`${dir} is not a directory of yours; refusing to use its sockets`);
  if ((dirInfo.mode & 0o077) !== 0)
    throw new UnsafeControlPathError(
      `${dir} is open to other users (mode ${(dirInfo.mode & 0o777).toString(8)}); run chmod 700 ${dir}`,
    );
  const info = lstatSync(path);
  if (!info.isSocket()) throw new UnsafeControlPathError(`${path} is not a socket`);
  if (!ownedByUs(info))
    throw new UnsafeControlPathError(`${path} belongs to another user (uid ${info.uid}); refusing to send to it`);
}
