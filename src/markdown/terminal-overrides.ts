/**
 * Our marked renderer overrides, layered on top of marked-terminal for one pane width.
 *
 * marked-terminal does headings, paragraphs and inline styles well, but several of its renderers break in a
 * narrow pane or with agent output (each override below names the failure it prevents). The overrides run
 * first; returning `false` would fall through to marked-terminal.
 */
import type { ChalkInstance } from "chalk";
import type { Marked as MarkedClass, MarkedExtension, RendererObject, Tokens } from "marked";
import type { markedTerminal as createTerminalExtension } from "marked-terminal";
import type { highlightCode, supportsLanguage as isSupportedLanguage } from "./code-highlight.js";
import { renderTable } from "./table.js";
import { stripSgr } from "./width.js";
import { expandTabs } from "./wrap.js";

/** The lazily imported modules a renderer is built from. */
export interface RendererModules {
  Marked: typeof MarkedClass;
  markedTerminal: typeof createTerminalExtension;
  chalk: ChalkInstance;
  highlightCode: typeof highlightCode;
  supportsLanguage: typeof isSupportedLanguage;
}

/**
 * marked-terminal protects `:` inside inline code from its emoji pass with this placeholder and puts the
 * colon back only in paragraphs, headings and list items; in table headers it leaks. We put it back once,
 * over the whole output, and in table cells before measuring them.
 */
export const COLON_PLACEHOLDER = "*#COLON|*";

/** Code blocks longer than this are shown unhighlighted: highlight.js costs ~1–2 ms per KB. */
const MAX_HIGHLIGHTED_CHARS = 20_000;
/** Info strings that mean "no language": highlighting them would only guess. */
const PLAIN_LANGUAGES = new Set(["", "text", "txt", "plain", "plaintext", "none", "output", "console-output"]);
const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };

/** Replaces the five entities marked-terminal unescapes, in one pass (its chained replaces unescape twice). */
function unescapeEntities(text: string): string {
  return text.includes("&") ? text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity) : text;
}

/** The first word of a fence's info string, lower-cased: ```` ```TypeScript title="a.ts" ```` → `typescript`. */
function languageOf(info: string | undefined): string {
  return (
    (info ?? "")
      .trim()
      .split(/[\s{},]/)[0]
      ?.toLowerCase() ?? ""
  );
}

