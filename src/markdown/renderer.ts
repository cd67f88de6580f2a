/**
 * Markdown to ANSI text for the pane: one cached marked + marked-terminal renderer per width.
 *
 * Importing marked-terminal pulls in cli-table3 and node-emoji, and our highlighter the highlight.js grammars it
 * registers (`code-highlight.ts`); the first highlighted block costs ~20 ms more (highlight.js compiles a
 * grammar on first use). design.md §6 asks for the highlighter to load after the first frame, so nothing here imports it statically: the CLI calls
 * {@link loadMarkdownRenderer} once the first frame is out, and until that resolves {@link renderMarkdown}
 * returns the text plain (sanitized and wrapped) so the pane can already show an answer.
 *
 * Input is always sanitized before parsing (design.md §7): our renderer is the only source of styling.
 */
import type { Marked } from "marked";
import type { MarkdownLexer } from "./safe-split.js";
import { sanitizeText } from "./sanitize.js";
import { normalizeSgr } from "./sgr.js";
import { COLON_PLACEHOLDER, createMarked, type RendererModules } from "./terminal-overrides.js";
import { expandTabs, fitToWidth } from "./wrap.js";

/** Renders markdown for one pane width. Obtain one with {@link getMarkdownRenderer}; instances are cached. */
export interface MarkdownRenderer {
  /** The width, in columns, that no line of the output exceeds. */
  readonly width: number;
  /** Sanitizes `markdown` and renders it: ANSI-styled lines, at most {@link width} columns, no trailing newline. */
  render(markdown: string): string;
}

/** Narrowest width we lay out for; a pane squeezed further still gets readable (if wrapped) text. */
export const MIN_RENDER_WIDTH = 10;
/** Widths come and go while a pane is resized: keep only the most recently used renderers. */
const MAX_CACHED_WIDTHS = 8;

let modules: RendererModules | undefined;
let lexer: MarkdownLexer | undefined;
let loading: Promise<void> | undefined;
const cache = new Map<number, MarkdownRenderer>();

/**
 * Imports marked, marked-terminal and the highlighter. Call it after the first frame; calling it again returns
 * the same promise. Until it resolves, {@link renderMarkdown} falls back to plain text, so a UI that moves
 * finished answers into the scrollback should wait for it (or check {@link isMarkdownRendererLoaded}) before
 * printing markdown into scrollback, where it cannot be redrawn. Rejects if the modules cannot be loaded;
 * rendering then stays plain.
 */
export function loadMarkdownRenderer(): Promise<void> {
  loading ??= Promise.all([
    import("marked"),
    import("marked-terminal"),
    import("chalk"),
    import("./code-highlight.js"),
  ]).then(([marked, terminal, chalk, code]) => {
    modules = {
      Marked: marked.Marked,
      markedTerminal: terminal.markedTerminal,
      chalk: chalk.default,
      highlightCode: code.highlightCode,
      supportsLanguage: code.supportsLanguage,
    };
    // Our renderers change no tokenizer, so a plain instance lexes exactly as they parse.
    const plain = new marked.Marked({ gfm: true });
    lexer = (markdown) => plain.lexer(markdown);
  });
  return loading;
}

/**
 * marked's block lexer, the one the renderer parses with, once {@link loadMarkdownRenderer} has finished: give
 * it to a `StreamingSplitter` so that every split point is confirmed against what will be rendered.
 */
export function getMarkdownLexer(): MarkdownLexer | undefined {
  return lexer;
}

/** True once {@link loadMarkdownRenderer} has finished: {@link renderMarkdown} then returns styled output. */
export function isMarkdownRendererLoaded(): boolean {
  return modules !== undefined;
}

function normalizeWidth(width: number): number {
  return Number.isFinite(width) ? Math.max(MIN_RENDER_WIDTH, Math.floor(width)) : 80;
}

/**
 * Output clean-up shared by both paths: hard breaks, stray tabs and outer blank lines, then the width, then
 * styling made self-contained per line (ink lays out each line on its own).
 */
function finish(text: string, width: number): string {
  const cleaned = text
    .replace(/\r\n?/g, "\n")
    .replace(/\t/g, " ")
    .replace(/^\n+|\n+$/g, "");
  return normalizeSgr(fitToWidth(cleaned, width));
}

function createRenderer(loaded: RendererModules, width: number): MarkdownRenderer {
  const marked: Marked = createMarked(loaded, width);
  return {
    width,
    render(markdown: string): string {
      const rendered = marked.parse(sanitizeText(markdown), { async: false });
      return finish(rendered.split(COLON_PLACEHOLDER).join(":"), width);
    },
  };
}

/**
 * The cached renderer for `width` columns (floored, at least {@link MIN_RENDER_WIDTH}); the same object for
 * the same width. `undefined` until {@link loadMarkdownRenderer} has finished.
 */
export function getMarkdownRenderer(width: number): MarkdownRenderer | undefined {
  if (!modules) return undefined;
  const columns = normalizeWidth(width);
  let renderer = cache.get(columns);
  if (renderer) {
    // Re-insert to mark it most recently used (a Map iterates in insertion order).
    cache.delete(columns);
  } else {
    renderer = createRenderer(modules, columns);
    if (cache.size >= MAX_CACHED_WIDTHS) {
      const oldest = cache.keys().next().value;
      if (oldest !== undefined) cache.delete(oldest);
    }
  }
  cache.set(columns, renderer);
  return renderer;
}

/**
 * Plain-text rendering: sanitized, tabs expanded, every line fitted to `width` columns, no styling. Used for
 * markdown before the renderer is loaded, and for text that is not markdown (tool output).
 */
export function renderPlainText(text: string, width: number): string {
  return finish(expandTabs(sanitizeText(text)), normalizeWidth(width));
}

/**
 * Renders `markdown` (untrusted: it is sanitized first) as ANSI-styled text whose lines are at most `width`
 * columns wide, without a trailing newline: headings, lists, links as `text (url)`, tables fitted to the
 * width, code blocks highlighted and indented but never reflowed. Before {@link loadMarkdownRenderer} has
 * finished, returns {@link renderPlainText} instead.
 */
export function renderMarkdown(markdown: string, width: number): string {
  const renderer = getMarkdownRenderer(width);
  return renderer ? renderer.render(markdown) : renderPlainText(markdown, width);
}
