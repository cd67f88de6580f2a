/**
 * Syntax highlighting of fenced code for the terminal: highlight.js's core with the languages agents write
 * most, turned into chalk styles by a small reader of its output.
 *
 * Why not cli-highlight (which marked-terminal uses): it loads every one of highlight.js's 190 grammars
 * (~140 ms of a `--resume` on the 2-core machine, before the first answer can be drawn) and parses each
 * highlighted block's HTML with parse5 (~0.5 ms a block). highlight.js emits only `<span class="hljs-…">`,
 * `</span>` and five entities, so reading it takes a regular expression.
 */
// The deep imports below are typed by the declarations in highlight.js's own types.
/// <reference types="highlight.js" />
import type { ChalkInstance } from "chalk";
import hljs from "highlight.js/lib/core.js";
import bash from "highlight.js/lib/languages/bash.js";
import c from "highlight.js/lib/languages/c.js";
import cpp from "highlight.js/lib/languages/cpp.js";
import csharp from "highlight.js/lib/languages/csharp.js";
import css from "highlight.js/lib/languages/css.js";
import dart from "highlight.js/lib/languages/dart.js";
import diff from "highlight.js/lib/languages/diff.js";
import dockerfile from "highlight.js/lib/languages/dockerfile.js";
import elixir from "highlight.js/lib/languages/elixir.js";
import go from "highlight.js/lib/languages/go.js";
import haskell from "highlight.js/lib/languages/haskell.js";
import ini from "highlight.js/lib/languages/ini.js";
import java from "highlight.js/lib/languages/java.js";
import javascript from "highlight.js/lib/languages/javascript.js";
import json from "highlight.js/lib/languages/json.js";
import kotlin from "highlight.js/lib/languages/kotlin.js";
import lua from "highlight.js/lib/languages/lua.js";
import makefile from "highlight.js/lib/languages/makefile.js";
import markdown from "highlight.js/lib/languages/markdown.js";
import nix from "highlight.js/lib/languages/nix.js";
import perl from "highlight.js/lib/languages/perl.js";
import php from "highlight.js/lib/languages/php.js";
import powershell from "highlight.js/lib/languages/powershell.js";
import protobuf from "highlight.js/lib/languages/protobuf.js";
import python from "highlight.js/lib/languages/python.js";
import ruby from "highlight.js/lib/languages/ruby.js";
import rust from "highlight.js/lib/languages/rust.js";
import scala from "highlight.js/lib/languages/scala.js";
import scss from "highlight.js/lib/languages/scss.js";
import shell from "highlight.js/lib/languages/shell.js";
import sql from "highlight.js/lib/languages/sql.js";
import swift from "highlight.js/lib/languages/swift.js";
import typescript from "highlight.js/lib/languages/typescript.js";
import xml from "highlight.js/lib/languages/xml.js";
import yaml from "highlight.js/lib/languages/yaml.js";

// Each grammar also registers its aliases (ts, tsx, sh, zsh, py, rs, yml, html, toml, …).
const LANGUAGES = {
  bash, c, cpp, csharp, css, dart, diff, dockerfile, elixir, go, haskell, ini, java, javascript, json,
  kotlin, lua, makefile, markdown, nix, perl, php, powershell, protobuf, python, ruby, rust, scala, scss, shell,
  sql, swift, typescript, xml, yaml,
}; // prettier-ignore
for (const [name, grammar] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, grammar);

/** Whether `language` (a name or an alias) has a grammar here. */
export function supportsLanguage(language: string): boolean {
  return hljs.getLanguage(language) !== undefined;
}

type Style = (text: string) => string;

/** highlight.js scopes (the class after `hljs-`) → styles; a scope not named inherits its parent's. */
function themeOf(chalk: ChalkInstance): Record<string, Style> {
  return {
    keyword: chalk.blue,
    "selector-tag": chalk.blue,
    literal: chalk.blue,
    built_in: chalk.cyan,
    type: chalk.cyan,
    class: chalk.cyan,
    number: chalk.green,
    string: chalk.red,
    regexp: chalk.red,
    "meta-string": chalk.red,
    symbol: chalk.magenta,
    bullet: chalk.magenta,
    function: chalk.yellow,
    title: chalk.yellow,
    section: chalk.bold,
    comment: chalk.gray,
    quote: chalk.gray,
    doctag: chalk.gray,
    meta: chalk.gray,
    tag: chalk.gray,
    name: chalk.blue,
    attr: chalk.cyan,
    attribute: chalk.cyan,
    variable: chalk.magenta,
    "template-variable": chalk.magenta,
    addition: chalk.green,
    deletion: chalk.red,
    emphasis: chalk.italic,
    strong: chalk.bold,
    link: chalk.underline,
  };
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#x27": "'", "#39": "'" };
/** An opening span (its first class is the scope), a closing one, an entity, or plain text. */
const HTML_TOKEN = /<span class="hljs-([\w-]+)[^"]*">|<\/span>|&(amp|lt|gt|quot|#x27|#39);|[^<&]+|[<&]/g;

const themes = new WeakMap<ChalkInstance, Record<string, Style>>();

/**
 * `source` highlighted as `language` (which {@link supportsLanguage} must accept), styled with `chalk`.
 * Styles never span a newline, so the caller may split and indent the result line by line.
 */
export function highlightCode(source: string, language: string, chalk: ChalkInstance): string {
  let theme = themes.get(chalk);
  if (!theme) themes.set(chalk, (theme = themeOf(chalk)));
  const html = hljs.highlight(source, { language, ignoreIllegals: true }).value;
  const styles: (Style | undefined)[] = [];
  let out = "";
  // Neighbouring pieces of one style (entities split a string token) are styled as one run.
  let run = "";
  let runStyle: Style | undefined;
  const flush = () => {
    if (run === "") return;
    out += runStyle
      ? run
          .split("\n")
          .map((line) => (line === "" ? "" : runStyle!(line)))
          .join("\n")
      : run;
    run = "";
  };
  for (const match of html.matchAll(HTML_TOKEN)) {
    const [token, scope, entity] = match;
    if (scope !== undefined) styles.push(theme[scope] ?? styles.at(-1));
    else if (token === "</span>") styles.pop();
    else {
      const style = styles.at(-1);
      if (style !== runStyle) {
        flush();
        runStyle = style;
      }
      run += entity !== undefined ? ENTITIES[entity]! : token;
    }
  }
  flush();
  return out;
}
