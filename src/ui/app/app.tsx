import { Box } from "ink";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import type { KeyPress } from "../../config/keymap.js";
import type { ToolRowLocation } from "../../state/view-model.js";
import type { PaneStore } from "../../state/pane-store.js";
import { focusedTool } from "../../state/reduce-tools.js";
import type { ModeStep, ModelChoice } from "../../state/settings-actions.js";
import type { PermissionSource } from "../../state/permission-relay.js";
import { HistoryBuilder, type HistoryEntry } from "../../state/history/history-entry.js";
import { LOCAL_COMMANDS } from "../../state/slash-commands.js";
import { atPathCandidates, resolveAttachments } from "../input/attachments.js";
import { HistoryView } from "../history/history-view.js";
import { PromptInput } from "../input/prompt-input.js";
import { KEY_LAYER, useKeyMatcher, useKeymap, useKeys } from "../keys/key-router.js";
import { PermissionModal, permissionModalRows } from "../permission/permission-modal.js";
import type { ElicitationSource } from "../../state/elicitation-relay.js";
import type { ElicitationView } from "../../state/elicitation-view.js";
import { ElicitationModal, elicitationModalRows } from "../elicitation/elicitation-modal.js";
import { SessionPicker, type SessionPickerSource } from "../sessions/session-picker.js";
import { ModelPicker } from "../pickers/model-picker.js";
import { SettingsPicker } from "../pickers/settings-picker.js";
import type { SettingItem } from "../../state/config-settings.js";
import { ConfirmLine } from "./confirm-line.js";
import { Footer, footerHints } from "./footer.js";
import { Header } from "./header.js";
import { currentTick, noteOtherUpdate, TickContext } from "./ticker.js";
import { dynamicBudget } from "./layout.js";
import { LiveRegion } from "./live-region.js";
import { usePaneSize } from "./use-pane-size.js";

const noSubscription = () => () => undefined;
const NO_ELICITATIONS: readonly ElicitationView[] = [];
const noElicitations = () => NO_ELICITATIONS;

/** Ctrl+C twice within this long quits (design.md §3). */
export const QUIT_WINDOW_MS = 2000;

/** What the pane can ask of the session (the {@link SessionController} in production, a fake in tests). */
export interface PaneActions {
  submit(text: string, attachments: readonly string[]): void;
  /** Cancels the running turn; false when none runs. */
  cancel(): boolean;
  /** Ctrl+S: cancel the running turn and send `text` (or the oldest queued prompt) once the agent confirms. */
  steer?(text: string, attachments: readonly string[]): void;
  readonly turnRunning: boolean;
  closeAndQuit(): Promise<void>;
  stopAndQuit(): Promise<void>;
  quit(): void;
  restart(): Promise<void>;
  /** While waiting to reconnect: try now (any key). */
  retryNow?(): void;
  readonly permissions: PermissionSource;
  /** Forms and URLs the agent asks for (`elicitation/create`); absent where the pane offers none. */
  readonly elicitations?: ElicitationSource;
  /** The agent's own time limit for answering a permission request (ZeroClaw's), for the modal's countdown. */
  readonly permissionTimeoutSecs?: number | undefined;
  /** Shift+Tab: where the agent's next mode is (undefined when it offers none). */
  nextMode?(): ModeStep | undefined;
  /** Shift+Tab's switch, asked first when the mode skips approvals. */
  switchMode?(step: ModeStep): void;
  /** `/model`: the session's model choice for the picker; undefined when the agent offers none. */
  modelChoice?(): ModelChoice | undefined;
  /** The `/model` picker's choice. */
  chooseModel?(value: string): void;
  /** `/settings`: the session's config options the list shows (empty when the agent offers none). */
  settingItems?(): readonly SettingItem[];
  /** Enter on a `/settings` row. */
  changeSetting?(item: SettingItem): void;
}

/** The y/n question on the confirm line, with the footer's words for its two answers. */
interface Question {
  readonly text: string;
  readonly hints: { readonly yes: string; readonly no: string };
  /** The mode switch a yes makes; absent for Ctrl+X's stop. */
  readonly step?: ModeStep;
}

