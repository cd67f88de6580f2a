import { lstat, realpath } from "node:fs/promises";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { errorCode, invalidParams, ioFailure } from "./refusals.js";

/** A path the agent named, resolved to where it really points. */
export interface ResolvedPath {
  /** The path as the agent gave it, normalised (`..` folded); what the user should see. */
  readonly requested: string;
  /** Symlinks resolved: the file we actually read or write. */
  readonly real: string;
  /** Whether `real` exists (false: a file or directories still to be created under an existing ancestor). */
  readonly exists: boolean;
}

/**
 * Resolves `path` and checks that it lies inside one of `roots` (a session's cwd and its additional
 * directories). The realpath of the nearest existing ancestor is what is compared, so neither `../` nor a
 * symlink inside the cwd that points elsewhere can reach outside; the missing tail of the path cannot
 * contain a symlink because it does not exist yet. Refusals are -32602 errors that name the path and the
 * allowed roots, so the agent (and the model behind it) can correct itself.
 *
 * The check and the later open are not atomic: a process that swaps a directory for a symlink in between
 * wins the race. The agent could do that anyway through `terminal/create`; this guard is against mistakes
 * and against paths the model was talked into, not against a hostile local process.
 */
export async function resolveInsideRoots(path: string, roots: readonly string[]): Promise<ResolvedPath> {
  if (!isAbsolute(path)) throw invalidParams(`path must be absolute (ACP requires absolute paths): ${path}`, { path });
  const requested = resolve(path);
  const realRoots = await Promise.all(roots.map(realRoot));
  const { real, exists } = await realpathOfNearestAncestor(requested);
  if (!realRoots.some((root) => isInside(root, real))) {
    const shown = roots.map((root) => resolve(root));
    const via = real === requested ? "" : ` (it resolves to ${real})`;
    throw invalidParams(`${requested}${via} is outside the session's directories; allowed: ${shown.join(", ")}`, {
      path: requested,
      allowedRoots: shown,
    });
  }
  return { requested, real, exists };
}

/** Whether `candidate` is `root` itself or below it (both already real and absolute). */
export function isInside(root: string, candidate: string): boolean {
  const rel = relative(root, candidate);
  return rel === "" || (rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

async function realRoot(root: string): Promise<string> {
  try {
    return await realpath(root);
  } catch {
    // A root that vanished still confines: nothing real can be inside a path that does not exist.
    return resolve(root);
  }
}

async function realpathOfNearestAncestor(absolute: string): Promise<{ real: string; exists: boolean }> {
  const missing: string[] = [];
  let current = absolute;
  for (;;) {
    try {
      const real = await realpath(current);
      return { real: missing.length === 0 ? real : join(real, ...missing.reverse()), exists: missing.length === 0 };
    } catch (error) {
      const code = errorCode(error);
      if (code !== "ENOENT" && code !== "ENOTDIR") throw ioFailure("resolve", absolute, error);
      if (await isDanglingLink(current)) {
        // Writing through it would create its target, wherever that is; we cannot check a target that
        // does not exist yet without following the link ourselves, so refuse instead.
        throw invalidParams(`${current} is a symlink to a missing target; refusing to follow it`, { path: absolute });
      }
      const parent = dirname(current);
      if (parent === current) return { real: absolute, exists: false };
      missing.push(basename(current));
      current = parent;
    }
  }
}

async function isDanglingLink(path: string): Promise<boolean> {
  try {
    return (await lstat(path)).isSymbolicLink();
  } catch {
    return false;
  }
}
