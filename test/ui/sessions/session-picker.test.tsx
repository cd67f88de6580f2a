import { afterEach, describe, expect, it, vi } from "vitest";
import type { SessionEntry } from "../../../src/state/persistence/session-entry.js";
import { SessionPicker } from "../../../src/ui/sessions/session-picker.js";
import { pickerOrder } from "../../../src/ui/sessions/picker-order.js";
import { KEYS, renderPane } from "../../helpers/ink.js";

const NOW = Date.parse("2026-08-20T12:00:00Z");

function entry(id: string, cwd: string, minutesAgo: number, title: string): SessionEntry {
  const at = new Date(NOW - minutesAgo * 60_000).toISOString();
  return {
    id,
    agent: "demo",
    transport: { kind: "stdio", command: "node", args: [] },
    cwd,
    title,
    created: at,
    lastActivity: at,
  };
}

const ENTRIES = [
  entry("aaaaaaaa-0000-4000-8000-000000000001", "/elsewhere", 1, "newest, elsewhere"),
  entry("bbbbbbbb-0000-4000-8000-000000000002", "/here", 30, "older, here"),
  entry("cccccccc-0000-4000-8000-000000000003", "/here", 5, "newer, here"),
];

let panes: { unmount(): void }[] = [];
afterEach(() => {
  for (const pane of panes) pane.unmount();
  panes = [];
});

function open(onChoose = vi.fn(), onClose = vi.fn()) {
  const pane = renderPane(
    <SessionPicker
      load={async () => ENTRIES}
      cwd="/here"
      currentId={ENTRIES[2]!.id}
      width={40}
      maxLines={8}
      onChoose={onChoose}
      onClose={onClose}
      now={() => NOW}
    />,
  );
  panes.push(pane);
  return { pane, onChoose, onClose };
}

describe("/sessions picker", () => {
  it("orders the cwd's sessions first, each group newest first", () => {
    expect(pickerOrder(ENTRIES, "/here").map((session) => session.title)).toEqual([
      "newer, here",
      "older, here",
      "newest, elsewhere",
    ]);
  });

  it("lists the sessions, moves with the arrows and resumes the chosen one with Enter", async () => {
    const { pane, onChoose } = open();
    const frame = await pane.waitForFrame((text) => text.includes("Sessions (3)"));
    expect(frame).toMatch(/›•cccccccc\s+5m newer, here/);
    expect(frame).toMatch(/ {2}aaaaaaaa\s+1m newest, elsewhere/);
    await pane.press(KEYS.down);
    await pane.press(KEYS.down);
    await pane.press(KEYS.down);
    expect(pane.frame()).toMatch(/› aaaaaaaa/);
    await pane.press(KEYS.up);
    await pane.press(KEYS.enter);
    expect(onChoose).toHaveBeenCalledExactlyOnceWith(ENTRIES[1]);
  });

  it("closes on Esc without choosing", async () => {
    const { pane, onChoose, onClose } = open();
    await pane.waitForFrame((text) => text.includes("Sessions (3)"));
    await pane.press(KEYS.escape);
    expect(onClose).toHaveBeenCalledOnce();
    expect(onChoose).not.toHaveBeenCalled();
  });
});
