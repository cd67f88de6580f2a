import { createHash } from "node:crypto";
import { lstat, mkdir, readFile, realpath, rename, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { ioErrorText } from "./io-error.js";
import { isRecord } from "./json.js";
import { ErrorCode, RpcError } from "./wire.js";

/** Decoded size limit of one embedded blob (protocol.md §5.1): 10 MiB. */
export const MAX_EMBEDDED_BYTES = 10 * 1024 * 1024;

/**
 * Builds the text the agent receives from `session/prompt`'s `prompt` (ZeroClaw's `materialize_prompt`,
 * §5.1): a string as is; an array joined part by part with blank lines, taking `text`, `resource.text`
 * and `resource.blob` (written under `<workspace>/uploads/`, replaced by a marker). Every blob is
 * validated before any is written, so one bad part writes nothing.
 */
export async function materializePrompt(prompt: unknown, workspaceDir: string): Promise<string> {
  if (typeof prompt === "string") return prompt;
  if (!Array.isArray(prompt)) {
    throw invalid("Missing required parameter: prompt (must be string or array of parts)");
  }
  for (const part of prompt) {
    const blob = resourceOf(part)?.["blob"];
    if (typeof blob === "string") decodeEmbeddedBlob(blob);
  }
  let joined = "";
  for (const part of prompt) {
    let added = false;
    const text = isRecord(part) ? part["text"] : undefined;
    if (typeof text === "string") {
      if (joined !== "") joined += "\n\n";
      joined += text;
      added = true;
    }
    const resource = resourceOf(part);
    if (!resource) continue;
    if (typeof resource["text"] === "string") {
      if (added || joined !== "") joined += "\n\n";
      joined += resource["text"];
      added = true;
    }
    if (typeof resource["blob"] === "string") {
      const uri = typeof resource["uri"] === "string" ? resource["uri"] : undefined;
      const mime = typeof resource["mimeType"] === "string" ? resource["mimeType"] : undefined;
      const marker = await materializeBlob(workspaceDir, uri, mime, resource["blob"]);
      if (added || joined !== "") joined += "\n\n";
      joined += marker;
    }
  }
  if (joined === "") throw invalid("Parameter 'prompt' array must contain at least one text part");
  return joined;
}

function resourceOf(part: unknown): Record<string, unknown> | undefined {
  const resource = isRecord(part) ? part["resource"] : undefined;
  return isRecord(resource) ? resource : undefined;
}

function invalid(message: string): RpcError {
  return new RpcError(ErrorCode.invalidParams, message);
}

const BASE64_SYMBOL = /^[A-Za-z0-9+/]$/;
const BASE64_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/**
 * Strict standard base64 with canonical padding, trimmed at the ends only, as the Rust `base64` crate's
 * STANDARD engine decodes it; errors carry that crate's wording (`Invalid symbol 37, offset 0.`).
 */
export function decodeEmbeddedBlob(blob: string): Buffer {
  const input = blob.trim();
  const bytes = Buffer.from(input, "utf8");
  let padding = 0;
  while (padding < 2 && bytes.length - padding > 0 && bytes[bytes.length - 1 - padding] === 0x3d) padding++;
  const dataLength = bytes.length - padding;
  for (let offset = 0; offset < dataLength; offset++) {
    const byte = bytes[offset]!;
    if (!BASE64_SYMBOL.test(String.fromCharCode(byte))) {
      throw invalid(`Invalid base64: Invalid symbol ${byte}, offset ${offset}.`);
    }
  }
  if (dataLength % 4 === 1) throw invalid(`Invalid base64: Invalid input length: ${dataLength}`);
  const expectedPadding = (4 - (dataLength % 4)) % 4;
  if (padding !== expectedPadding) throw invalid("Invalid base64: Invalid padding");
  const unusedBitsMask = dataLength % 4 === 2 ? 0x0f : dataLength % 4 === 3 ? 0x03 : 0;
  if (unusedBitsMask !== 0) {
    const last = bytes[dataLength - 1]!;
    if ((BASE64_ALPHABET.indexOf(String.fromCharCode(last)) & unusedBitsMask) !== 0) {
      throw invalid(`Invalid base64: Invalid last symbol ${last}, offset ${dataLength - 1}.`);
    }
  }
  const decoded = Buffer.from(input, "base64");
  if (decoded.length > MAX_EMBEDDED_BYTES) {
    throw invalid(`Embedded resource exceeds 10 MB limit (${decoded.length} bytes)`);
  }
  return decoded;
}

/** The last path segment of the resource uri, sanitized; `upload.bin` when there is nothing usable. */
export function filenameFromUri(uri: string | undefined): string {
  const trimmed = uri?.trim() ?? "";
  if (trimmed === "") return "upload.bin";
  const withoutScheme = trimmed.replace(/^(file|attachment):\/\//, "");
  const name = (withoutScheme.split(/[/\\]/).pop() ?? "").trim();
  if (name === "" || name === "." || name === "..") return "upload.bin";
  // Rust's `char::is_control` is the Cc category: C0, DEL and C1.
  const sanitized = name.replace(/[/\\\u0000-\u001f\u007f-\u009f]/g, "_").replaceAll("..", "_");
  return sanitized === "" ? "upload.bin" : sanitized;
}

/** Rust's `Path::extension` of a file name ("" for none). */
export function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf(".");
  return dot <= 0 ? "" : filename.slice(dot + 1);
}

/** The extension kept in content-addressed names: alphanumeric, at most 16 characters, lowercased. */
export function safeExtension(ext: string): string | undefined {
  const trimmed = ext.trim();
  return /^[A-Za-z0-9]{1,16}$/.test(trimmed) ? trimmed.toLowerCase() : undefined;
}

/** `<sha256 hex>[.<ext>]`: the name under `uploads/` and in `attachment://deliver/` uris. */
export function contentHashName(bytes: Buffer, ext: string): string {
  const hex = createHash("sha256").update(bytes).digest("hex");
  const safe = safeExtension(ext);
  return safe ? `${hex}.${safe}` : hex;
}

const MIME_BY_EXTENSION: Readonly<Record<string, string>> = {
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  doc: "application/msword",
  txt: "text/plain",
  md: "text/markdown",
  json: "application/json",
};

export function mimeFromFilename(filename: string): string {
  const ext = extensionOf(filename).toLowerCase();
  return Object.hasOwn(MIME_BY_EXTENSION, ext) ? MIME_BY_EXTENSION[ext]! : "application/octet-stream";
}

async function materializeBlob(
  workspaceDir: string,
  uri: string | undefined,
  mimeType: string | undefined,
  blob: string,
): Promise<string> {
  const bytes = decodeEmbeddedBlob(blob);
  const filename = filenameFromUri(uri);
  const mime = mimeType?.trim() || mimeFromFilename(filename);
  const name = contentHashName(bytes, extensionOf(filename));
  const uploads = join(workspaceDir, "uploads");
  const existing = await lstat(uploads).catch(() => undefined);
  if (existing?.isSymbolicLink()) throw invalid("uploads path is a symlink; refusing to materialize blob");
  await mkdir(uploads, { recursive: true }).catch((error: unknown) => {
    throw invalid(`Cannot create upload dir: ${ioErrorText(error)}`);
  });
  const target = join(uploads, name);
  const present = await readFile(target).then(
    (current) => current.equals(bytes),
    () => false,
  );
  if (!present) {
    const temp = join(uploads, `.tmp-${process.pid}-${Date.now()}-${name.slice(0, 16)}`);
    try {
      await writeFile(temp, bytes, { flag: "wx" });
      await rename(temp, target);
    } catch (error) {
      await unlink(temp).catch(() => undefined);
      throw invalid(`Cannot write upload: ${ioErrorText(error)}`);
    }
  }
  const absolute = join(await realpath(workspaceDir).catch(() => workspaceDir), "uploads", name);
  return mime.startsWith("image/") ? `[IMAGE:${absolute}]` : `[Document: ${filename}] ${absolute}`;
}
