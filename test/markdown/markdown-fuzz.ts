/**
 * Random markdown documents built from the blocks agents actually write (and a few they get wrong), for the
 * safe-split property tests. Deterministic: the same seed gives the same document.
 */

/** A small deterministic PRNG (mulberry32), so a failing seed can be replayed. */
export function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const BLOCKS: readonly string[] = [
  "A paragraph with **bold**, `code` and a [link](https://example.com).\nIt goes on for a second line.",
  "## A heading",
  "Setext heading\n---",
  "- tight item one\n- tight item two\n  - nested item",
  "- loose item one\n\n- loose item two\n\n  with a second paragraph",
  "1. first step\n2. second step",
  "3. continued numbering",
  "1. Install it:\n\n   ```bash\n   npm install\n\n   npm test\n   ```\n\n2. Run it.",
  "- ```js\n  const a = 1;\n\n  const b = 2;\n  ```",
  "1. Sloppy fence:\n    ```\n   code\n\n   more\n   ```",
  "1. Dedented content:\n   ```python\ndef foo():\n\n    pass\n   ```",
  "- item\n\n  ```\n  inside the item\n\nat column zero\n  ```",
  "```python\nx = 1\n\ny = 2\n```",
  "```\nno language\n\n\nthree blank lines above\n```",
  "~~~md\n```\n\ninner fence\n```\n~~~",
  "````\n```\n\nstill code\n```\n````",
  "  ```\n  indented fence\n\ncolumn zero inside\n  ```",
  '```js title="a.js"\nlet x;\n\nlet y;\n```',
  "``` not a fence ``` inline",
  "> a quote\n>\n> - with a list\n\n> another quote",
  "| a | b |\n|---|---|\n| 1 | 2 |",
  "<!--\na comment\n\nwith a blank line\n-->",
  "<details>\n\ntext inside\n\n</details>",
  "    indented code\n\n    more indented code",
  "---",
  "* * *",
  "Text right before a list:\n- item",
  "+ plus item\n\n+ another",
  "10) paren item\n\n11) next",
  "Trailing text with a tab\there.",
  "1. Step:\n   ```python\n   x = 1\ndef lazy():\n   ```",
  "- a\n# heading interrupts the item",
  "<div>\n```\n\nnot code\n</div>",
  "1. a\n\n  ```\n  two-space fence under a numbered item\n\ncolumn zero\n  ```",
  "- item\n\n    ```\n    four-space fence in an item\n\n    more\n    ```",
  "> ```\n> quoted code\n\n> more quote",
  "- a\n  - b\n    ```\n    deep\n\n    deeper\n    ```\n  - c",
];

const SEPARATORS: readonly string[] = ["\n\n", "\n\n", "\n\n\n", "\n", "\n  \n"];

/** A document of `blockCount` random blocks joined by random separators, maybe ending in an open fence. */
export function randomDocument(random: () => number, blockCount: number): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  let doc = "";
  for (let i = 0; i < blockCount; i++) doc += (i > 0 ? pick(SEPARATORS) : "") + pick(BLOCKS);
  if (random() < 0.2) doc += "\n\n```ts\nunterminated();\n\nstill();";
  return random() < 0.5 ? `${doc}\n` : doc;
}
