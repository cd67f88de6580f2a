import { Chalk } from "chalk";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { highlightCode, supportsLanguage } from "../../src/markdown/code-highlight.js";
import { stripSgr } from "../../src/markdown/width.js";

const chalk = new Chalk({ level: 1 });
const root = join(import.meta.dirname, "..", "..");

describe("highlightCode", () => {
  it("styles TypeScript's keywords, strings and numbers, and gives back the source exactly", () => {
    const source = 'export const answer: number = 42; // "the" <answer> & more\nconst s = `a ${b}`;';
    const out = highlightCode(source, "ts", chalk);
    expect(stripSgr(out)).toBe(source);
    expect(out).toContain(chalk.blue("export"));
    expect(out).toContain(chalk.green("42"));
    expect(out).toContain(chalk.gray('// "the" <answer> & more'));
  });

  it("never carries a style over a newline, so lines can be indented one by one", () => {
    const out = highlightCode('/* one\ntwo */\nx = "a"', "javascript", chalk);
    for (const line of out.split("\n")) expect(line.endsWith("\u001b[39m") || !line.includes("\u001b[")).toBe(true);
    expect(out.split("\n")[1]).toBe(chalk.gray("two */"));
  });

  it("knows the languages and aliases agents write, and not the rest", () => {
    for (const name of ["ts", "tsx", "sh", "zsh", "bash", "py", "rs", "go", "json", "yml", "html", "toml", "diff"]) {
      expect(supportsLanguage(name), name).toBe(true);
    }
    expect(supportsLanguage("mathematica")).toBe(false);
  });
});

describe("the CLI bundle", () => {
  // The bundle `npm test` built before the tests (building it here would pull dist/ from under the tmux
  // tests running beside this one).
  it("holds only the grammars code-highlight.ts registers (cli-highlight's whole highlight.js stays out)", () => {
    const dist = join(root, "dist");
    const bundle = readdirSync(dist)
      .filter((name) => name.endsWith(".js"))
      .map((name) => readFileSync(join(dist, name), "utf8"))
      .join("\n");
    expect(bundle).toContain("hljs-");
    // Grammars of highlight.js's full build that no registered language pulls in.
    expect(bundle).not.toMatch(/name: "Mathematica"|name: "Brainfuck"|name: "COBOL"/);
    expect(bundle).toMatch(/name: "TypeScript"/);
  });
});
