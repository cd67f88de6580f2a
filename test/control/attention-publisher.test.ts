import { describe, expect, it } from "vitest";
import type { ClientEvent } from "../../src/client/events.js";
import type { PendingPermission } from "../../src/client/permission-queue.js";
import { AttentionTracker, type AttentionState } from "../../src/control/attention.js";
import { TmuxStatePublisher } from "../../src/control/tmux-publisher.js";
import { PaneStore } from "../../src/state/pane-store.js";

const SESSION = "s-1";

function permission(key: string): PendingPermission {
  return {
    key,
    requestId: key,
    sessionId: SESSION,
    toolCall: { toolCallId: `t-${key}`, title: "shell" },
    options: [],
    receivedAt: 0,
  } as unknown as PendingPermission;
}

/** Feeds events to a real store and follows its state with a tracker, the way the pane does. */
function follow() {
  const store = new PaneStore({ flushIntervalMs: 0 });
  const tracker = new AttentionTracker();
  const seen: AttentionState[] = [];
  const record = () => {
    const state = tracker.next(store.getState());
    if (seen.at(-1) !== state) seen.push(state);
  };
  store.subscribe(record);
  record();
  // Each event is seen on its own, as when they arrive further apart than the store's flush interval.
  const event = (e: ClientEvent) => {
    store.handleClientEvent(e);
    store.flush();
  };
  const prompt = (text: string) => store.dispatch({ type: "prompt-submitted", text, attachments: [] });
  return { store, seen, event, prompt };
}

describe("attention state", () => {
  it("goes idle → working → needs-permission → working → done through a turn with an approval", () => {
    const { seen, event, prompt } = follow();
    prompt("shell");
    event({ type: "turn-started", sessionId: SESSION, turnId: 1 });
    event({ type: "permission-requested", request: permission("zc-out-0") });
    event({ type: "permission-settled", key: "zc-out-0", outcome: "allow-once" });
    event({ type: "turn-ended", sessionId: SESSION, turnId: 1, stopReason: "end_turn" });
    expect(seen).toEqual(["idle", "working", "needs-permission", "working", "done"]);
  });

  it("sees a quick turn whose start and end the store coalesces into one change", () => {
    const store = new PaneStore({ flushIntervalMs: 1000 });
    const tracker = new AttentionTracker();
    const seen: AttentionState[] = [];
    store.subscribe(() => seen.push(tracker.next(store.getState())));
    seen.push(tracker.next(store.getState()));
    store.dispatch({ type: "prompt-submitted", text: "hi", attachments: [] });
    store.handleClientEvent({ type: "turn-started", sessionId: SESSION, turnId: 1 });
    store.handleClientEvent({
      type: "update",
      sessionId: SESSION,
      update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "hello" } },
    } as ClientEvent);
    store.handleClientEvent({ type: "turn-ended", sessionId: SESSION, turnId: 1, stopReason: "end_turn" });
    store.dispose();
    expect(seen).toEqual(["idle", "working", "done"]);
  });

  it("says error when the turn failed, idle when the user cancelled it, working again on the next turn", () => {
    const failed = follow();
    failed.prompt("fail");
    failed.event({ type: "turn-started", sessionId: SESSION, turnId: 1 });
    failed.event({ type: "turn-failed", sessionId: SESSION, turnId: 1, message: "provider error" });
    failed.prompt("again");
    expect(failed.seen).toEqual(["idle", "working", "error", "working"]);

    const cancelled = follow();
    cancelled.prompt("slow");
    cancelled.event({ type: "turn-started", sessionId: SESSION, turnId: 1 });
    cancelled.store.dispatch({ type: "cancel-requested" });
    cancelled.event({ type: "turn-ended", sessionId: SESSION, turnId: 1, stopReason: "cancelled" });
    expect(cancelled.seen).toEqual(["idle", "working", "idle"]);
  });

  it("says error while the agent is dead, and idle once it is back", () => {
    const { store, seen } = follow();
    store.dispatch({ type: "agent-died", death: { message: "exit 3" } });
    store.dispatch({ type: "session-opened", sessionId: SESSION, how: "resume" });
    store.dispatch({ type: "session-restored" });
    expect(seen).toEqual(["idle", "error", "idle"]);
  });
});

