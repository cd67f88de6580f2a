import { readFile, stat } from "node:fs/promises";
import { basename, extname, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { ContentBlock } from "../protocol/index.js";
import { ClientError } from "./errors.js";

/** 10 MiB: ZeroClaw's limit for an embedded blob (protocol.md §5.1), refused here before anything is sent. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

/** What the agent said it accepts in prompts (`agentCapabilities.promptCapabilities`). */
export interface PromptCapabilities {
  readonly image?: boolean;
  readonly audio?: boolean;
  readonly embeddedContext?: boolean;
}

const MIME_BY_EXTENSION: Readonly<Record<string, string>> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".svg": "image/svg+xml",
  ".pdf": "application/pdf",
  ".zip": "application/zip",
  ".gz": "application/gzip",
  ".tar": "application/x-tar",
  ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  ".doc": "application/msword",
  ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  ".mp3": "audio/mpeg",
  ".wav": "audio/wav",
  ".md": "text/markdown",
  ".txt": "text/plain",
  ".json": "application/json",
  ".ts": "text/x-typescript",
  ".tsx": "text/x-typescript",
  ".js": "text/javascript",
  ".mjs": "text/javascript",
  ".py": "text/x-python",
  ".rs": "text/x-rust",
  ".go": "text/x-go",
  ".html": "text/html",
  ".css": "text/css",
  ".csv": "text/csv",
  ".yaml": "application/yaml",
  ".yml": "application/yaml",
  ".toml": "application/toml",
  ".sh": "text/x-shellscript",
};

/** The MIME type for a file name, from its extension; `application/octet-stream` when unknown. */
export function mimeTypeFor(path: string): string {
  return MIME_BY_EXTENSION[extname(path).toLowerCase()] ?? "application/octet-stream";
}

/**
 * design.md §2: a file whose first 8 KiB are valid UTF-8 without NUL bytes is text. The 8 KiB window may
 * end inside a multi-byte character, so up to 3 trailing bytes of an incomplete sequence are allowed.
 */
export function looksLikeText(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 8192);
  if (head.includes(0)) return false;
  const decoder = new TextDecoder("utf-8", { fatal: true });
  for (let cut = 0; cut <= 3 && cut < head.length + 1; cut++) {
    try {
      decoder.decode(head.subarray(0, head.length - cut));
      return true;
    } catch {
      if (head.length < 8192) return false;
    }
  }
  return false;
}

/** An attachment ready to send, plus what the UI shows about it. */
export interface Attachment {
  readonly path: string;
  readonly bytes: number;
  readonly block: ContentBlock;
}

/**
 * Reads a file and turns it into the prompt block the agent can take: `resource.text` for text,
 * `resource.blob` (base64, with a MIME type) for anything else, an `image` block for images when the agent
 * accepts them. Agents without `embeddedContext` get text files inline as a text block, and binary files
 * are refused with a message (sending a `resource` they did not advertise would be a protocol error).
 */
export async function readAttachment(
  path: string,
  capabilities: PromptCapabilities,
  cwd = process.cwd(),
): Promise<Attachment> {
  const absolute = resolve(cwd, path);
  let size: number;
  try {
    const info = await stat(absolute);
    if (!info.isFile()) throw new ClientError(`cannot attach ${path}: not a regular file`, "attachment");
    size = info.size;
  } catch (error) {
    if (error instanceof ClientError) throw error;
    throw new ClientError(
      `cannot attach ${path}: ${(error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message}`,
      "attachment",
      { cause: error },
    );
  }
  if (size > MAX_ATTACHMENT_BYTES) {
    throw new ClientError(
      `cannot attach ${path}: it is ${(size / 1048576).toFixed(1)} MiB, over the 10 MiB limit; nothing was sent`,
      "attachment",
    );
  }
  const bytes = await readFile(absolute);
  const uri = pathToFileURL(absolute).href;
  const mimeType = mimeTypeFor(absolute);
  if (looksLikeText(bytes)) {
    const text = bytes.toString("utf8");
    const textMime = mimeType === "application/octet-stream" ? "text/plain" : mimeType;
    const block: ContentBlock = capabilities.embeddedContext
      ? { type: "resource", resource: { uri, mimeType: textMime, text } }
      : { type: "text", text: `File ${absolute}:\n\`\`\`\n${text}\n\`\`\`` };
    return { path: absolute, bytes: size, block };
  }
  if (mimeType.startsWith("image/") && capabilities.image) {
    return { path: absolute, bytes: size, block: { type: "image", data: bytes.toString("base64"), mimeType, uri } };
  }
  if (!capabilities.embeddedContext) {
    throw new ClientError(
      `cannot attach ${basename(absolute)}: the agent accepts no embedded files (promptCapabilities.embeddedContext is off), and this file is not text`,
      "attachment",
    );
  }
  return {
    path: absolute,
    bytes: size,
    block: { type: "resource", resource: { uri, mimeType, blob: bytes.toString("base64") } },
  };
}
