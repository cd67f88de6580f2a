import { describe, expect, it } from "vitest";
import {
  applyCompletion,
  commandItems,
  fileItems,
  findCompletionContext,
  isAlreadyComplete,
  type CommandInfo,
} from "../../../src/ui/input/completion.js";
import { bufferText, createBuffer, setCursor } from "../../../src/ui/input/text-buffer.js";

const commands: CommandInfo[] = [
  { name: "help", description: "Show the keys", source: "local" },
  { name: "/history", source: "local" },
  { name: "review", description: "Review the diff", source: "agent" },
  { name: "help", description: "agent help", source: "agent" },
  { name: "bad name", source: "agent" },
];

describe("completion: slash commands", () => {
  it("opens only for a / token at the very start of the input", () => {
    expect(findCompletionContext(createBuffer("/he"))).toMatchObject({ kind: "command", query: "he" });
    expect(findCompletionContext(createBuffer("say /he"))).toBeUndefined();
    expect(findCompletionContext(createBuffer("x\n/he"))).toBeUndefined();
    expect(findCompletionContext(createBuffer("/help me"))).toBeUndefined();
  });

  it("filters by prefix, local first, each name once, untypeable names dropped", () => {
    expect(commandItems(commands, "").map((i) => i.label)).toEqual(["/help", "/history", "/review"]);
    expect(commandItems(commands, "H").map((i) => i.label)).toEqual(["/help", "/history"]);
    expect(commandItems(commands, "re")[0]).toMatchObject({ source: "agent", description: "Review the diff" });
  });

  it("completes with a trailing blank, and recognises an already complete token", () => {
    const buffer = createBuffer("/he");
    const context = findCompletionContext(buffer);
    const [item] = commandItems(commands, "he");
    if (!context || !item) throw new Error("no completion");
    const done = applyCompletion(buffer, context, item);
    expect(bufferText(done)).toBe("/help ");
    expect(done.col).toBe(6);
    const typed = createBuffer("/help");
    expect(isAlreadyComplete(typed, findCompletionContext(typed)!, item)).toBe(true);
  });
});

describe("completion: @ paths", () => {
  const entries = [
    { name: "src", isDirectory: true },
    { name: ".env", isDirectory: false },
    { name: "README.md", isDirectory: false },
    { name: "readme-old.md", isDirectory: false },
  ];

  it("finds the @ token around the cursor, split into directory and name prefix", () => {
    const buffer = setCursor(createBuffer("look at @src/ui/pro now"), 0, 19);
    expect(findCompletionContext(buffer)).toMatchObject({
      kind: "file",
      dir: "src/ui/",
      base: "pro",
      start: 8,
      end: 19,
    });
    expect(findCompletionContext(createBuffer("mail me@example.com"))).toBeUndefined();
  });

  it("lists hidden entries only when the prefix starts with a dot, matching case-insensitively", () => {
    const context = findCompletionContext(createBuffer("@"));
    if (context?.kind !== "file") throw new Error("no file context");
    expect(fileItems(entries, context).map((i) => i.label)).toEqual(["src/", "README.md", "readme-old.md"]);
    const dot = findCompletionContext(createBuffer("@."));
    if (dot?.kind !== "file") throw new Error("no file context");
    expect(fileItems(entries, dot).map((i) => i.label)).toEqual([".env"]);
    const read = findCompletionContext(createBuffer("@read"));
    if (read?.kind !== "file") throw new Error("no file context");
    expect(fileItems(entries, read)).toHaveLength(2);
  });

  it("completes a directory without a blank (to go on typing) and a file with one", () => {
    const buffer = createBuffer("see @s and more");
    const context = findCompletionContext(setCursor(buffer, 0, 6));
    if (context?.kind !== "file") throw new Error("no file context");
    const [dir] = fileItems(entries, context);
    expect(bufferText(applyCompletion(buffer, context, dir!))).toBe("see @src/ and more");
    const fileContext = { ...context, base: "R" };
    const [file] = fileItems(entries, fileContext);
    expect(bufferText(applyCompletion(buffer, context, file!))).toBe("see @README.md and more");
  });
});
