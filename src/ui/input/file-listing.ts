/**
 * Directory reads for `@path` completion. Asynchronous (`fs.promises`) so a slow or huge directory never
 * blocks a frame, and confined to the session's cwd: completion is for the project, not the whole disk.
 */
import { readdir, stat } from "node:fs/promises";
import { isAbsolute, relative, resolve, sep } from "node:path";
import type { DirEntry } from "./completion.js";

/** Directories never offered: huge, and never what the user means to attach. */
const SKIPPED = new Set(["node_modules", ".git"]);

/** The absolute directory for a typed `dir` part, or undefined when it leaves `cwd`. */
export function resolveInside(cwd: string, dir: string): string | undefined {
  const absolute = resolve(cwd, dir);
  const rel = relative(cwd, absolute);
  if (rel.split(sep)[0] === ".." || isAbsolute(rel)) return undefined;
  return absolute;
}

/**
 * The entries of `directory`: skipped names removed, directories first, then by name. Symbolic links are
 * followed to tell directories from files (a dangling link counts as a file). A directory that cannot be
 * read lists as empty: completion is a convenience and must never surface an error.
 */
export async function listDirectory(directory: string): Promise<DirEntry[]> {
  let dirents;
  try {
    dirents = await readdir(directory, { withFileTypes: true });
  } catch {
    return [];
  }
  const entries = await Promise.all(
    dirents
      .filter((dirent) => !SKIPPED.has(dirent.name))
      .map(async (dirent): Promise<DirEntry> => {
        if (!dirent.isSymbolicLink()) return { name: dirent.name, isDirectory: dirent.isDirectory() };
        const target = await stat(resolve(directory, dirent.name)).catch(() => undefined);
        return { name: dirent.name, isDirectory: target?.isDirectory() ?? false };
      }),
  );
  return entries.sort((a, b) => Number(b.isDirectory) - Number(a.isDirectory) || a.name.localeCompare(b.name));
}
