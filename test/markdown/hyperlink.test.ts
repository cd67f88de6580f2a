import { describe, expect, it } from "vitest";
import { webLinkTarget } from "../../src/markdown/hyperlink.js";
import { sanitizeLine } from "../../src/markdown/sanitize.js";

describe("webLinkTarget", () => {
  it("links http and https only", () => {
    expect(webLinkTarget("https://example.test/a?b=c#d")).toBe("https://example.test/a?b=c#d");
    expect(webLinkTarget("HTTP://Example.TEST")).toBe("http://example.test/");
    for (const url of ["file:///etc/passwd", "javascript:alert(1)", "vscode://open", "mailto:a@b.test", "not a url"])
      expect(webLinkTarget(url)).toBeUndefined();
  });

  it("never returns what could end or extend the OSC 8 sequence", () => {
    // What the sanitizer lets through, then the parser encodes: spaces, non-ASCII, quotes.
    const target = webLinkTarget(sanitizeLine('https://example.test/a b/\u001b]8;;https://evil.test\u0007ü"<>'));
    expect(target).toBe("https://example.test/a%20b/%C3%BC%22%3C%3E");
    expect(webLinkTarget("https://example.test/\u0007x")).toBe("https://example.test/%07x");
  });
});
