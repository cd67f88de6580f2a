import { StringDecoder } from "node:string_decoder";

interface Piece {
  text: string;
  bytes: number;
}

/**
 * A terminal's output: stdout and stderr merged in arrival order, kept to at most `byteLimit` UTF-8 bytes by
 * dropping from the start (ACP `outputByteLimit`), always on a character boundary.
 *
 * Each stream has its own decoder, so a character split across two reads of one stream is joined again
 * even when the other stream wrote in between; raw bytes interleaved from two pipes would garble it.
 */
export class OutputBuffer {
  private readonly pieces: Piece[] = [];
  /** Index of the first live piece; dropped pieces are spliced out in batches, not shifted one by one. */
  private head = 0;
  private bytes = 0;
  private joined: string | undefined = "";
  private cut = false;
  private readonly decoders = { stdout: new StringDecoder("utf8"), stderr: new StringDecoder("utf8") };

  constructor(private readonly byteLimit: number) {}

  /** Appends a chunk read from `stream`; returns the text it added (empty while a character is incomplete). */
  push(stream: "stdout" | "stderr", chunk: Buffer): string {
    return this.append(this.decoders[stream].write(chunk));
  }

  /** Flushes the decoders at the end (an incomplete last character becomes U+FFFD); returns the text added. */
  end(): string {
    return this.append(this.decoders.stdout.end()) + this.append(this.decoders.stderr.end());
  }

  /** The retained output. */
  get text(): string {
    this.joined ??= this.pieces
      .slice(this.head)
      .map((piece) => piece.text)
      .join("");
    return this.joined;
  }

  /** Whether anything was dropped from the start to stay within the limit. */
  get truncated(): boolean {
    return this.cut;
  }

  private append(text: string): string {
    if (text === "") return "";
    const bytes = Buffer.byteLength(text, "utf8");
    this.pieces.push({ text, bytes });
    this.bytes += bytes;
    this.joined = undefined;
    this.trim();
    return text;
  }

  private trim(): void {
    while (this.bytes > this.byteLimit) {
      const first = this.pieces[this.head]!;
      const excess = this.bytes - this.byteLimit;
      this.cut = true;
      if (first.bytes <= excess) {
        this.head++;
        this.bytes -= first.bytes;
        continue;
      }
      const encoded = Buffer.from(first.text, "utf8");
      let start = excess;
      // Skip continuation bytes (10xxxxxx) so the kept part starts on a character.
      while (start < encoded.length && (encoded[start]! & 0xc0) === 0x80) start++;
      first.text = encoded.subarray(start).toString("utf8");
      first.bytes = encoded.length - start;
      this.bytes -= start;
    }
    if (this.head > 64 && this.head * 2 > this.pieces.length) {
      this.pieces.splice(0, this.head);
      this.head = 0;
    }
  }
}
