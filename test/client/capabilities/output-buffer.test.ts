import { describe, expect, it } from "vitest";
import { OutputBuffer } from "../../../src/client/capabilities/output-buffer.js";

/** What the buffer must hold: the longest suffix of `all` within `limit` UTF-8 bytes that starts on a character. */
function expectedTail(all: string, limit: number): string {
  const bytes = Buffer.from(all, "utf8");
  let start = Math.max(0, bytes.length - limit);
  while (start < bytes.length && (bytes[start]! & 0xc0) === 0x80) start++;
  return bytes.subarray(start).toString("utf8");
}

describe("OutputBuffer", () => {
  it("matches a byte-exact reference over thousands of randomly split multi-byte writes from two streams", () => {
    const alphabet = ["a", "é", "✓", "🎉", "\n"];
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (const limit of [0, 1, 5, 64, 1000]) {
      const buffer = new OutputBuffer(limit);
      let all = "";
      for (let write = 0; write < 3000; write++) {
        // Whole characters per stream, so the merged text is well defined; the byte split is random.
        const text = Array.from(
          { length: 1 + Math.floor(random() * 6) },
          () => alphabet[Math.floor(random() * alphabet.length)],
        ).join("");
        const bytes = Buffer.from(text, "utf8");
        const cut = Math.floor(random() * (bytes.length + 1));
        buffer.push("stdout", bytes.subarray(0, cut));
        buffer.push("stdout", bytes.subarray(cut));
        all += text;
      }
      buffer.end();
      expect(buffer.text).toBe(expectedTail(all, limit));
      expect(Buffer.byteLength(buffer.text, "utf8")).toBeLessThanOrEqual(limit);
      expect(buffer.truncated).toBe(Buffer.byteLength(all, "utf8") > limit);
    }
  });

  it("keeps each stream's half-written character apart when the other stream writes in between", () => {
    const buffer = new OutputBuffer(100);
    expect(buffer.push("stdout", Buffer.from([0xc3]))).toBe("");
    expect(buffer.push("stderr", Buffer.from("E\n"))).toBe("E\n");
    expect(buffer.push("stdout", Buffer.from([0xa9]))).toBe("é");
    expect(buffer.text).toBe("E\né");
    expect(buffer.truncated).toBe(false);
  });

  it("turns an incomplete last character into U+FFFD at the end", () => {
    const buffer = new OutputBuffer(100);
    buffer.push("stdout", Buffer.from([0x41, 0xe2, 0x9c]));
    expect(buffer.end()).toBe("\ufffd");
    expect(buffer.text).toBe("A\ufffd");
  });
});
