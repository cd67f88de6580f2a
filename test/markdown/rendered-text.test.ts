import { stripVTControlCharacters } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { loadMarkdownRenderer, renderMarkdown } from "../../src/markdown/renderer.js";

/**
 * What a user reads: the rendered markdown with its escape sequences stripped, colours on (test/setup.ts sets
 * FORCE_COLOR). No SGR parameter text may survive as visible characters (`[1m` on screen).
 */
const LEFTOVER_SGR = /\[[0-9;]*m/;

function seen(markdown: string, width: number): string {
  const rendered = renderMarkdown(markdown, width);
  expect(rendered).toMatch(/\u001b\[/); // colours are on: styled text really was rendered
  const text = stripVTControlCharacters(rendered).replace(/\n+$/, "");
  expect(text).not.toMatch(LEFTOVER_SGR);
  return text;
}

beforeAll(async () => {
  await loadMarkdownRenderer();
});

describe.each([40, 80])("markdown as read at %i columns", (width) => {
  it("a tight list with bold and a code span", () => {
    expect(seen("- **Shell**: approved `ls`\n- *Edit*: `a.ts`\n", width)).toBe("• Shell: approved ls\n• Edit: a.ts");
  });

  it("a loose list (items apart), the demo's rejected-edit summary", () => {
    expect(seen("- **Shell**: You approved `git status`\n\n- **Edit**: rejected\n", width)).toBe(
      "• Shell: You approved git status\n\n• Edit: rejected",
    );
  });

  it("an item with a second paragraph and a quote", () => {
    expect(seen("- first **item**\n\n  second paragraph\n\n  > quoted `code`\n", width)).toBe(
      "• first item\n\n  second paragraph\n\n  │ quoted code",
    );
  });

  it("a nested list, ordered outside", () => {
    expect(seen("1. one **bold**\n   - inner `code`\n   - inner two\n2. two\n", width)).toBe(
      "1. one bold\n   • inner code\n   • inner two\n2. two",
    );
  });

  it("a link shows its text and its address", () => {
    expect(seen("see [the docs](https://example.com/d)\n", width)).toBe("see the docs (https://example.com/d)");
  });

  it("a heading and a paragraph", () => {
    const text = seen("## Plan **now**\n\nsome `code` here\n", width);
    expect(text).toContain("Plan now");
    expect(text).toContain("some code here");
  });

  it("a table keeps its cells' text", () => {
    const text = seen("| name | **kind** |\n| --- | --- |\n| `a.ts` | file |\n", width);
    expect(text).toMatch(/name\s*│\s*kind/);
    expect(text).toMatch(/a\.ts\s*│\s*file/);
  });
});