/** A fake tmux that records each command line and answers `display-message` with `focus`. */
function fakeTmux(focus = "110") {
  const calls: string[][] = [];
  let release: (() => void) | undefined;
  let hold = false;
  const tmux = async (args: readonly string[]) => {
    calls.push([...args]);
    if (hold) await new Promise<void>((resolve) => (release = resolve));
    return args.includes("display-message") ? `${focus}\n` : "";
  };
  return {
    tmux,
    calls,
    holdNext: () => (hold = true),
    release: () => {
      hold = false;
      release?.();
    },
  };
}

describe("publishing the state to tmux", () => {
  it("sets the pane and window options once per change, marks the pane and says where its socket is", async () => {
    const fake = fakeTmux();
    const publisher = new TmuxStatePublisher({
      paneId: "%5",
      tmux: fake.tmux,
      ring: () => undefined,
      socketPath: "/run/zc-pane/tmux-1-5.sock",
    });
    publisher.set("idle");
    await publisher.settled();
    publisher.set("idle");
    publisher.set("working");
    await publisher.settled();
    expect(fake.calls).toHaveLength(2);
    expect(fake.calls[0]!.join(" ")).toBe(
      "set-option -p -t %5 @zc-pane-state idle ; set-option -w -t %5 @zc-pane-state idle ; set-option -p -t %5 @zc-pane 1 ; set-option -p -t %5 @zc-pane-socket /run/zc-pane/tmux-1-5.sock",
    );
    expect(fake.calls[1]!.join(" ")).toBe(
      "set-option -p -t %5 @zc-pane-state working ; set-option -w -t %5 @zc-pane-state working",
    );
  });

  it("rings only when attention is wanted and the user looks elsewhere", async () => {
    for (const [focus, rings] of [
      ["111", 0],
      ["101", 1],
      ["011", 1],
      ["110", 1],
      ["1112", 0],
    ] as const) {
      const fake = fakeTmux(focus);
      let rang = 0;
      const publisher = new TmuxStatePublisher({ paneId: "%5", tmux: fake.tmux, ring: () => rang++ });
      publisher.set("working");
      await publisher.settled();
      publisher.set("needs-permission");
      await publisher.settled();
      expect({ focus, rang }).toEqual({ focus, rang: rings });
      // Only states that want attention ask tmux where the user is.
      expect(fake.calls[0]!).not.toContain("display-message");
    }
  });

  it("collapses states that arrive while a command is in flight into the latest", async () => {
    const fake = fakeTmux();
    const publisher = new TmuxStatePublisher({ paneId: "%5", tmux: fake.tmux, ring: () => undefined });
    fake.holdNext();
    publisher.set("idle");
    publisher.set("working");
    publisher.set("needs-permission");
    publisher.set("working");
    fake.release();
    await publisher.settled();
    expect(fake.calls.map((call) => call[5])).toEqual(["idle", "working"]);
  });

  it("also shows the state on the owner window of a popup agent, and clears everything on stop", async () => {
    const fake = fakeTmux();
    const publisher = new TmuxStatePublisher({
      paneId: "%9",
      tmux: fake.tmux,
      ring: () => undefined,
      ownerWindow: "@2",
    });
    publisher.set("done");
    await publisher.settled();
    expect(fake.calls[0]!.join(" ")).toContain("set-option -w -t @2 @zc-pane-state done");
    await publisher.stop();
    expect(fake.calls[1]!.join(" ")).toBe(
      "set-option -p -u -t %9 @zc-pane-state ; set-option -p -u -t %9 @zc-pane-socket ; set-option -p -u -t %9 @zc-pane ; set-option -w -u -t %9 @zc-pane-state ; set-option -w -u -t @2 @zc-pane-state",
    );
    publisher.set("working");
    await publisher.settled();
    expect(fake.calls).toHaveLength(2);
  });

  it("removes the options only after a publication in flight has landed", async () => {
    const fake = fakeTmux();
    const publisher = new TmuxStatePublisher({ paneId: "%9", tmux: fake.tmux, ring: () => undefined });
    fake.holdNext();
    publisher.set("working");
    const stopped = publisher.stop();
    fake.release();
    await stopped;
    expect(fake.calls.map((call) => call.slice(0, 6).join(" "))).toEqual([
      "set-option -p -t %9 @zc-pane-state working",
      "set-option -p -u -t %9 @zc-pane-state",
    ]);
  });
});
