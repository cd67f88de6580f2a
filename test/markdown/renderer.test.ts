import { readFileSync } from "node:fs";
import { stripVTControlCharacters } from "node:util";
import stringWidth from "string-width";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  getMarkdownLexer,
  getMarkdownRenderer,
  isMarkdownRendererLoaded,
  loadMarkdownRenderer,
  renderMarkdown,
  renderPlainText,
} from "../../src/markdown/renderer.js";
import { StreamingSplitter } from "../../src/markdown/safe-split.js";

const fixture = readFileSync(new URL("./fixtures/protocol-excerpt.md", import.meta.url), "utf8");
const SGR = /\u001b\[[0-9;]*m/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function plain(text: string): string {
  return stripVTControlCharacters(text);
}

/** Every line fits: measured with ink's string-width after stripping the styling. */
function expectWithin(text: string, width: number): void {
  for (const line of text.split("\n")) {
    expect(stringWidth(plain(line)), JSON.stringify(plain(line))).toBeLessThanOrEqual(width);
  }
}

/** The only escape sequences in the output are SGR, and no other control character is left. */
function expectOnlySgr(text: string): void {
  const rest = text.replace(/\u001b\[[0-9;]*m/g, "");
  expect(rest).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
}

const SAMPLE = [
  "# A first heading that is long enough to wrap in a narrow pane",
  "",
  "Some **bold**, *italic* and `inline: code` text with a [link](https://example.com/a/very/long/path/to/wrap) and an",
  "unbreakable_identifier_that_is_much_longer_than_forty_columns_wide. Emoji 🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉🎉",
  "and CJK 漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字漢字 text.",
  "",
  "## Second heading",
  "",
  "- item with **bold** and `code` and enough words to wrap onto a second line of the pane",
  "- [x] a done task",
  "  - nested item",
  "",
  "```ts",
  "export function add(a: number, b: number): number {",
  "\treturn a + b; // a comment long enough to go past forty columns for sure",
  "}",
  "```",
  "",
  "> A quote that goes on for long enough to be wrapped at forty columns.",
  "",
  "| name | description | default |",
  "|------|-------------|--------:|",
  "| `width` | the pane width in columns, used for wrapping everything | 80 |",
  "| `tab` | indentation | 2 |",
  "",
  "---",
  "",
].join("\n");

describe("before the renderer is loaded", () => {
  it("renders plain, sanitized, wrapped text", () => {
    expect(isMarkdownRendererLoaded()).toBe(false);
    expect(getMarkdownRenderer(40)).toBeUndefined();
    expect(getMarkdownLexer()).toBeUndefined();
    const out = renderMarkdown(
      "# Title\n\nhostile \u001b]52;c;ZXZpbA==\u0007 text\twith a tab and many words to wrap\n\n",
      20,
    );
    expect(out).not.toMatch(SGR);
    expect(out).not.toContain("\t");
    expect(out.startsWith("# Title")).toBe(true);
    expect(out.endsWith("\n")).toBe(false);
    expectWithin(out, 20);
    expectOnlySgr(out);
  });
});

describe("renderMarkdown", () => {
  beforeAll(async () => {
    await loadMarkdownRenderer();
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("loads once", async () => {
    expect(isMarkdownRendererLoaded()).toBe(true);
    await expect(loadMarkdownRenderer()).resolves.toBeUndefined();
    expect(getMarkdownLexer()).toBeTypeOf("function");
  });

  it.each([40, 80])("renders headings, lists, quotes, tables and highlighted code within %i columns", (width) => {
    const out = renderMarkdown(SAMPLE, width);
    const text = plain(out);
    expectWithin(out, width);
    expectOnlySgr(out);
    expect(text).toContain("# A first heading");
    expect(text).toContain("## Second heading");
    expect(text).toContain("• item with bold and code");
    expect(text).toContain("[x] a done task");
    expect(text).toContain("│ A quote");
    expect(text).toContain("inline: code");
    expect(text).not.toContain("**");
    expect(text).not.toContain("*#COLON|*");
    expect(text).not.toMatch(LONE_SURROGATE);
    expect(out.endsWith("\n")).toBe(false);
    // The code block is highlighted: its keyword line carries SGR codes.
    const codeLine = out.split("\n").find((line) => plain(line).includes("export function add"));
    expect(codeLine).toMatch(SGR);
    // Tabs are expanded; string-width would count them as zero columns.
    expect(out).not.toContain("\t");
    // The table stays inside the pane, borders included.
    expect(text).toMatch(/┌─+┬/);
  });

  it("does not let a hostile escape sequence through", () => {
    const hostile = [
      "Copy this: \u001b]52;c;ZXZpbA==\u0007 and retitle \u001b]0;pwned\u001b\\ now",
      "",
      "```sh",
      "echo \u001b[2J\u009b3J \u001bP+q544e\u001b\\",
      "```",
      "",
      "- [link \u001b]8;;https://evil\u0007text](https://example.com)",
    ].join("\n");
    for (const width of [40, 80]) {
      const out = renderMarkdown(hostile, width);
      expectOnlySgr(out);
      expect(out).not.toContain("]52");
      expect(out).not.toContain("ZXZpbA==");
      expect(out).not.toContain("pwned");
      expect(out).not.toContain("\u001b]");
    }
  });

  it("keeps code lines as they are: not joined, indented, long lines broken within the width", () => {
    const out = plain(renderMarkdown("```text\nshort one\nshort two\n    indented\n" + "x".repeat(90) + "\n```", 40));
    expect(out).toContain("  short one\n  short two\n      indented\n");
    expectWithin(out, 40);
    expect(out.replace(/[\s]/g, "")).toContain("shortoneshorttwoindented" + "x".repeat(90));
  });

  it("keeps a list's numbering when a code block interrupts it", () => {
    const out = plain(renderMarkdown("1. Install:\n\n```sh\nnpm i\n```\n\n2. Run it.\n3. Done.", 40));
    expect(out).toContain("2. Run it.");
    expect(out).toContain("3. Done.");
  });

  it("keeps hard line breaks and never emits marked-terminal's /\\n/g artefact", () => {
    const out = plain(renderMarkdown("*first line  \nsecond line* and `a:b`", 40));
    expect(out).toBe("first line\nsecond line and a:b");
  });

  it("shows links as text and URL, without OSC 8", () => {
    const out = renderMarkdown(
      "See [the docs](https://example.com/docs) or <https://example.com> or me@example.com.",
      100,
    );
    expect(out).not.toContain("\u001b]8");
    expect(plain(out)).toBe("See the docs (https://example.com/docs) or https://example.com or me@example.com.");
  });

  it("highlights only known languages, without writing to the console", () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const logs = vi.spyOn(console, "log").mockImplementation(() => undefined);
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const out = renderMarkdown("```nosuchlanguage title=x\nlet x = 1\n```\n\n```\nno language at all\n```", 40);
    expect(plain(out)).toBe("  let x = 1\n\n  no language at all");
    expect(errors).not.toHaveBeenCalled();
    expect(logs).not.toHaveBeenCalled();
    expect(warnings).not.toHaveBeenCalled();
  });

  it("re-opens styles on every wrapped line (ink lays out each line on its own)", () => {
    const out = renderMarkdown(`# ${"word ".repeat(20)}`, 30);
    const lines = out.split("\n");
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) {
      expect(line.startsWith("\u001b[")).toBe(true);
      expect(line.endsWith("\u001b[0m")).toBe(true);
    }
  });

  it("fits wide tables, and stacks a table with too many columns", () => {
    const wide = `| ${"column | ".repeat(5)}\n|${"---|".repeat(5)}\n| ${"a long cell value | ".repeat(5)}\n`;
    expectWithin(renderMarkdown(wide, 40), 40);
    const many = `| ${"c | ".repeat(12)}\n|${"---|".repeat(12)}\n| ${"value | ".repeat(12)}\n`;
    const stacked = plain(renderMarkdown(many, 40));
    expectWithin(stacked, 40);
    expect(stacked).toContain("c: value");
  });

  it("renders a 20 KB answer within the width, and its split pieces exactly like the whole", () => {
    for (const width of [40, 60]) {
      const whole = renderMarkdown(fixture, width);
      expectWithin(whole, width);
      expectOnlySgr(whole);
      const splitter = new StreamingSplitter({ lexer: getMarkdownLexer() });
      const pieces: string[] = [];
      let last = 0;
      for (let i = 0; i < fixture.length; i += 50) {
        const point = splitter.push(fixture.slice(i, i + 50));
        if (point > last) {
          pieces.push(fixture.slice(last, point));
          last = point;
        }
      }
      pieces.push(fixture.slice(last));
      expect(pieces.length).toBeGreaterThan(20);
      expect(pieces.map((piece) => renderMarkdown(piece, width)).join("\n\n")).toBe(whole);
    }
  });

  it("costs far less per chunk when only the tail after the split is rendered", () => {
    const chunks: string[] = [];
    for (let i = 0; i < fixture.length; i += 200) chunks.push(fixture.slice(i, i + 200));
    let text = "";
    let started = performance.now();
    for (const chunk of chunks) {
      text += chunk;
      renderMarkdown(text, 60);
    }
    const whole = performance.now() - started;
    text = "";
    const splitter = new StreamingSplitter({ lexer: getMarkdownLexer() });
    let last = 0;
    started = performance.now();
    for (const chunk of chunks) {
      text += chunk;
      const point = splitter.push(chunk);
      if (point > last) {
        renderMarkdown(text.slice(last, point), 60);
        last = point;
      }
      renderMarkdown(text.slice(last), 60);
    }
    const tail = performance.now() - started;
    expect(tail).toBeLessThan(whole / 3);
  });
});

describe("getMarkdownRenderer", () => {
  it("returns the same renderer for the same width, and one per width", async () => {
    await loadMarkdownRenderer();
    const forty = getMarkdownRenderer(40);
    expect(forty).toBeDefined();
    expect(getMarkdownRenderer(40)).toBe(forty);
    expect(getMarkdownRenderer(40.7)).toBe(forty);
    expect(forty?.width).toBe(40);
    const eighty = getMarkdownRenderer(80);
    expect(eighty).not.toBe(forty);
    expect(eighty?.width).toBe(80);
    expect(getMarkdownRenderer(2)?.width).toBe(10);
  });
});

describe("renderPlainText", () => {
  it("sanitizes, expands tabs and wraps without styling", () => {
    const out = renderPlainText("a\tb \u001b[31mred\u001b[0m " + "word ".repeat(10), 16);
    expect(out).not.toMatch(SGR);
    expect(out.startsWith("a   b red word")).toBe(true);
    expectWithin(out, 16);
  });
});
