/**
 * `@path` attachments of a submitted prompt (design.md §2): every `@` word naming an existing regular file
 * under the cwd. The text itself keeps the words as typed; the client reads and sends the files.
 */
import { stat } from "node:fs/promises";
import { isAbsolute, relative, resolve, sep } from "node:path";

/** Punctuation that may follow a path in prose (`see @a.ts, then …`) without being part of it. */
const TRAILING_PUNCTUATION = /[,.;:!?)\]}'"]+$/;

/**
 * The `@` words of `text` (at a line start or after a blank), each with its punctuation-trimmed variant
 * when it differs. Pure, so the common prompt without `@` costs no disk access.
 */
export function atPathCandidates(text: string): string[][] {
  const candidates: string[][] = [];
  for (const match of text.matchAll(/(?<=^|\s)@(\S+)/gu)) {
    const word = match[1] ?? "";
    const trimmed = word.replace(TRAILING_PUNCTUATION, "");
    candidates.push(trimmed && trimmed !== word ? [word, trimmed] : [word]);
  }
  return candidates;
}

/** `path` relative to `cwd` when it names a place under it, else undefined. */
function relativeInside(cwd: string, path: string): string | undefined {
  const rel = relative(cwd, resolve(cwd, path));
  if (!rel || rel.split(sep)[0] === ".." || isAbsolute(rel)) return undefined;
  return rel;
}

async function isRegularFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * The files to attach for `text`: relative to `cwd`, in order of first mention, each once. A word that is
 * not an existing regular file under `cwd` (a directory, a typo, `../secret`) is only text.
 */
export async function resolveAttachments(text: string, cwd: string): Promise<string[]> {
  const found: string[] = [];
  for (const variants of atPathCandidates(text)) {
    for (const variant of variants) {
      const rel = relativeInside(cwd, variant);
      if (rel === undefined) continue;
      if (await isRegularFile(resolve(cwd, rel))) {
        if (!found.includes(rel)) found.push(rel);
        break;
      }
    }
  }
  return found;
}
