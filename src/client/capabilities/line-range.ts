import { createReadStream } from "node:fs";

const NEWLINE = 0x0a;

/** The bytes of a line range, or the news that they would exceed the cap. */
export type LineRange = { readonly ok: true; readonly bytes: Buffer } | { readonly ok: false; readonly tooLarge: true };

/**
 * Reads lines `line` (1-based) to `line + limit - 1` of a file, with each line's own terminator kept, the
 * way Zed answers `fs/read_text_file` (its range ends at the start of the next line). Keeping terminators
 * means the concatenation of consecutive ranges is the file again, byte for byte, CRLF included. A range
 * past the end is empty. The file is streamed so a small window into a large log costs little; collecting
 * more than `maxBytes` stops early with `tooLarge`.
 */
export async function readLineRange(
  path: string,
  line: number,
  limit: number | undefined,
  maxBytes: number,
): Promise<LineRange> {
  if (limit === 0) return { ok: true, bytes: Buffer.alloc(0) };
  let skip = line - 1;
  let remaining = limit;
  const parts: Buffer[] = [];
  let size = 0;
  const stream = createReadStream(path, { highWaterMark: 64 * 1024 });
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      let start = 0;
      while (skip > 0 && start < chunk.length) {
        const newline = chunk.indexOf(NEWLINE, start);
        if (newline === -1) start = chunk.length;
        else {
          start = newline + 1;
          skip--;
        }
      }
      if (skip > 0) continue;
      let end = chunk.length;
      let done = false;
      if (remaining !== undefined) {
        let position = start;
        while (remaining > 0) {
          const newline = chunk.indexOf(NEWLINE, position);
          if (newline === -1) break;
          position = newline + 1;
          remaining--;
        }
        if (remaining === 0) {
          end = position;
          done = true;
        }
      }
      size += end - start;
      if (size > maxBytes) return { ok: false, tooLarge: true };
      if (end > start) parts.push(chunk.subarray(start, end));
      if (done) break;
    }
  } finally {
    stream.destroy();
  }
  return { ok: true, bytes: Buffer.concat(parts, size) };
}
