import chalk from "chalk";
import { renderMarkdown } from "../../markdown/renderer.js";
import { formatHiddenLines, stripSgr } from "../../markdown/wrap.js";
import { fitLine } from "./layout.js";

/** Wide enough that a headline is never wrapped before it is fitted to the pane. */
const HEADLINE_RENDER_WIDTH = 1000;

function nonEmptyLines(text: string): string[] {
  return text.split("\n").filter((line) => line.trim() !== "");
}

/**
 * A thought's first line as words: its markdown read, not shown (`**Greeting the user**` → `Greeting the
 * user`). Agents title their reasoning in bold (Codex, Gemini); the markers are noise on a collapsed line.
 */
export function thoughtHeadline(text: string): string {
  const first = nonEmptyLines(text)[0] ?? "";
  const rendered = renderMarkdown(first, HEADLINE_RENDER_WIDTH);
  return stripSgr(rendered.split("\n").find((line) => line.trim() !== "") ?? "").trim();
}

/** How a thought's line looks: focused (Ctrl+O acts on it), expanded (▾) or collapsed (▸) when reachable. */
export interface ThoughtLook {
  readonly focused?: boolean;
  readonly expanded?: boolean;
}

/**
 * A thought collapsed to one dim line: `✻ Headline (+N lines)`. Ctrl+O shows all of it (a thought is a row of
 * ACP's `think` kind among the recent ones, see `state/pane-ops.ts`).
 */
export function thoughtLineText(text: string, width: number, look: ThoughtLook = {}): string {
  const hidden = nonEmptyLines(text).length - 1;
  const more = hidden > 0 ? ` (+${hidden} ${hidden === 1 ? "line" : "lines"})` : "";
  const marker = look.expanded === undefined ? "" : look.expanded ? "▾ " : "▸ ";
  const head = fitLine(thoughtHeadline(text), Math.max(4, width - 2 - marker.length - more.length));
  const style = chalk.dim.italic;
  return fitLine(
    `${style(`✻ ${marker}`)}${look.focused === true ? style.inverse(head) : style(head)}${style(more)}`,
    width,
  );
}

/**
 * A thought expanded: its line, then its whole text rendered as markdown, indented, within `lines` lines
 * (the head kept, "… N more lines" after it).
 */
export function thoughtDetailsText(text: string, width: number, lines: number, look: ThoughtLook = {}): string {
  const header = thoughtLineText(text, width, { ...look, expanded: true });
  // The headline is the header: the body is the rest.
  const headline = text.search(/\S/);
  const rest = text.slice(headline).split("\n").slice(1).join("\n").trim();
  const body = renderMarkdown(rest, Math.max(4, width - 2))
    .split("\n")
    .map((line) => `  ${line}`);
  const room = Math.max(0, lines - 1);
  const shown =
    body.length <= room ? body : [...body.slice(0, Math.max(0, room - 1)), formatHiddenLines(body.length - room + 1)];
  return [header, ...shown].join("\n");
}

/** Lines {@link thoughtDetailsText} wants for `text` (about one per source line, plus the header). */
export function thoughtDetailsWant(text: string): number {
  return 1 + Math.min(200, text.split("\n", 201).length);
}
