import { describe, expect, it } from "vitest";
import { formatBytes, shortId } from "../../src/common/format.js";
import { withTimeout } from "../../src/common/timeout.js";

describe("formatBytes", () => {
  it("shows bytes, KiB and MiB, without a trailing .0", () => {
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(1024)).toBe("1 KiB");
    expect(formatBytes(47 * 1024 + 100)).toBe("47 KiB");
    expect(formatBytes(3.2 * 1024 * 1024)).toBe("3.2 MiB");
    expect(formatBytes(10 * 1024 * 1024)).toBe("10 MiB");
    expect(formatBytes(64 * 1024 * 1024)).toBe("64 MiB");
  });
});

describe("shortId", () => {
  it("keeps a UUID's first group", () => {
    expect(shortId("0b6f3c2a-1111-2222-3333-444455556666")).toBe("0b6f3c2a");
  });
});

describe("withTimeout", () => {
  it("gives the value, undefined when the time runs out, and passes a rejection through", async () => {
    expect(await withTimeout(Promise.resolve(7), 1000)).toBe(7);
    expect(await withTimeout(new Promise<number>(() => undefined), 1)).toBeUndefined();
    await expect(withTimeout(Promise.reject(new Error("boom")), 1000)).rejects.toThrow("boom");
  });
});
