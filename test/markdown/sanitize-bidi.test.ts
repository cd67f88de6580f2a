import { describe, expect, it } from "vitest";
import { StreamSanitizer, sanitizeLine, sanitizeText } from "../../src/markdown/sanitize.js";

describe("bidi controls (Trojan Source)", () => {
  it("removes override and isolate controls so a command displays as it will run", () => {
    const hostile = "echo safe \u202E; rm -rf ~ \u2066#\u2069";
    expect(sanitizeLine(hostile)).toBe("echo safe ; rm -rf ~ #");
    expect(sanitizeText(`a\u202Ab\u202Cc\u2067d\u2069`)).toBe("abcd");
    expect(new StreamSanitizer().push("x\u202Ey")).toBe("xy");
  });
  it("keeps right-to-left text itself", () => {
    expect(sanitizeText("שלום עולם مرحبا")).toBe("שלום עולם مرحبا");
  });
});
