import { stripVTControlCharacters } from "node:util";
import stringWidth from "string-width";
import { describe, expect, it } from "vitest";
import {
  capLineLength,
  expandTabs,
  fitToWidth,
  formatHiddenLines,
  truncateLines,
  visibleWidth,
  wrapStyledLine,
} from "../../src/markdown/wrap.js";
import { randomSource } from "./markdown-fuzz.js";

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

describe("visibleWidth", () => {
  it("agrees with string-width on every BMP character and on mixed text", () => {
    for (let code = 0x20; code < 0x10000; code++) {
      if (code >= 0xd800 && code <= 0xdfff) continue;
      const character = String.fromCharCode(code);
      expect(visibleWidth(character), code.toString(16)).toBe(stringWidth(character));
    }
    for (const text of ["a│b─c•d…e→f", "漢字", "🎉x", "e\u0301", "\u001b[31mred\u001b[39m", "👨‍👩‍👧‍👦", "☺️"]) {
      expect(visibleWidth(text)).toBe(stringWidth(text));
    }
  });
});

describe("wrapStyledLine", () => {
  it("breaks at spaces and drops them at the break", () => {
    expect(wrapStyledLine("the quick brown fox jumps", 10)).toEqual(["the quick", "brown fox", "jumps"]);
    expect(wrapStyledLine("keeps  double  spaces", 40)).toEqual(["keeps  double  spaces"]);
    expect(wrapStyledLine("", 10)).toEqual([""]);
  });

  it("puts a word longer than a line on its own lines, broken between graphemes", () => {
    expect(wrapStyledLine("see abcdefghijklmnop", 6)).toEqual(["see", "abcdef", "ghijkl", "mnop"]);
    expect(wrapStyledLine("🎉🎉🎉🎉🎉", 4)).toEqual(["🎉🎉", "🎉🎉", "🎉"]);
  });

  it("never breaks a word at an escape code inside it", () => {
    expect(wrapStyledLine("aaaa \u001b[34mlink\u001b[39m.", 9)).toEqual(["aaaa", "\u001b[34mlink\u001b[39m."]);
  });

  it("never exceeds the width and never splits a surrogate pair (random text)", () => {
    const random = randomSource(21);
    const pieces = [
      "word",
      " ",
      "  ",
      "漢字",
      "🎉",
      "👨‍👩‍👧‍👦",
      "\u001b[1m",
      "\u001b[22m",
      "e\u0301",
      "x".repeat(30),
      "…",
      "─",
    ];
    for (let run = 0; run < 1000; run++) {
      let text = "";
      const length = Math.floor(random() * 30);
      for (let i = 0; i < length; i++) text += pieces[Math.floor(random() * pieces.length)];
      const width = 2 + Math.floor(random() * 40);
      const lines = wrapStyledLine(text, width);
      for (const line of lines) {
        expect(stringWidth(stripVTControlCharacters(line))).toBeLessThanOrEqual(width);
        expect(line).not.toMatch(LONE_SURROGATE);
      }
      expect(lines.join("").replace(/ /g, "")).toBe(text.replace(/ /g, ""));
    }
  });
});

describe("fitToWidth", () => {
  it("returns text that fits unchanged", () => {
    const text = "short\nlines\n  indented";
    expect(fitToWidth(text, 20)).toBe(text);
  });

  it("keeps list markers, indentation and quote bars as a hanging indent", () => {
    expect(fitToWidth("• one two three four five six", 12)).toBe("• one two\n  three four\n  five six");
    expect(fitToWidth("  12. alpha beta gamma", 14)).toBe("  12. alpha\n      beta\n      gamma");
    expect(fitToWidth("│ quoted words that wrap", 12)).toBe("│ quoted\n│ words that\n│ wrap");
    expect(fitToWidth("    code(with, many, arguments)", 16)).toBe("    code(with,\n    many,\n    arguments)");
  });

  it("drops the hanging indent when it would take more than half the line", () => {
    expect(fitToWidth("            deep words here", 16)).toBe("            deep\nwords here");
  });
});

describe("expandTabs", () => {
  it("expands to tab stops", () => {
    expect(expandTabs("a\tb\n\tc\nab\td", 4)).toBe("a   b\n    c\nab  d");
    expect(expandTabs("no tabs")).toBe("no tabs");
  });
});

describe("truncateLines", () => {
  it("keeps the first lines and counts the rest", () => {
    expect(truncateLines("1\n2\n3\n4\n5\n", 2)).toEqual({ text: "1\n2", hiddenLines: 3 });
    expect(truncateLines("1\n2\n3", 3)).toEqual({ text: "1\n2\n3", hiddenLines: 0 });
    expect(truncateLines("1\n2\n3\n", 3)).toEqual({ text: "1\n2\n3\n", hiddenLines: 0 });
    expect(truncateLines("1\n2", 0)).toEqual({ text: "", hiddenLines: 2 });
    expect(truncateLines("", 0)).toEqual({ text: "", hiddenLines: 0 });
  });

  it("keeps the last lines with keep: tail", () => {
    expect(truncateLines("1\n2\n3\n4\n5\n", 2, "tail")).toEqual({ text: "4\n5", hiddenLines: 3 });
    expect(truncateLines("1\n2", 5, "tail")).toEqual({ text: "1\n2", hiddenLines: 0 });
  });

  it("handles megabytes of output without trouble", () => {
    const huge = "line\n".repeat(200_000);
    expect(truncateLines(huge, 4)).toEqual({ text: "line\nline\nline\nline", hiddenLines: 199_996 });
    expect(truncateLines(huge, 4, "tail").hiddenLines).toBe(199_996);
  });
});

describe("formatHiddenLines", () => {
  it("says how many lines are hidden", () => {
    expect(formatHiddenLines(1)).toBe("… 1 more line");
    expect(formatHiddenLines(12)).toBe("… 12 more lines");
  });
});

describe("capLineLength", () => {
  it("cuts long lines to the width with an ellipsis and leaves the others", () => {
    const text = `short\n${"x".repeat(1_000_000)}\nalso short`;
    const capped = capLineLength(text, 20);
    expect(capped.split("\n")).toEqual(["short", `${"x".repeat(19)}…`, "also short"]);
  });

  it("measures columns, not characters", () => {
    const capped = capLineLength("漢".repeat(30), 10);
    expect(stringWidth(capped)).toBeLessThanOrEqual(10);
    expect(capped.endsWith("…")).toBe(true);
    expect(capLineLength("🎉".repeat(100_000), 9)).not.toMatch(LONE_SURROGATE);
  });

  it("returns the text itself when nothing is cut", () => {
    const text = "fits\nfine";
    expect(capLineLength(text, 10)).toBe(text);
  });
});
