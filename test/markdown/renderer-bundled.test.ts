import { describe, expect, it, vi } from "vitest";
import type * as CliHighlight from "cli-highlight";
import { loadMarkdownRenderer, renderMarkdown } from "../../src/markdown/renderer.js";

// In the esbuild bundle, a dynamic import of the CommonJS cli-highlight yields only `default` (Node's own
// loader also exposes the named exports). The renderer must work with that shape.
vi.mock("cli-highlight", async (importOriginal) => {
  const actual = await importOriginal<typeof CliHighlight>();
  return { default: { ...actual } };
});

describe("renderMarkdown with cli-highlight as bundled by esbuild", () => {
  it("still highlights code", async () => {
    await loadMarkdownRenderer();
    const out = renderMarkdown("```ts\nexport const answer = 42;\n```", 40);
    expect(out).toContain("answer = ");
    expect(out).toMatch(/\u001b\[[0-9;]*m/);
  });
});
