import { describe, expect, it } from "vitest";
import type { ClientEvent } from "../../src/client/events.js";
import { MAX_WRITE_DIFF_CHARS } from "../../src/state/file-writes.js";
import { initialPaneState, reducePane } from "../../src/state/reducer.js";
import type { PaneState } from "../../src/state/view-model.js";
import { items, SESSION } from "./fixtures.js";

const reduce = (state: PaneState, ...events: ClientEvent[]) =>
  events.reduce((next, event) => reducePane(next, { type: "client", event, at: 0 }), state);
const opened = () => reducePane(initialPaneState(), { type: "session-opened", sessionId: SESSION, how: "new", at: 0 });
const written = (fields: Partial<Extract<ClientEvent, { type: "file-written" }>>): ClientEvent => ({
  type: "file-written",
  sessionId: SESSION,
  path: "/w/src/x.ts",
  created: false,
  newText: "a\nb\n",
  ...fields,
});

describe("file-written in the transcript", () => {
  it("adds a diff item after the text streamed so far", () => {
    let state = reducePane(opened(), {
      type: "stream-append",
      stream: "message",
      text: "editing now",
      splitPoint: 0,
      at: 0,
    });
    state = reduce(state, written({ oldText: "a\n" }));
    const last = items(state).slice(-2);
    expect(last[0]).toMatchObject({ kind: "agent-text", markdown: "editing now" });
    expect(last[1]).toMatchObject({
      kind: "file-written",
      path: "/w/src/x.ts",
      created: false,
      oldKnown: true,
      newLines: 2,
      diff: { oldText: "a\n", newText: "a\nb\n" },
    });
  });

  it("marks a new file, and an overwrite whose old text is unknown", () => {
    const state = reduce(opened(), written({ created: true }), written({}));
    const [created, rewritten] = items(state).slice(-2);
    expect(created).toMatchObject({ created: true, oldKnown: true, diff: { oldText: null } });
    expect(rewritten).toMatchObject({ created: false, oldKnown: false });
  });

  it("keeps no texts for a huge write, and sanitizes the path", () => {
    const state = reduce(
      opened(),
      written({ path: "/w/\u001b]0;evil\u0007x.ts", oldText: "", newText: "x".repeat(MAX_WRITE_DIFF_CHARS + 1) }),
    );
    const item = items(state).at(-1);
    expect(item).toMatchObject({ kind: "file-written", path: "/w/x.ts" });
    expect(item && "diff" in item ? item.diff : undefined).toBeUndefined();
  });

  it("ignores another session's writes", () => {
    const state = opened();
    expect(reduce(state, { ...written({}), sessionId: "other" } as ClientEvent)).toBe(state);
  });
});
