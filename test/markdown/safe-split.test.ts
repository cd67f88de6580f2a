import { readFileSync } from "node:fs";
import { Marked } from "marked";
import { describe, expect, it } from "vitest";
import { type MarkdownLexer, StreamingSplitter, findSafeSplitPoint } from "../../src/markdown/safe-split.js";
import { randomDocument, randomSource } from "./markdown-fuzz.js";
import { cpuTime } from "../helpers/cpu-time.js";

const fixture = readFileSync(new URL("./fixtures/protocol-excerpt.md", import.meta.url), "utf8");
const marked = new Marked({ gfm: true });
const lexer: MarkdownLexer = (markdown) => marked.lexer(markdown);

/** The top-level blocks marked finds, as comparable strings (blank-line tokens left out). */
function blocksOf(markdown: string): string[] {
  return marked
    .lexer(markdown)
    .filter((token) => token.type !== "space")
    .map((token) => JSON.stringify(token));
}

/** Checks that the head before `point` parses into exactly the first blocks of the whole document. */
function expectStableHead(document: string, point: number): void {
  const head = blocksOf(document.slice(0, point));
  const whole = blocksOf(document);
  expect(head, `head ending at ${point}: ${JSON.stringify(document.slice(Math.max(0, point - 60), point))}`).toEqual(
    whole.slice(0, head.length),
  );
}

/** Feeds `document` in random chunks; returns every split point in order. */
function streamSplits(document: string, random: () => number, splitter = new StreamingSplitter()): number[] {
  const points: number[] = [];
  for (let i = 0; i < document.length;) {
    const size = 1 + Math.floor(random() * 40);
    const point = splitter.push(document.slice(i, i + size));
    if (point !== (points[points.length - 1] ?? 0)) points.push(point);
    i += size;
  }
  return points;
}

describe("findSafeSplitPoint", () => {
  it("splits at a blank line between paragraphs, once the next line is complete", () => {
    expect(findSafeSplitPoint("first\n\nsecond\n")).toBe(7);
    expect(findSafeSplitPoint("first\n\nsecond\n\nthird\n")).toBe(15);
    expect(findSafeSplitPoint("first\n\nsec")).toBe(0);
    expect(findSafeSplitPoint("first\n\n")).toBe(0);
    expect(findSafeSplitPoint("")).toBe(0);
    expect(findSafeSplitPoint("\n\nleading blank lines\n")).toBe(0);
    expect(findSafeSplitPoint("one\ntwo\nthree\n")).toBe(0);
  });

  it("never splits inside a fenced code block", () => {
    expect(findSafeSplitPoint("```\na\n\nb\n```\n")).toBe(0);
    expect(findSafeSplitPoint("```python\nx = 1\n\ny = 2\n")).toBe(0);
    const after = '```ts title="a.ts"\na\n\nb\n```\n\nafter\n';
    expect(findSafeSplitPoint(after)).toBe(after.indexOf("after"));
  });

  it("splits before a fence, not inside an unterminated one", () => {
    const text = "text\n\n```js\nconst a = 1;\n\nconst b = 2;\n";
    expect(findSafeSplitPoint(text)).toBe(6);
  });

  it("handles ~~~ fences, longer fences and fences inside fences", () => {
    const tilde = "~~~md\n```\n\ninner\n```\n~~~\n\nafter\n";
    expect(findSafeSplitPoint(tilde)).toBe(tilde.indexOf("after"));
    const four = "````\n```\n\nstill code\n```\n````\n\nafter\n";
    expect(findSafeSplitPoint(four)).toBe(four.indexOf("after"));
    const longerCloser = "```\n\nx\n`````\n\ny\n";
    expect(findSafeSplitPoint(longerCloser)).toBe(longerCloser.indexOf("y"));
    expect(findSafeSplitPoint("```\n\nx\n```js\n\ny\n")).toBe(0);
    expect(findSafeSplitPoint("~~~\n\nx\n```\n\ny\n")).toBe(0);
  });

  it("tracks indented fences: up to 3 spaces at top level, more under list items", () => {
    const indented = "   ```\n\ncolumn zero inside\n   ```\n\nafter\n";
    expect(findSafeSplitPoint(indented)).toBe(indented.indexOf("after"));
    // Four spaces make indented code, not a fence: the paragraph after it is a split point.
    expect(findSafeSplitPoint("    ```\n\nx\n")).toBe(9);
    const inItem = "1. Install:\n\n   ```bash\n   npm install\n\n   npm test\n   ```\n\n2. Run.\n\nDone.\n";
    expect(findSafeSplitPoint(inItem)).toBe(inItem.indexOf("Done."));
    const onMarker = "- ```js\n  a();\n\n  b();\n  ```\n\nafter\n";
    expect(findSafeSplitPoint(onMarker)).toBe(onMarker.indexOf("after"));
    const nested = "- a\n  - b\n    ```\n    deep\n\n    deeper\n    ```\n  - c\n\nafter\n";
    expect(findSafeSplitPoint(nested)).toBe(nested.indexOf("after"));
  });

  it("does not split a list that may go on, and splits once it has ended", () => {
    expect(findSafeSplitPoint("- a\n\n- b\n")).toBe(0);
    expect(findSafeSplitPoint("1. a\n\n2. b\n")).toBe(0);
    expect(findSafeSplitPoint("- a\n\n  continued\n")).toBe(0);
    const ended = "- a\n\n- b\n\nparagraph\n";
    expect(findSafeSplitPoint(ended)).toBe(ended.indexOf("paragraph"));
    const listAfterParagraph = "paragraph\n\n- a\n";
    expect(findSafeSplitPoint(listAfterParagraph)).toBe(11);
    // A thematic break is not a list item.
    const rule = "text\n\n* * *\n\nmore\n";
    expect(findSafeSplitPoint(rule)).toBe(rule.indexOf("more"));
  });

  it("never splits inside an HTML block that runs past blank lines", () => {
    const comment = "<!--\n\nhidden\n\n-->\n\nafter\n";
    expect(findSafeSplitPoint(comment)).toBe(comment.indexOf("after"));
    expect(findSafeSplitPoint("<pre>\n\nx\n")).toBe(0);
    // A block-level tag swallows the lines up to a blank one: the ``` after it is not a fence.
    const details = "</details>\n```\n\nnot code\n\nafter\n";
    expect(findSafeSplitPoint(details)).toBe(details.indexOf("after"));
  });

  it("gives a head that marked parses into the same blocks as the whole document", () => {
    for (const point of streamSplits(fixture, randomSource(1))) expectStableHead(fixture, point);
    expect(findSafeSplitPoint(fixture)).toBeGreaterThan(fixture.length - 600);
  });

  it("gives stable heads on random documents, malformed list fences included", () => {
    for (let seed = 1; seed <= 1500; seed++) {
      const random = randomSource(seed);
      const document = randomDocument(random, 3 + Math.floor(random() * 8));
      for (const point of streamSplits(document, random)) expectStableHead(document, point);
    }
  });
});

