import { randomBytes } from "node:crypto";
import { chmod, mkdir, open, readFile, rename, rm, stat } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import type { Stats } from "node:fs";
import {
  parseReadTextFileParams,
  parseWriteTextFileParams,
  type ReadTextFileResult,
  type WriteTextFileResult,
} from "../../protocol/client-methods.js";
import type { CapabilityHost } from "./host.js";
import { readLineRange } from "./line-range.js";
import { errorCode, fileNotFound, invalidParams, ioFailure, unknownSession } from "./refusals.js";
import { resolveInsideRoots, type ResolvedPath } from "./roots.js";

/** Files over this are refused whole (read them with `line`/`limit`) and are not diffed on overwrite. */
export const MAX_TEXT_FILE_BYTES = 10 * 1024 * 1024;

/** Options of {@link FileAccess}; every one has a safe default. */
export interface FileAccessOptions {
  /**
   * Answer a read of a missing file with empty content instead of -32002. gemini-cli (issue 17588) pre-reads
   * the target of every write and gives up when that read fails, so it cannot create files otherwise; the
   * agent registry turns this on for it. Off by default: other agents need the truth. Asked at each read: the
   * agent's name from `initialize` can turn it on after the handlers are installed.
   */
  readonly missingFileReadsAsEmpty?: () => boolean;
  /** Size cap for whole-file reads, ranged reads and the old text of a diff; {@link MAX_TEXT_FILE_BYTES}. */
  readonly maxFileBytes?: number;
}

/**
 * `fs/read_text_file` and `fs/write_text_file`, confined to the session's cwd and additional directories.
 * Writes are atomic (a temporary file in the same directory, then a rename) so an editor or a build watching
 * the file never sees it half written, and each one emits a `file-written` event with the old and new text
 * so the pane can show a diff row.
 */
export class FileAccess {
  private readonly maxBytes: number;

  constructor(
    private readonly host: CapabilityHost,
    private readonly options: FileAccessOptions = {},
  ) {
    this.maxBytes = options.maxFileBytes ?? MAX_TEXT_FILE_BYTES;
  }

  /** Handles `fs/read_text_file`: the whole file, or the lines from `line` (1-based), at most `limit` of them. */
  async read(raw: unknown): Promise<ReadTextFileResult> {
    const parsed = parseReadTextFileParams(raw);
    if (!parsed.ok) throw invalidParams(parsed.error);
    const { sessionId, path, line, limit } = parsed.value;
    const target = await resolveInsideRoots(path, this.roots(sessionId));
    if (!target.exists) return this.missing(target.requested);
    const info = await this.statFile(target, "read");
    if (!info) return this.missing(target.requested);
    const whole = (line ?? 1) === 1 && (limit ?? undefined) === undefined;
    if (whole && info.size > this.maxBytes) throw this.tooLarge(target.requested, info.size);
    let range;
    try {
      range = await readLineRange(target.real, line ?? 1, limit ?? undefined, this.maxBytes);
    } catch (error) {
      if (isMissing(error)) return this.missing(target.requested);
      throw ioFailure("read", target.requested, error);
    }
    if (!range.ok) throw this.tooLarge(target.requested, info.size);
    return { content: range.bytes.toString("utf8") };
  }

  /** Handles `fs/write_text_file`: creates the file (and missing parent directories) or replaces it. */
  async write(raw: unknown): Promise<WriteTextFileResult> {
    const parsed = parseWriteTextFileParams(raw);
    if (!parsed.ok) throw invalidParams(parsed.error);
    const { sessionId, path, content } = parsed.value;
    const target = await resolveInsideRoots(path, this.roots(sessionId));
    const info = target.exists ? await this.statFile(target, "write") : undefined;
    let oldText: string | undefined;
    if (info && info.size <= this.maxBytes) {
      try {
        oldText = await readFile(target.real, "utf8");
      } catch {
        // The diff is a courtesy; failing to read the old text must not fail the write.
      }
    }
    if (!info) {
      // The spec only says the file MUST be created; agents' write tools (Claude's Write, gemini's
      // write_file) also expect missing directories to appear, as they do when those tools run locally.
      // The directories are created under an ancestor already checked to be inside the roots.
      try {
        await mkdir(dirname(target.real), { recursive: true });
      } catch (error) {
        throw ioFailure("create the directory for", target.requested, error);
      }
    }
    await writeAtomically(target, content, info ? info.mode & 0o7777 : undefined);
    this.host.emit({
      type: "file-written",
      sessionId,
      path: target.requested,
      created: info === undefined,
      ...(oldText !== undefined ? { oldText } : {}),
      newText: content,
    });
    return {};
  }

  private roots(sessionId: string): readonly string[] {
    const roots = this.host.sessionRoots(sessionId);
    if (!roots) throw unknownSession(sessionId);
    return roots;
  }

  /** Stats the target; `undefined` when it vanished since it was resolved. Directories and devices are refused. */
  private async statFile(target: ResolvedPath, action: "read" | "write"): Promise<Stats | undefined> {
    let info: Stats;
    try {
      info = await stat(target.real);
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw ioFailure(action, target.requested, error);
    }
    if (!info.isFile()) throw invalidParams(`${target.requested} is not a regular file`, { path: target.requested });
    return info;
  }

  private missing(path: string): ReadTextFileResult {
    if (this.options.missingFileReadsAsEmpty?.()) return { content: "" };
    throw fileNotFound(path);
  }

  private tooLarge(path: string, size: number) {
    return invalidParams(
      `${path} is ${formatMiB(size)}, over the ${formatMiB(this.maxBytes)} limit for one read; read it in parts with line and limit`,
      { path, size, maxBytes: this.maxBytes },
    );
  }
}

/**
 * Writes `content` next to the target under a unique hidden name, then renames it over the target: readers
 * see the old file or the new one, never a torn mix. `wx` refuses to reuse a name someone planted (a
 * symlink there would otherwise be followed). An existing file keeps its permission bits; a rename gives the
 * file a new inode, so hard links to the old one keep the old text (as with most editors' safe write).
 */
async function writeAtomically(target: ResolvedPath, content: string, mode: number | undefined): Promise<void> {
  const temporary = join(
    dirname(target.real),
    `.${basename(target.real)}.zc-pane-${randomBytes(6).toString("hex")}.tmp`,
  );
  try {
    const handle = await open(temporary, "wx", mode ?? 0o666);
    try {
      await handle.writeFile(content, "utf8");
    } finally {
      await handle.close();
    }
    // The umask narrowed the mode given to open(); an existing file's exact bits are restored here.
    if (mode !== undefined) await chmod(temporary, mode);
    await rename(temporary, target.real);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    throw ioFailure("write", target.requested, error);
  }
}

function isMissing(error: unknown): boolean {
  const code = errorCode(error);
  return code === "ENOENT" || code === "ENOTDIR";
}

function formatMiB(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  return `${mib >= 10 ? Math.round(mib) : mib.toFixed(1)} MiB`;
}
