import { open, rename, stat, unlink } from "node:fs/promises";
import { dirname } from "node:path";

let tempCounter = 0;

/**
 * Replaces `path` with `data` so that a reader (or a crash) sees either the old file or the new one, never a
 * mix: the data goes to a temp file in the same directory (a rename across file systems would not be
 * atomic), is fsynced, then renamed over the target, and the directory is fsynced so the rename itself
 * survives a power cut. Mode 0600: the index names the user's directories and commands.
 */
export async function writeFileAtomic(path: string, data: string): Promise<void> {
  const temp = `${path}.${process.pid}.${tempCounter++}.tmp`;
  try {
    const handle = await open(temp, "wx", 0o600);
    try {
      await handle.writeFile(data, "utf8");
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await syncDirectory(dirname(path));
}

async function syncDirectory(dir: string): Promise<void> {
  // Best effort: some platforms and file systems refuse to open or fsync a directory.
  try {
    const handle = await open(dir, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    return;
  }
}

/** A lock held longer than this belongs to a process that died while holding it (a write takes milliseconds). */
const STALE_LOCK_MS = 5_000;

/**
 * Runs `task` while holding `lockPath`, a lock file created with O_EXCL, so two zc-pane processes never
 * read-merge-write the same file at once (the second would overwrite the first's entry with its stale
 * copy). A lock older than a few seconds is taken over: its owner crashed.
 */
export async function withFileLock<T>(lockPath: string, task: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      const handle = await open(lockPath, "wx", 0o600);
      await handle.writeFile(`${process.pid}\n`).finally(() => handle.close());
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const held = await stat(lockPath).catch(() => undefined);
      if (held && Date.now() - held.mtimeMs > STALE_LOCK_MS) {
        await unlink(lockPath).catch(() => undefined);
        continue;
      }
      // Jittered, so two waiters do not retry in lock-step.
      await new Promise((resolve) => setTimeout(resolve, Math.min(5 + attempt * 5, 50) + Math.random() * 10));
    }
  }
  try {
    return await task();
  } finally {
    await unlink(lockPath).catch(() => undefined);
  }
}
