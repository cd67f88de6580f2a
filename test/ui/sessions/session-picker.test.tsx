import { afterEach, describe, expect, it, vi } from "vitest";
import { planDeletion, type DeletionPlan, type ListedEntry } from "../../../src/state/session-deletion.js";
import { SessionPicker, type SessionPickerSource } from "../../../src/ui/sessions/session-picker.js";
import { pickerOrder } from "../../../src/ui/sessions/picker-order.js";
import { KEYS, renderPane } from "../../helpers/ink.js";

const NOW = Date.parse("2026-08-20T12:00:00Z");

function entry(id: string, cwd: string, minutesAgo: number, title: string): ListedEntry {
  const at = new Date(NOW - minutesAgo * 60_000).toISOString();
  return {
    id,
    agent: "demo",
    transport: { kind: "stdio", command: "node", args: [] },
    cwd,
    title,
    created: at,
    lastActivity: at,
    where: "local",
  };
}

const ENTRIES = [
  entry("aaaaaaaa-0000-4000-8000-000000000001", "/elsewhere", 1, "newest, elsewhere"),
  entry("bbbbbbbb-0000-4000-8000-000000000002", "/here", 30, "older, here"),
  entry("cccccccc-0000-4000-8000-000000000003", "/here", 5, "newer, here"),
];

/** The frame as one line: a wrapped question reads as written. */
const flat = (frame: string) => frame.replace(/ *\n/g, " ");

let panes: { unmount(): void }[] = [];
afterEach(() => {
  for (const pane of panes) pane.unmount();
  panes = [];
});

/** A source over a list the test controls: deleting removes from it; the agent offers session/delete or not. */
function source(canDelete = false) {
  let listed = [...ENTRIES];
  const removed: Array<{ id: string; plan: DeletionPlan }> = [];
  const value: SessionPickerSource = {
    load: async () => listed,
    choose: vi.fn(),
    planDelete: (chosen) =>
      planDeletion(chosen, {
        currentId: ENTRIES[2]!.id,
        agent: { name: "Demo", canDelete },
        ofThisConnection: true,
      }),
    remove: async (chosen, plan) => {
      removed.push({ id: chosen.id, plan });
      listed = listed.filter((other) => other.id !== chosen.id);
    },
  };
  return { value, removed };
}

function open(from = source(), onClose = vi.fn()) {
  const pane = renderPane(
    <SessionPicker
      source={from.value}
      cwd="/here"
      currentId={ENTRIES[2]!.id}
      width={40}
      maxLines={8}
      onClose={onClose}
      now={() => NOW}
    />,
  );
  panes.push(pane);
  return { pane, onChoose: from.value.choose, onClose, removed: from.removed };
}

describe("/sessions picker", () => {
  it("orders the cwd's sessions first, each group newest first", () => {
    expect(pickerOrder(ENTRIES, "/here").map((session) => session.title)).toEqual([
      "newer, here",
      "older, here",
      "newest, elsewhere",
    ]);
  });

  it("puts sessions with no conversation last, and names a session by the title its agent gave it", () => {
    const empty = entry("dddddddd-0000-4000-8000-000000000004", "/here", 0, "");
    const emptyElsewhere = entry("eeeeeeee-0000-4000-8000-000000000005", "/elsewhere", 0, "");
    const titled = { ...entry("ffffffff-0000-4000-8000-000000000006", "/here", 60, ""), titleFromAgent: "Agent's" };
    const ordered = pickerOrder([empty, ...ENTRIES, emptyElsewhere, titled], "/here").map((session) => session.id[0]);
    // The two empty ones are the newest: still after every session with a prompt (or an agent's title).
    expect(ordered).toEqual(["c", "b", "f", "a", "d", "e"]);
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

  it("d asks before deleting; y deletes as planned and the list is read again, n keeps it", async () => {
    const { pane, removed } = open();
    await pane.waitForFrame((text) => text.includes("Sessions (3)"));
    await pane.press(KEYS.down);
    await pane.press("d");
    // The demo agent offers no session/delete: the question says only the local record goes.
    await pane.waitForFrame((text) =>
      flat(text).includes(
        "Demo cannot delete sessions (no session/delete): delete only the local record of bbbbbbbb “older, here”? (y/n)",
      ),
    );
    await pane.press("n");
    await pane.waitForFrame((text) => !text.includes("cannot delete"));
    expect(removed).toEqual([]);
    await pane.press("d");
    await pane.waitForFrame((text) => text.includes("(y/n)"));
    await pane.press("y");
    await pane.waitForFrame((text) => text.includes("Sessions (2)"));
    expect(removed).toEqual([{ id: ENTRIES[1]!.id, plan: expect.objectContaining({ atAgent: false, local: true }) }]);
    expect(pane.frame()).not.toContain("bbbbbbbb");
  });

  it("asks the agent too when it offers session/delete", async () => {
    const { pane, removed } = open(source(true));
    await pane.waitForFrame((text) => text.includes("Sessions (3)"));
    await pane.press(KEYS.down);
    await pane.press("d");
    await pane.waitForFrame((text) =>
      flat(text).includes("delete bbbbbbbb “older, here” at Demo and its local transcript? (y/n)"),
    );
    await pane.press("y");
    await pane.waitForFrame((text) => text.includes("Sessions (2)"));
    expect(removed[0]?.plan).toMatchObject({ atAgent: true, local: true });
  });

  it("does not delete the pane's own session, and Esc after a question only drops the question", async () => {
    const { pane, removed, onClose } = open();
    await pane.waitForFrame((text) => text.includes("Sessions (3)"));
    await pane.press("d");
    await pane.waitForFrame((text) =>
      flat(text).includes("cccccccc “newer, here” is open in this pane: switch to another session to delete it"),
    );
    await pane.press(KEYS.down);
    await pane.press("d");
    await pane.waitForFrame((text) => text.includes("(y/n)"));
    await pane.press(KEYS.escape);
    await pane.waitForFrame((text) => !text.includes("(y/n)"));
    expect(onClose).not.toHaveBeenCalled();
    expect(removed).toEqual([]);
  });

  it("closes on Esc without choosing", async () => {
    const { pane, onChoose, onClose } = open();
    await pane.waitForFrame((text) => text.includes("Sessions (3)"));
    await pane.press(KEYS.escape);
    expect(onClose).toHaveBeenCalledOnce();
    expect(onChoose).not.toHaveBeenCalled();
  });
});
