/**
 * Types for marked-terminal 7.3, which ships none: only what `renderer.ts` uses. The extension's renderer
 * functions read `this.options` and `this.parser`, so they must be called with marked's renderer as `this`.
 */
declare module "marked-terminal" {
  import type { MarkedExtension, RendererObject } from "marked";

  /** A style applied to rendered text (marked-terminal passes chalk functions by default). */
  type Style = (text: string) => string;

  export interface TerminalRendererOptions {
    code?: Style;
    blockquote?: Style;
    html?: Style;
    heading?: Style;
    firstHeading?: Style;
    hr?: Style;
    listitem?: Style;
    table?: Style;
    paragraph?: Style;
    strong?: Style;
    em?: Style;
    codespan?: Style;
    del?: Style;
    link?: Style;
    href?: Style;
    text?: Style;
    /** Replace `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&#39;` in text. */
    unescape?: boolean;
    /** Turn `:shortcode:` into emoji. */
    emoji?: boolean;
    width?: number;
    showSectionPrefix?: boolean;
    reflowText?: boolean;
    /** Indentation of code blocks, lists and quotes: a number of spaces or a string of tabs. */
    tab?: number | string;
    tableOptions?: Record<string, unknown>;
  }

  /** The extension object: a renderer override for every block and inline token. */
  export interface TerminalExtension extends MarkedExtension {
    renderer: RendererObject;
    useNewRenderer: true;
  }

  export function markedTerminal(
    options?: TerminalRendererOptions,
    highlightOptions?: Record<string, unknown>,
  ): TerminalExtension;
}
