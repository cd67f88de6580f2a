import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * zellij is not installed on CI machines, so its files are checked here without it: a small KDL (v1) reader
 * that accepts what zellij's files use (nodes, quoted and bare arguments, `key=value` properties, child
 * blocks, `//`, `/* *\/` and `/-` comments) and throws on anything malformed: an unclosed string or brace,
 * a stray `}` or `=`. Then the structure zellij needs is checked on the tree.
 */
interface KdlNode {
  readonly name: string;
  readonly args: readonly (string | number | boolean | null)[];
  readonly props: Readonly<Record<string, string | number | boolean | null>>;
  readonly children: readonly KdlNode[];
}

function parseKdl(source: string): KdlNode[] {
  let at = 0;
  const fail = (message: string): never => {
    const line = source.slice(0, at).split("\n").length;
    throw new Error(`KDL: ${message} at line ${line}`);
  };
  const skipSpace = (newlines: boolean) => {
    for (;;) {
      const char = source[at];
      if (char === " " || char === "\t" || char === "\r" || (newlines && char === "\n")) at++;
      else if (source.startsWith("\\\n", at)) at += 2;
      else if (source.startsWith("//", at)) while (at < source.length && source[at] !== "\n") at++;
      else if (source.startsWith("/*", at)) {
        const end = source.indexOf("*/", at + 2);
        if (end === -1) fail("unclosed block comment");
        at = end + 2;
      } else return;
    }
  };
  const readString = (): string => {
    at++;
    let out = "";
    for (;;) {
      if (at >= source.length) fail("unclosed string");
      const char = source[at++]!;
      if (char === '"') return out;
      if (char === "\\") {
        const escaped = source[at++];
        const map: Record<string, string> = {
          n: "\n",
          t: "\t",
          r: "\r",
          '"': '"',
          "\\": "\\",
          "/": "/",
          b: "\b",
          f: "\f",
        };
        if (escaped === undefined || !(escaped in map)) fail(`bad escape \\${escaped}`);
        out += map[escaped!];
      } else out += char;
    }
  };
  const readBare = (): string => {
    const match = /^[^\s{}()[\]<>;=",\\/]+/.exec(source.slice(at));
    if (!match) fail(`unexpected ${JSON.stringify(source[at])}`);
    at += match![0].length;
    return match![0];
  };
  const readValue = (): string | number | boolean | null => {
    if (source[at] === '"') return readString();
    const word = readBare();
    if (word === "true") return true;
    if (word === "false") return false;
    if (word === "null") return null;
    if (/^[+-]?\d[\d_]*(\.\d+)?([eE][+-]?\d+)?$/.test(word)) return Number(word.replace(/_/g, ""));
    return fail(`bare value ${word}`);
  };
  const readNodes = (inBlock: boolean): KdlNode[] => {
    const nodes: KdlNode[] = [];
    for (;;) {
      skipSpace(true);
      while (source[at] === ";") {
        at++;
        skipSpace(true);
      }
      if (at >= source.length) {
        if (inBlock) fail("unclosed {");
        return nodes;
      }
      if (source[at] === "}") {
        if (!inBlock) fail("stray }");
        at++;
        return nodes;
      }
      const slashdash = source.startsWith("/-", at);
      if (slashdash) {
        at += 2;
        skipSpace(true);
      }
      const name = source[at] === '"' ? readString() : readBare();
      const args: (string | number | boolean | null)[] = [];
      const props: Record<string, string | number | boolean | null> = {};
      let children: KdlNode[] = [];
      for (;;) {
        skipSpace(false);
        const char = source[at];
        if (char === undefined || char === "\n" || char === ";" || char === "}") break;
        if (char === "{") {
          at++;
          children = readNodes(true);
          break;
        }
        if (source.startsWith("/-", at)) {
          at += 2;
          readValue();
          continue;
        }
        if (char === '"') {
          const value = readString();
          if (source[at] === "=") {
            at++;
            props[value] = readValue();
          } else args.push(value);
          continue;
        }
        const start = at;
        const word = readBare();
        if (source[at] === "=") {
          at++;
          props[word] = readValue();
        } else {
          at = start;
          args.push(readValue());
        }
      }
      if (!slashdash) nodes.push({ name, args, props, children });
    }
  };
  return readNodes(false);
}

function findAll(nodes: readonly KdlNode[], predicate: (node: KdlNode) => boolean, found: KdlNode[] = []): KdlNode[] {
  for (const node of nodes) {
    if (predicate(node)) found.push(node);
    findAll(node.children, predicate, found);
  }
  return found;
}

const ZELLIJ_DIR = resolve(import.meta.dirname, "../../tmux/zellij");

describe("the KDL reader", () => {
  it("reads nodes, arguments, properties, children and comments", () => {
    const [node] = parseKdl('a "x" 1 true k="v" n=2 /-"skipped" {\n  // c\n  b; c /* d */ "e"\n}\n/-gone { x }\n');
    expect(node).toEqual({
      name: "a",
      args: ["x", 1, true],
      props: { k: "v", n: 2 },
      children: [
        { name: "b", args: [], props: {}, children: [] },
        { name: "c", args: ["e"], props: {}, children: [] },
      ],
    });
  });

  it("throws on malformed input", () => {
    expect(() => parseKdl('a "open')).toThrow(/unclosed string/);
    expect(() => parseKdl("a {\n b\n")).toThrow(/unclosed \{/);
    expect(() => parseKdl("a }")).toThrow(/stray \}/);
    expect(() => parseKdl("a size=40%")).toThrow(/bare value/);
    expect(() => parseKdl("a /* x")).toThrow(/unclosed block comment/);
  });
});

describe("tmux/zellij/zc-pane.kdl", () => {
  const layout = parseKdl(readFileSync(resolve(ZELLIJ_DIR, "zc-pane.kdl"), "utf8"));

  it("is one layout whose tab splits the main pane and the zc-pane side by side", () => {
    expect(layout.map((node) => node.name)).toEqual(["layout"]);
    const agents = findAll(layout, (node) => node.name === "pane" && node.props["command"] === "zc-pane");
    expect(agents).toHaveLength(1);
    const split = findAll(layout, (node) => node.name === "pane" && node.children.includes(agents[0]!))[0];
    expect(split?.props["split_direction"]).toBe("vertical");
    const panes = split!.children.filter((node) => node.name === "pane");
    expect(panes).toHaveLength(2);
    // The agent sits to the right, the main pane keeps the focus, and the sizes add up.
    expect(panes[1]).toBe(agents[0]);
    expect(panes[0]!.props["focus"]).toBe(true);
    expect(panes.map((pane) => Number(String(pane.props["size"]).replace("%", ""))).reduce((a, b) => a + b)).toBe(100);
  });

  it("keeps zellij's tab and status bars through the tab template", () => {
    const plugins = findAll(layout, (node) => node.name === "plugin").map((node) => node.props["location"]);
    expect(plugins).toEqual(["zellij:tab-bar", "zellij:status-bar"]);
    expect(findAll(layout, (node) => node.name === "children")).toHaveLength(1);
  });
});

describe("tmux/zellij/config-snippet.kdl", () => {
  it("binds a key that runs zc-pane in a pane to the right", () => {
    const config = parseKdl(readFileSync(resolve(ZELLIJ_DIR, "config-snippet.kdl"), "utf8"));
    expect(config.map((node) => node.name)).toEqual(["keybinds"]);
    const run = findAll(config, (node) => node.name === "Run")[0];
    expect(run?.args).toEqual(["zc-pane"]);
    expect(run?.children).toEqual([{ name: "direction", args: ["Right"], props: {}, children: [] }]);
    const bind = findAll(config, (node) => node.name === "bind" && node.children.includes(run!))[0];
    expect(bind?.args).toEqual(["Alt a"]);
  });
});