const STOP_QUESTION: Question = {
  text: "Stop after this turn and quit?",
  hints: { yes: "stop after this turn", no: "keep going" },
};

function modeQuestion(step: ModeStep): Question {
  return {
    text: `Switch to ${step.name}? It skips approvals`,
    hints: { yes: `switch to ${step.name}`, no: "stay" },
    step,
  };
}

/** Props of {@link App}. */
export interface AppProps {
  readonly store: PaneStore;
  readonly actions: PaneActions;
  readonly cwd: string;
  /** Ctrl+G in the input and `e` in an edit approval: edit text in `$EDITOR`. */
  /** `o` in a URL elicitation: open the link in the desktop's browser. */
  readonly openUrl?: (url: string) => void;
  readonly openEditor?: (text: string) => Promise<string | undefined>;
  /** `/sessions`: the local index and the agent's list, what choosing one does (resume it here, or say how), deleting. */
  readonly sessions?: SessionPickerSource;
  /**
   * The alternate screen the history view (Ctrl+T) is drawn on, entered and left synchronously with the key
   * (mountPane); without it the view takes the live region's place.
   */
  readonly screen?: { enter(): void; leave(): void };
  /** The history view's `y`: copies text for the user; resolves to where it went ("and into a tmux buffer"). */
  readonly copy?: (text: string) => Promise<string>;
  /** `o` on a focused tool row: opens its location in the editor beside the pane (tmux). */
  readonly openLocation?: (location: ToolRowLocation) => void;
}

/**
 * The pane's live part, below the transcript (which `TranscriptWriter` writes above it, outside React): the
 * header line; the live region; the permission modal over it when requests are pending (the input is inactive meanwhile); a y/n
 * confirm line (Ctrl+X, a mode that skips approvals); the prompt input; a footer of key hints. Every part below the transcript has a
 * line budget, so the dynamic region stays shorter than the terminal whatever streams in.
 */