describe("StreamingSplitter", () => {
  it("finds the same split points however the text is chunked", () => {
    const expected = findSafeSplitPoint(fixture);
    const random = randomSource(3);
    for (let run = 0; run < 50; run++) {
      const splitter = new StreamingSplitter();
      streamSplits(fixture, random, splitter);
      expect(splitter.splitPoint).toBe(expected);
      expect(splitter.length).toBe(fixture.length);
    }
    for (let seed = 1; seed <= 300; seed++) {
      const random = randomSource(seed);
      const document = randomDocument(random, 3 + Math.floor(random() * 8));
      const splitter = new StreamingSplitter();
      streamSplits(document, random, splitter);
      expect(splitter.splitPoint).toBe(findSafeSplitPoint(document));
    }
  });

  it("only moves forward and reports whether a fence is open", () => {
    const splitter = new StreamingSplitter();
    expect(splitter.push("intro\n\n```js\nconst a = 1;\n\n")).toBe(7);
    expect(splitter.inFence).toBe(true);
    expect(splitter.push("const b = 2;\n```\n")).toBe(7);
    expect(splitter.inFence).toBe(false);
    const beforeAfter = "intro\n\n```js\nconst a = 1;\n\nconst b = 2;\n```\n\n";
    expect(splitter.push("\nafter\n")).toBe(beforeAfter.length);
    splitter.reset();
    expect(splitter.splitPoint).toBe(0);
    expect(splitter.push("a\n\nb\n")).toBe(3);
  });

  it("with a lexer, keeps only splits the lexer confirms", () => {
    const never: MarkdownLexer = (markdown) => [{ raw: markdown }];
    expect(findSafeSplitPoint("first\n\nsecond\n\nthird\n", { lexer: never })).toBe(0);
    expect(findSafeSplitPoint(fixture, { lexer })).toBe(findSafeSplitPoint(fixture));
    for (let seed = 1; seed <= 300; seed++) {
      const random = randomSource(seed);
      const document = randomDocument(random, 3 + Math.floor(random() * 8));
      for (const point of streamSplits(document, random, new StreamingSplitter({ lexer }))) {
        expectStableHead(document, point);
      }
    }
  });

  it("lexes each part of the answer about once, not the whole answer per chunk", () => {
    let lexed = 0;
    const counting: MarkdownLexer = (markdown) => {
      lexed += markdown.length;
      return lexer(markdown);
    };
    streamSplits(fixture, randomSource(5), new StreamingSplitter({ lexer: counting }));
    expect(lexed).toBeLessThan(fixture.length * 2);
  });

  it("scans a 20 KB answer in well under a millisecond per KB (CPU time)", () => {
    const { ms } = cpuTime(() => {
      for (let run = 0; run < 20; run++) findSafeSplitPoint(fixture);
    });
    expect(ms / 20).toBeLessThan(20);
  });
});
