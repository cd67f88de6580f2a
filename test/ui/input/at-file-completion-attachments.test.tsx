import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { KEYS } from "../../helpers/ink.js";
import { renderPrompt, WIDTHS } from "./prompt-harness.js";

let cwd = "";
let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

beforeAll(async () => {
  cwd = await mkdtemp(join(tmpdir(), "zc-at-"));
  await mkdir(join(cwd, "src"));
  await mkdir(join(cwd, "node_modules"));
  await mkdir(join(cwd, ".git"));
  await writeFile(join(cwd, "src", "app.ts"), "export {};\n");
  await writeFile(join(cwd, "src", "util.ts"), "export {};\n");
  await writeFile(join(cwd, "README.md"), "# readme\n");
  await writeFile(join(cwd, ".env"), "X=1\n");
});

afterAll(async () => {
  await rm(cwd, { recursive: true, force: true });
});

describe.each(WIDTHS)("@ file completion and attachments (%i columns)", (columns) => {
  it("lists files and directories under cwd, hidden ones and node_modules/.git left out", async () => {
    const pane = await renderPrompt({ cwd }, columns);
    cleanup = pane.unmount;
    await pane.type("see @");
    const menu = await pane.waitForFrame((frame) => frame.includes("README.md"));
    expect(menu).toContain("src/");
    expect(menu).not.toContain(".env");
    expect(menu).not.toContain("node_modules");
    expect(menu).not.toContain(".git");
    await pane.type(".");
    await pane.waitForFrame((frame) => frame.includes(".env"));
  });

  it("Tab completes a directory, then a file in it; the submit reports the attachments", async () => {
    const pane = await renderPrompt({ cwd }, columns);
    cleanup = pane.unmount;
    await pane.type("fix @s");
    await pane.waitForFrame((frame) => frame.includes("› src/"));
    await pane.press("\t");
    expect(pane.inputLines()[0]).toBe("> fix @src/");
    await pane.waitForFrame((frame) => frame.includes("src/util.ts"));
    await pane.type("u");
    await pane.waitForFrame((frame) => frame.includes("› src/util.ts") && !frame.includes("src/app.ts"));
    await pane.press("\t");
    await pane.type("and @README.md, @missing.ts @src");
    // The menu for `@src` opens once its directory is read: close it after it opened, not before (under
    // load an Esc sent first would find no menu, and the late menu would take the Enter).
    await pane.waitForFrame((frame) => frame.includes("› src/"));
    await pane.press(KEYS.escape);
    await pane.waitForFrame((frame) => !frame.includes("› src/"));
    await pane.press(KEYS.enter);
    await vi.waitFor(() => expect(pane.onSubmit).toHaveBeenCalledTimes(1));
    expect(pane.onSubmit).toHaveBeenCalledWith("fix @src/util.ts and @README.md, @missing.ts @src", [
      join("src", "util.ts"),
      "README.md",
    ]);
  });

  it("attaches absolute paths under cwd, relative to it and once", async () => {
    const pane = await renderPrompt({ cwd }, columns);
    cleanup = pane.unmount;
    await pane.press(`@${join(cwd, "README.md")} @README.md`);
    await pane.press(KEYS.escape);
    await pane.press(KEYS.enter);
    await vi.waitFor(() => expect(pane.onSubmit).toHaveBeenCalledTimes(1));
    expect(pane.onSubmit.mock.calls[0]?.[1]).toEqual(["README.md"]);
  });

  it("keeps prompts in order when one with attachments is followed by one without", async () => {
    const pane = await renderPrompt({ cwd }, columns);
    cleanup = pane.unmount;
    await pane.press("first @README.md ");
    await pane.press(KEYS.enter);
    await pane.press("second");
    await pane.press(KEYS.enter);
    await vi.waitFor(() => expect(pane.onSubmit).toHaveBeenCalledTimes(2));
    expect(pane.onSubmit.mock.calls.map((call) => call[0])).toEqual(["first @README.md", "second"]);
  });
});
