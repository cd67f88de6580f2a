import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { looksLikeText, MAX_ATTACHMENT_BYTES, mimeTypeFor, readAttachment } from "../../src/client/attachments.js";

const dir = mkdtempSync(join(tmpdir(), "zc-pane-attach-"));
const full = { embeddedContext: true, image: false };

describe("attachments", () => {
  it("sends a UTF-8 file as resource.text with a file:// uri", async () => {
    const path = join(dir, "main.rs");
    writeFileSync(path, 'fn main() { println!("é"); }\n');
    const attachment = await readAttachment(path, full);
    expect(attachment.block).toEqual({
      type: "resource",
      resource: { uri: `file://${path}`, mimeType: "text/x-rust", text: 'fn main() { println!("é"); }\n' },
    });
  });

  it("sends binary files as resource.blob with a MIME type from the extension", async () => {
    const path = join(dir, "report.pdf");
    const bytes = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0xfe]);
    writeFileSync(path, bytes);
    const attachment = await readAttachment(path, full);
    expect(attachment.block).toEqual({
      type: "resource",
      resource: { uri: `file://${path}`, mimeType: "application/pdf", blob: bytes.toString("base64") },
    });
    expect(mimeTypeFor("x.unknownext")).toBe("application/octet-stream");
  });

  it("sends images as image blocks only to agents that accept images", async () => {
    const path = join(dir, "shot.png");
    writeFileSync(path, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01]));
    expect((await readAttachment(path, { embeddedContext: true, image: true })).block.type).toBe("image");
    expect((await readAttachment(path, full)).block).toMatchObject({
      type: "resource",
      resource: { mimeType: "image/png" },
    });
  });

  it("refuses a file over 10 MiB before reading it", async () => {
    const path = join(dir, "big.bin");
    writeFileSync(path, Buffer.alloc(MAX_ATTACHMENT_BYTES + 1));
    await expect(readAttachment(path, full)).rejects.toThrow(
      "cannot attach " + path + ": it is 10.0 MiB, over the 10 MiB limit; nothing was sent",
    );
  });

  it("inlines text for agents without embeddedContext and refuses binary files for them", async () => {
    const textPath = join(dir, "notes.txt");
    writeFileSync(textPath, "hello");
    expect((await readAttachment(textPath, {})).block).toEqual({
      type: "text",
      text: `File ${textPath}:\n\`\`\`\nhello\n\`\`\``,
    });
    await expect(readAttachment(join(dir, "report.pdf"), {})).rejects.toThrow(/accepts no embedded files/);
  });

  it("explains a missing file", async () => {
    await expect(readAttachment(join(dir, "nope.txt"), full)).rejects.toThrow(/no such file/);
  });

  it("tells text from binary by the first 8 KiB, tolerating a character cut at the boundary", () => {
    const text = Buffer.from("a".repeat(8191) + "é" + "rest");
    expect(looksLikeText(text)).toBe(true);
    expect(looksLikeText(Buffer.from([0x61, 0x00, 0x62]))).toBe(false);
    expect(looksLikeText(Buffer.from([0xc3, 0x28]))).toBe(false);
  });
});
