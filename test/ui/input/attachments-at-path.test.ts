import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { atPathCandidates, resolveAttachments } from "../../../src/ui/input/attachments.js";
import { listDirectory, resolveInside } from "../../../src/ui/input/file-listing.js";

let cwd = "";
let outside = "";

beforeAll(async () => {
  cwd = await mkdtemp(join(tmpdir(), "zc-input-"));
  outside = await mkdtemp(join(tmpdir(), "zc-outside-"));
  await mkdir(join(cwd, "src"));
  await mkdir(join(cwd, "node_modules"));
  await writeFile(join(cwd, "src", "main.ts"), "x");
  await writeFile(join(cwd, "notes.md"), "x");
  await writeFile(join(cwd, ".env"), "x");
  await writeFile(join(outside, "secret.txt"), "x");
});

afterAll(async () => {
  await rm(cwd, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

describe("@path attachments", () => {
  it("finds @ words at line starts and after blanks, with a punctuation-trimmed variant", () => {
    expect(atPathCandidates("@a.ts and (x) @b.md, not me@c.d")).toEqual([["a.ts"], ["b.md,", "b.md"]]);
  });

  it("attaches existing regular files under cwd, relative, each once, in order of mention", async () => {
    const text = `fix @src/main.ts using @notes.md, @./src/main.ts and @${join(cwd, "notes.md")}`;
    expect(await resolveAttachments(text, cwd)).toEqual([join("src", "main.ts"), "notes.md"]);
  });

  it("ignores directories, missing files and anything outside cwd", async () => {
    const text = `@src @missing.txt @../${outside.split("/").pop()}/secret.txt @${join(outside, "secret.txt")}`;
    expect(await resolveAttachments(text, cwd)).toEqual([]);
  });
});

describe("directory listing for @ completion", () => {
  it("lists directories first, skips node_modules and .git, keeps hidden names for the filter", async () => {
    const entries = await listDirectory(cwd);
    expect(entries.map((e) => e.name)).toEqual(["src", ".env", "notes.md"]);
    expect(entries[0]?.isDirectory).toBe(true);
  });

  it("refuses directories outside cwd and lists an unreadable one as empty", async () => {
    expect(resolveInside(cwd, "../")).toBeUndefined();
    expect(resolveInside(cwd, "src/")).toBe(join(cwd, "src"));
    expect(await listDirectory(join(cwd, "nope"))).toEqual([]);
  });
});
