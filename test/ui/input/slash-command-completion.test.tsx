import { afterEach, describe, expect, it } from "vitest";
import type { CommandInfo } from "../../../src/ui/input/completion.js";
import { KEYS } from "../../helpers/ink.js";
import { renderPrompt, WIDTHS } from "./prompt-harness.js";

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

const commands: CommandInfo[] = [
  { name: "help", description: "Show the keys and the commands of the pane", source: "local" },
  { name: "history", description: "Past prompts", source: "local" },
  { name: "status", source: "local" },
  { name: "review", description: "Review the current diff", source: "agent" },
];

describe.each(WIDTHS)("/ command completion (%i columns)", (columns) => {
  it("/he + Tab completes /help", async () => {
    const pane = await renderPrompt({ commands }, columns);
    cleanup = pane.unmount;
    await pane.type("/he");
    expect(pane.inputLines()[1]).toMatch(/^› \/help +Show the keys/);
    expect(pane.inputLines()).toHaveLength(2);
    await pane.press("\t");
    expect(pane.inputLines()).toEqual(["> /help"]);
    await pane.press(KEYS.enter);
    expect(pane.onSubmit).toHaveBeenCalledWith("/help", []);
  });

  it("lists every command for a bare /, cuts descriptions to the width, Up/Down move the highlight", async () => {
    const pane = await renderPrompt({ commands }, columns);
    cleanup = pane.unmount;
    await pane.type("/");
    const menu = pane.inputLines().slice(1);
    expect(menu.map((line) => line.slice(2).split(" ")[0])).toEqual(["/help", "/history", "/status", "/review"]);
    for (const line of menu) expect(line.length).toBeLessThanOrEqual(columns);
    await pane.press(KEYS.down);
    await pane.press(KEYS.down);
    expect(pane.inputLines()[3]).toMatch(/^› \/status/);
    await pane.press(KEYS.up);
    expect(pane.inputLines()[2]).toMatch(/^› \/history/);
    // Enter with an open menu completes the highlighted entry, it does not submit.
    await pane.press(KEYS.enter);
    expect(pane.onSubmit).not.toHaveBeenCalled();
    expect(pane.inputLines()).toEqual(["> /history"]);
  });

  it("completes agent-advertised commands", async () => {
    const pane = await renderPrompt({ commands }, columns);
    cleanup = pane.unmount;
    await pane.type("/re");
    expect(pane.inputLines()[1]).toMatch(/^› \/review +Review the current diff/);
    await pane.press("\t");
    await pane.type("main");
    await pane.press(KEYS.enter);
    expect(pane.onSubmit).toHaveBeenCalledWith("/review main", []);
  });

  it("Enter on a fully typed command submits it", async () => {
    const pane = await renderPrompt({ commands }, columns);
    cleanup = pane.unmount;
    await pane.type("/status");
    await pane.press(KEYS.enter);
    expect(pane.onSubmit).toHaveBeenCalledWith("/status", []);
  });

  it("Esc closes the menu and is consumed; the next Esc falls through", async () => {
    const pane = await renderPrompt({ commands }, columns);
    cleanup = pane.unmount;
    await pane.type("/h");
    expect(pane.inputLines()).toHaveLength(3);
    await pane.press(KEYS.escape);
    expect(pane.inputLines()).toEqual(["> /h"]);
    expect(pane.seen).toHaveLength(0);
    await pane.press(KEYS.escape);
    expect(pane.seen.map((press) => press.key.escape)).toEqual([true]);
    // Typing again reopens it.
    await pane.type("e");
    expect(pane.inputLines()[1]).toMatch(/^› \/help/);
  });
});