function renderOverrides(modules: RendererModules, width: number): RendererObject {
  const { chalk } = modules;

  const highlight = (source: string, language: string): string => {
    // No guessing when no language is given (auto-detection tries every grammar), and highlight.js writes
    // "Could not find the language" to the console (stderr) for an unknown one, which would tear Ink's
    // frame: only known languages reach it.
    if (
      PLAIN_LANGUAGES.has(language) ||
      source.length > MAX_HIGHLIGHTED_CHARS ||
      chalk.level === 0 ||
      !modules.supportsLanguage(language)
    ) {
      return chalk.yellow(source);
    }
    try {
      return modules.highlightCode(source, language, chalk);
    } catch {
      return chalk.yellow(source);
    }
  };

  return {
    // marked-terminal renders a tight list item's text from its raw source, so `**bold**` and `code` in list
    // items showed with their markers. Render the inline tokens instead.
    text(token) {
      if (!("tokens" in token) || !token.tokens) return false;
      return unescapeEntities(this.parser.parseInline(token.tokens)).replace(/\n/g, " ");
    },

    // marked-terminal's em turns a hard line break into the literal characters `/\n/g` (it passes a RegExp as
    // the replacement string).
    em(token) {
      return chalk.italic(this.parser.parseInline(token.tokens));
    },

    // marked-terminal emits an OSC 8 hyperlink when supports-hyperlinks says so; its reflow then counts the
    // URL inside the escape as visible text and can cut the sequence in two. Links are shown as text (URL).
    link(token) {
      const text = this.parser.parseInline(token.tokens);
      const label = stripSgr(text);
      if (!label || label === token.href || `mailto:${label}` === token.href) {
        return chalk.blue.underline(label || token.href);
      }
      return `${chalk.blue(text)} ${chalk.gray(`(${token.href})`)}`;
    },

    // marked-terminal sizes the rule from process.stdout.columns (or its reflow width), not the pane.
    hr() {
      return `${chalk.gray("─".repeat(width))}\n\n`;
    },

    // Tabs are expanded (string-width counts a tab as 0 columns, so ink would misplace everything after one),
    // and the code is indented, never reflowed; over-wide lines are broken later by fitToWidth.
    code(token: Tokens.Code) {
      const source = expandTabs(token.text.replace(/\n+$/, ""));
      const body = highlight(source, languageOf(token.lang));
      return `${body
        .split("\n")
        .map((line) => (line === "" ? "" : `  ${line}`))
        .join("\n")}\n\n`;
    },

    blockquote(token) {
      const body = this.parser.parse(token.tokens).replace(/\n+$/, "");
      const bar = chalk.gray("│");
      const lines = body.split("\n").map((line) => (line === "" ? bar : `${bar} ${chalk.italic(line)}`));
      return `${lines.join("\n")}\n\n`;
    },

    // marked-terminal numbers every ordered list from 1 (a list continued after a code block restarts at
    // "1."), glues a nested list to its parent's text and numbers nested bullets of an ordered list.
    // A loose item's text is parsed as inline here (not top level): at top level marked wraps the already
    // styled text in a paragraph and styles it again, and marked-terminal's text() drops the first pass's ESC
    // bytes, leaving `[1mShell[22m` on screen. Loose items are still set apart by blank lines below.
    list(token) {
      const start = token.ordered && token.start !== "" ? token.start : 1;
      const markers = token.items.map((_, index) => (token.ordered ? `${start + index}.` : "•"));
      const markerWidth = Math.max(...markers.map((marker) => marker.length)) + 1;
      const hanging = " ".repeat(markerWidth);
      const items = token.items.map((item, index) => {
        const blocks = item.tokens
          .map((child) => this.parser.parse([child], false).replace(/^\n+|\n+$/g, ""))
          .filter((block) => block !== "");
        let content = blocks.join(item.loose ? "\n\n" : "\n");
        if (item.task) content = `${item.checked ? "[x]" : "[ ]"} ${content}`;
        return content
          .split("\n")
          .map((line, lineIndex) =>
            lineIndex === 0 ? `${(markers[index] as string).padEnd(markerWidth)}${line}` : line ? hanging + line : "",
          )
          .join("\n");
      });
      return `${items.join(token.loose ? "\n\n" : "\n")}\n\n`;
    },

    // marked-terminal gives tables no width (a 40-column pane got 56-column borders) and leaks the colon
    // placeholder into header cells.
    table(token) {
      const cell = (tableCell: Tokens.TableCell) =>
        unescapeEntities(this.parser.parseInline(tableCell.tokens)).split(COLON_PLACEHOLDER).join(":");
      const rendered = renderTable(
        { header: token.header.map(cell), rows: token.rows.map((row) => row.map(cell)), align: token.align },
        width,
        { border: (text) => chalk.gray(text), header: (text) => chalk.bold(text) },
      );
      return `${rendered}\n\n`;
    },
  };
}

/**
 * A marked instance for `width` columns: marked-terminal underneath, our overrides on top. marked's global
 * options are never touched (style.md: codex-cli's per-render mutation of them is the thing to avoid).
 *
 * marked-terminal's own reflow counts UTF-16 code units: it splits emoji surrogate pairs in two, lets CJK
 * text run to twice the width, and ignores list and quote indentation. So it gets an unbounded width and only
 * joins a paragraph's soft line breaks; the caller fits the lines to the pane with `fitToWidth`.
 */
export function createMarked(modules: RendererModules, width: number): InstanceType<typeof MarkedClass> {
  const identity = (text: string) => text;
  const marked = new modules.Marked({ async: false, gfm: true });
  marked.use(
    modules.markedTerminal({
      width: Number.MAX_SAFE_INTEGER,
      reflowText: true,
      tab: 2,
      // `:+1:`-style shortcodes would rewrite text such as "12:fire:" and cost a regex pass per paragraph.
      emoji: false,
      unescape: true,
      // The default chalk.reset emits ESC[0m around every paragraph and list item: bytes for nothing, and a
      // reset inside a quote cancels the quote's styling.
      paragraph: identity,
      listitem: identity,
      table: identity,
    }),
  );
  const overrides: MarkedExtension = { renderer: renderOverrides(modules, width) };
  marked.use(overrides);
  return marked;
}