export function App({ store, actions, cwd, openEditor, openUrl, sessions, screen, copy, openLocation }: AppProps) {
  const state = useSyncExternalStore(store.subscribe, store.getState);
  const requests = useSyncExternalStore(actions.permissions.subscribe, actions.permissions.getPending);
  const elicitations = useSyncExternalStore(
    actions.elicitations?.subscribe ?? noSubscription,
    actions.elicitations?.getPending ?? noElicitations,
  );
  const { columns, rows } = usePaneSize();
  const width = Math.max(10, columns);
  // The store cuts a streaming paragraph's finished lines at the width the live region renders it at.
  useLayoutEffect(() => store.setWidth(width), [store, width]);
  // While the store streams, spinner ticks are drawn in its frames (TickContext), not in frames of their own.
  useEffect(() => store.subscribe(noteOtherUpdate), [store]);
  const tick = currentTick();
  const matches = useKeyMatcher();
  const keymap = useKeymap();
  const is = matches;

  // The history view (Ctrl+T). The builder converts records as they come (only while the view is open), so
  // opening it again costs only what was appended since.
  const [historyOpen, setHistoryOpen] = useState(false);
  const [historyBuilder] = useState(() => new HistoryBuilder());
  const historyList = useMemo(() => {
    if (!historyOpen) return undefined;
    historyBuilder.update(state.transcript);
    return historyBuilder.snapshot(state.live, state.terminals);
  }, [historyBuilder, historyOpen, state.transcript, state.live, state.terminals]);
  const openHistory = useCallback(() => {
    // Synchronous with the key: every frame ink writes from here on is the view's (alternate-screen.ts).
    screen?.enter();
    setHistoryOpen(true);
  }, [screen]);
  const closeHistory = useCallback(() => {
    screen?.leave();
    setHistoryOpen(false);
  }, [screen]);

  // The draft is kept outside the input so that clearing it, restoring queued prompts into it and
  // Ctrl+D's "only when empty" all work without reaching into the editor's state.
  const draft = useRef("");
  const [input, setInput] = useState({ key: 0, text: "" });
  const restoreVersion = state.draftRestore?.version;
  useEffect(() => {
    if (!state.draftRestore) return;
    const current = draft.current.trim();
    const text = current ? `${state.draftRestore.text}\n\n${current}` : state.draftRestore.text;
    draft.current = text;
    setInput((previous) => ({ key: previous.key + 1, text }));
    // Keyed on the version only: a re-render with the same restore must not replace the draft again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [restoreVersion]);
  const onChange = useCallback((text: string) => {
    draft.current = text;
  }, []);
  const clearInput = useCallback(() => {
    draft.current = "";
    setInput((previous) => ({ key: previous.key + 1, text: "" }));
  }, []);

  const [question, setQuestion] = useState<Question | undefined>(undefined);
  const confirming = question !== undefined;
  const [quitArmedAt, setQuitArmedAt] = useState<number | undefined>(undefined);
  useEffect(() => {
    if (quitArmedAt === undefined) return;
    // The hint "ctrl+c again to quit" goes away with the window: a timer only after a user's key press.
    const timer = setTimeout(() => setQuitArmedAt(undefined), QUIT_WINDOW_MS);
    return () => clearTimeout(timer);
  }, [quitArmedAt]);

  const [picking, setPicking] = useState(false);
  // `/model` opens its picker only when the agent offers a choice; else the local command says it does not.
  const [modelChoice, setModelChoice] = useState<ModelChoice | undefined>(undefined);
  const openModelPicker = useCallback((): boolean => {
    const choice = actions.modelChoice?.();
    if (choice) setModelChoice(choice);
    return choice !== undefined;
  }, [actions]);
  // `/settings` likewise: the list opens only when the agent offers options.
  const [settingItems, setSettingItems] = useState<readonly SettingItem[] | undefined>(undefined);
  const openSettings = useCallback((): boolean => {
    const items = actions.settingItems?.() ?? [];
    if (items.length > 0) setSettingItems(items);
    return items.length > 0;
  }, [actions]);
  // Permission requests first: an elicitation waits behind an open approval.
  const elicitationOpen = requests.length === 0 && elicitations.length > 0;
  const modalOpen = requests.length > 0 || elicitationOpen;
  const died = state.agentDied !== undefined;

  useKeys(KEY_LAYER.global, (press) => {
    if (is("app.interrupt", press)) {
      const now = Date.now();
      if (quitArmedAt !== undefined && now - quitArmedAt < QUIT_WINDOW_MS) {
        actions.quit();
        return true;
      }
      setQuitArmedAt(now);
      if (!actions.cancel()) clearInput();
      return true;
    }
    if (died && is("app.retry", press)) {
      void actions.restart();
      return true;
    }
    if (is("turn.cancel", press)) return actions.cancel();
    if (is("turn.steer", press) && actions.steer && state.turn.running) {
      const text = draft.current.trim();
      const steer = actions.steer.bind(actions);
      clearInput();
      if (atPathCandidates(text).length === 0) steer(text, []);
      else void resolveAttachments(text, cwd).then((attachments) => steer(text, attachments));
      return true;
    }
    if (is("session.closeAndQuit", press)) {
      if (draft.current.trim() === "") void actions.closeAndQuit();
      return true;
    }
    if (is("session.stop", press)) {
      setQuestion(STOP_QUESTION);
      return true;
    }
    if (is("tool.toggle", press)) {
      store.dispatch({ type: "tool-toggle" });
      return true;
    }
    if (is("tool.raw", press)) {
      store.dispatch({ type: "tool-raw" });
      return true;
    }
    if (is("history.open", press)) {
      if (!confirming) openHistory();
      return true;
    }
    if (is("mode.cycle", press) && actions.nextMode) {
      const step = actions.nextMode();
      // Walking into "Bypass Permissions" or "YOLO" by one key too many would let every tool run unasked.
      if (step?.skipsApprovals) setQuestion(modeQuestion(step));
      else if (step) actions.switchMode?.(step);
      return true;
    }
    if (is("tool.focusPrev", press) || is("tool.focusNext", press)) {
      store.dispatch({ type: "tool-focus", direction: is("tool.focusPrev", press) ? -1 : 1 });
      return true;
    }
    return false;
  });

  // `o` opens the focused tool row's location, only while a row is focused (Alt+Up/Down) and the input is
  // empty: otherwise it is a letter typed into the prompt.
  useKeys(KEY_LAYER.input + 1, (press) => {
    if (!openLocation || !is("tool.open", press) || draft.current !== "") return false;
    const current = store.getState();
    if (current.focusedToolId === undefined) return false;
    const location = focusedTool(current)?.row.locations[0];
    if (!location) return false;
    openLocation(location);
    return true;
  });
  // The same `o` in the history view (Ctrl+T), on the tool entry under the cursor.
  const openEntryLocation = (entry: HistoryEntry, press: KeyPress): boolean => {
    if (!openLocation || !is("tool.open", press) || entry.record.kind !== "tool") return false;
    const location = entry.record.row.locations[0];
    if (!location) return false;
    openLocation(location);
    return true;
  };

  // Any key retries a waiting reconnect now, and still does what it does (typing queues a prompt).
  useKeys(
    KEY_LAYER.confirm + 1,
    () => {
      actions.retryNow?.();
      return false;
    },
    state.header.connection === "reconnecting",
  );

  useKeys(
    KEY_LAYER.confirm,
    (press) => {
      if (is("confirm.yes", press)) {
        setQuestion(undefined);
        if (question === STOP_QUESTION) void actions.stopAndQuit();
        else if (question?.step) actions.switchMode?.(question.step);
        return true;
      }
      if (is("confirm.no", press)) {
        setQuestion(undefined);
        return true;
      }
      // Ctrl+C still works; nothing else may reach the input while the question is open.
      return !is("app.interrupt", press);
    },
    confirming,
  );

  const [inputHeight, setInputHeight] = useState(1);
  const timeoutSecs = actions.permissionTimeoutSecs;
  const modalLines = useMemo(
    () =>
      elicitationOpen
        ? elicitationModalRows(elicitations, width)
        : permissionModalRows(requests, width, keymap, timeoutSecs),
    [elicitationOpen, elicitations, requests, width, keymap, timeoutSecs],
  );
  const budget = dynamicBudget({
    rows,
    fixedLines: 2 + (confirming ? 1 : 0),
    inputLines: inputHeight,
    modalOpen,
    modalLines,
  });

  const commands = useMemo(
    () => [
      ...LOCAL_COMMANDS.map((command) => ({
        name: command.name,
        description: command.description,
        source: "local" as const,
      })),
      ...state.commands.map((command) => ({
        name: command.name,
        ...(command.description ? { description: command.description } : {}),
        source: "agent" as const,
      })),
    ],
    [state.commands],
  );
  const onSubmit = useCallback(
    (text: string, attachments: readonly string[]) => {
      // `/sessions` opens the picker here; without an index to read it stays a local command's notice.
      if (sessions && text.trim() === "/sessions") setPicking(true);
      else if (text.trim() === "/model" && openModelPicker()) return;
      else if (text.trim() === "/settings" && openSettings()) return;
      else actions.submit(text, attachments);
    },
    [actions, sessions, openModelPicker, openSettings],
  );
  const takeQueued = useCallback((): string | undefined => {
    const last = store.getState().queue.at(-1);
    if (!last) return undefined;
    store.dispatch({ type: "queue-taken-back", id: last.id });
    return last.text;
  }, [store]);
  const hints = footerHints({
    keymap,
    ...(question ? { question: question.hints } : {}),
    died,
    modalOpen,
    quitArmed: quitArmedAt !== undefined,
    running: state.turn.running,
    connecting: state.header.connection !== "ready" && !died,
    hasTools: state.live.tools.length + state.live.recent.length > 0,
    expanded: state.expanded.length > 0,
    queued: state.queue.length,
    canSteer: actions.steer !== undefined,
  });
  const inputActive = !modalOpen && !confirming && !died && !picking && !modelChoice && !settingItems && !historyOpen;

  // Quitting: the live region goes, the transcript above it stays (nothing of it is drawn again).
  if (state.header.connection === "closed") return null;
  const historyHeight = Math.max(4, rows - 1);
  const modal = modalOpen ? (
    elicitationOpen && actions.elicitations ? (
      <ElicitationModal
        requests={elicitations}
        onDecide={actions.elicitations.decide}
        width={width}
        {...(openUrl ? { openUrl } : {})}
      />
    ) : (
      <PermissionModal
        requests={requests}
        onDecide={actions.permissions.decide}
        width={width}
        maxLines={Math.max(1, historyOpen ? Math.min(modalLines, historyHeight - 4) : budget.modal)}
        {...(timeoutSecs !== undefined ? { timeoutSecs } : {})}
        {...(openEditor ? { openEditor } : {})}
      />
    )
  ) : null;
  return (
    <TickContext.Provider value={tick}>
      {historyList ? (
        // Shorter than the terminal by one line: ink clears the screen and its history at full height (style.md).
        <HistoryView
          list={historyList}
          width={width}
          height={historyHeight}
          onClose={closeHistory}
          modal={modal}
          modalHeight={modal ? Math.min(modalLines, historyHeight - 4) : 0}
          {...(copy ? { copy } : {})}
          {...(openLocation ? { onEntryKey: openEntryLocation, entryKeysHint: "o open" } : {})}
        />
      ) : null}
      {/* Under the history view the pane stays mounted (draft, cursor, running turn) but lays out to nothing. */}
      <Box flexDirection="column" width={width} display={historyOpen ? "none" : "flex"}>
        <Header
          header={state.header}
          width={width}
          {...(state.turn.running && state.turn.startedAt !== undefined ? { turnStartedAt: state.turn.startedAt } : {})}
          cancelling={state.turn.cancelling}
          waiting={modalOpen}
          settings={state.settings}
        />
        {/* The picker takes the live region's place and line budget: the dynamic region stays as short. */}
        {picking && sessions && !modalOpen ? (
          <SessionPicker
            source={sessions}
            cwd={cwd}
            {...(state.header.sessionId ? { currentId: state.header.sessionId } : {})}
            width={width}
            maxLines={Math.max(3, budget.live)}
            onClose={() => setPicking(false)}
          />
        ) : modelChoice && !modalOpen ? (
          <ModelPicker
            choice={modelChoice}
            width={width}
            maxLines={Math.max(3, budget.live)}
            onClose={() => setModelChoice(undefined)}
            onChoose={(item) => {
              setModelChoice(undefined);
              if (item.value !== modelChoice.current) actions.chooseModel?.(item.value);
            }}
          />
        ) : settingItems && !modalOpen ? (
          <SettingsPicker
            items={settingItems}
            width={width}
            maxLines={Math.max(3, budget.live)}
            onClose={() => setSettingItems(undefined)}
            onChoose={(item) => {
              setSettingItems(undefined);
              actions.changeSetting?.(item);
            }}
          />
        ) : (
          <LiveRegion state={state} width={width} lines={budget.live} animate={!modalOpen} />
        )}
        {historyOpen ? null : modal}
        {question ? <ConfirmLine question={question.text} width={width} /> : null}
        <Box flexDirection="column" height={Math.max(1, Math.min(inputHeight, budget.input))} overflowY="hidden">
          <Box flexDirection="column" flexShrink={0}>
            <PromptInput
              {...(historyOpen ? {} : { onHeight: setInputHeight })}
              key={input.key}
              width={width}
              active={inputActive}
              onSubmit={onSubmit}
              history={state.history}
              commands={commands}
              cwd={cwd}
              initialText={input.text}
              onChange={onChange}
              takeQueued={takeQueued}
              maxRows={Math.max(1, Math.min(8, Math.floor(rows / 4)))}
              placeholder={state.turn.running ? "type to queue a prompt" : "ask the agent · /help"}
              {...(openEditor ? { openEditor } : {})}
            />
          </Box>
        </Box>
        <Footer hints={hints} width={width} />
      </Box>
    </TickContext.Provider>
  );
}
