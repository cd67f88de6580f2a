import { act } from "react";
import { finishedLinesCut } from "../../../src/markdown/line-commit.js";
import type { PendingPermission } from "../../../src/client/permission-queue.js";
import { outcomeOf, permissionView, type PermissionDecision } from "../../../src/state/permission-view.js";
import { PaneStore } from "../../../src/state/pane-store.js";
import { initialPaneState } from "../../../src/state/reducer.js";
import type { PaneState, ToolRowLocation } from "../../../src/state/view-model.js";
import { App, type PaneActions } from "../../../src/ui/app/app.js";
import { TranscriptWriter } from "../../../src/ui/transcript/transcript-writer.js";
import { renderPane } from "../../helpers/ink.js";

/** Actions that record what the pane asked for. */
export class FakeActions implements PaneActions {
  readonly calls: string[] = [];
  readonly submitted: string[] = [];
  turnRunning = false;
  private pending: readonly PendingPermission[] = [];
  private views = this.pending.map((request) => permissionView(request));
  private readonly listeners = new Set<() => void>();
  /** The requests as the relay hands them to the modal; decisions recorded as the answers the agent gets. */
  readonly permissions = {
    subscribe: (listener: () => void) => {
      this.listeners.add(listener);
      return () => {
        this.listeners.delete(listener);
      };
    },
    getPending: () => this.views,
    decide: (key: string, decision: PermissionDecision) => {
      if (decision.type === "cancel-turn") {
        this.calls.push("cancel");
        this.setPending([]);
        return;
      }
      const request = this.pending.find((candidate) => candidate.key === key);
      const outcome = request ? outcomeOf(request, decision) : undefined;
      this.calls.push(`answer ${key} ${JSON.stringify(outcome)}`);
      this.setPending(this.pending.filter((candidate) => candidate.key !== key));
    },
  };
  setPending(requests: readonly PendingPermission[]) {
    this.pending = requests;
    this.views = requests.map((request) => permissionView(request));
    for (const listener of this.listeners) listener();
  }
  submit(text: string) {
    this.submitted.push(text);
  }
  cancel() {
    this.calls.push("cancel");
    return this.turnRunning;
  }
  async closeAndQuit() {
    this.calls.push("closeAndQuit");
  }
  async stopAndQuit() {
    this.calls.push("stopAndQuit");
  }
  quit() {
    this.calls.push("quit");
  }
  async restart() {
    this.calls.push("restart");
  }
}

/**
 * The App on a fake terminal, with a store already showing an open session, and the transcript writer as the
 * pane has it: the frames are read below what it wrote.
 */
export function renderApp(
  options: {
    columns?: number;
    rows?: number;
    state?: PaneState;
    openLocation?: (location: ToolRowLocation) => void;
  } = {},
) {
  const store = new PaneStore({
    initial: options.state ?? initialPaneState({ agentName: "demo" }),
    flushIntervalMs: 1,
    cutLines: finishedLinesCut,
  });
  const columns = options.columns ?? 40;
  const rows = options.rows ?? 30;
  let transcript = "";
  const writer = new TranscriptWriter({
    store,
    sink: { insertAbove: (text) => (transcript += text) },
    columns: () => columns,
  });
  const actions = new FakeActions();
  const pane = renderPane(
    <App
      store={store}
      actions={actions}
      cwd="/tmp"
      {...(options.openLocation ? { openLocation: options.openLocation } : {})}
    />,
    {
      columns,
      rows,
      above: () => transcript,
    },
  );
  /** Reduces the store's coalesced text now (what its 30 Hz timer does, pane-store.test pins that) and lets Ink draw. */
  const settle = async () => {
    act(() => store.flush());
    await pane.settle();
  };
  return { store, actions, pane: { ...pane, settle }, writer };
}
