import { Box, measureElement, type DOMElement } from "ink";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import type { KeyAction } from "../../config/keymap.js";
import { createLogger } from "../../log/logger.js";
import { KEY_LAYER, useKeyMatcher, useKeys } from "../keys/key-router.js";
import { atPathCandidates, resolveAttachments } from "./attachments.js";
import { applyCompletion, isAlreadyComplete, type CommandInfo } from "./completion.js";
import { CompletionMenu } from "./completion-menu.js";
import { applyEditingKey } from "./editor-keys.js";
import { AT_DRAFT, stepHistory } from "./history.js";
import { PromptView } from "./prompt-view.js";
import {
  backspace,
  bufferText,
  charBeforeCursor,
  createBuffer,
  insertNewline,
  setCursor,
  type TextBuffer,
} from "./text-buffer.js";
import { useCompletion } from "./use-completion.js";
import { initialEditorState, useEditorState, type EditorState } from "./use-editor-state.js";
import { layoutBuffer, moveVertical, scrollTop } from "./visual-layout.js";

const log = createLogger("ui.input");

/** Rows the text may take before it scrolls (the live region must stay shorter than the pane). */
export const DEFAULT_MAX_ROWS = 8;

/**
 * Keys that belong to the whole pane (design.md §3). The input gives them up even when it would otherwise
 * consume them, so a user who rebinds one onto an editing key (say `ctrl+a`) still gets the global action.
 */
const GLOBAL_ACTIONS: readonly KeyAction[] = [
  "turn.cancel",
  "turn.steer",
  "app.interrupt",
  "session.closeAndQuit",
  "session.stop",
  "tool.toggle",
  "tool.focusPrev",
  "tool.focusNext",
  "mode.cycle",
  "history.open",
];

/** Props of {@link PromptInput}. */
export interface PromptInputProps {
  /** Columns of the whole input, the `> ` marker included. */
  readonly width: number;
  /** False while a modal owns the keys: the input ignores every key and renders dimmed. */
  readonly active: boolean;
  /**
   * A non-empty prompt (trimmed, `@path` words kept as typed), with the existing files those words name
   * under `cwd` (relative to it, each once). Called synchronously unless the text has `@` words: their files
   * are checked asynchronously first, prompts still arriving in the order they were sent.
   */
  onSubmit(text: string, attachments: readonly string[]): void;
  /** Prompts sent before, oldest first. */
  readonly history: readonly string[];
  /** Local and agent-advertised `/` commands, for completion. */
  readonly commands: readonly CommandInfo[];
  /** The session's directory: `@` completes and attaches files under it. */
  readonly cwd: string;
  readonly placeholder?: string;
  /** The draft to start from (read once, at mount; remount with a `key` to replace the text). */
  readonly initialText?: string;
  /** Called with the text after every change (to keep the draft, or to know whether the input is empty). */
  onChange?(text: string): void;
  /** Ctrl+G: edits the text in `$EDITOR`; the input takes the result unless it is undefined. */
  readonly openEditor?: (text: string) => Promise<string | undefined>;
  /** Rows the text may take before it scrolls; default {@link DEFAULT_MAX_ROWS}. */
  readonly maxRows?: number;
  /**
   * Up on an empty input: the last queued prompt's text, taken out of the queue to be edited (undefined when
   * nothing is queued; Up then walks the history).
   */
  readonly takeQueued?: () => string | undefined;
  /**
   * Called with the rows the input takes (text and menu) whenever that changes. Typing re-renders only the
   * input, so the pane learns here that the input grew: it sizes the live region above from this.
   */
  onHeight?(rows: number): void;
}

/**
 * The prompt editor: multi-line, soft-wrapped to `width`, with history, `/` and `@` completion and
 * `$EDITOR` hand-off. Keys come through the key router (input layer; the menu on the completion layer),
 * and the pane's global keys (Esc, Ctrl+C, Ctrl+D, Ctrl+O, Ctrl+X, Shift+Tab, Alt+Up/Down) always fall
 * through; Esc is taken only to close an open menu.
 */
export function PromptInput(props: PromptInputProps) {
  const { width, active, history, commands, cwd, openEditor, maxRows = DEFAULT_MAX_ROWS } = props;
  const matches = useKeyMatcher();
  const { state, current, commit } = useEditorState(props.initialText, props.onChange);
  const { menu, menuFor } = useCompletion(state, commands, cwd);
  const contentWidth = Math.max(1, width - 2);
  const onSubmitRef = useRef(props.onSubmit);
  useLayoutEffect(() => {
    onSubmitRef.current = props.onSubmit;
  });
  const pendingSubmit = useRef<Promise<void> | undefined>(undefined);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const edit = (buffer: TextBuffer) => commit({ ...current(), buffer, dismissedAt: undefined });

  /**
   * Hands the prompt over. Without `@` words (and nothing queued) this is synchronous; otherwise the files
   * are checked asynchronously and prompts still reach `onSubmit` in the order they were sent, even after an
   * unmount: the text has already left the input, and dropping it would lose what the user typed.
   */
  const deliver = (text: string) => {
    const submit = onSubmitRef.current;
    if (!pendingSubmit.current && atPathCandidates(text).length === 0) {
      submit(text, []);
      return;
    }
    const queued: Promise<void> = (pendingSubmit.current ?? Promise.resolve())
      .then(() => resolveAttachments(text, cwd))
      .then((attachments) => submit(text, attachments))
      .catch((error: unknown) => log.error("submitting the prompt failed", error))
      .finally(() => {
        if (pendingSubmit.current === queued) pendingSubmit.current = undefined;
      });
    pendingSubmit.current = queued;
  };

  const submitOrContinue = (editor: EditorState): boolean => {
    // `\` then Enter: the shell's line continuation, for terminals where Ctrl+J / Alt+Enter are awkward.
    if (charBeforeCursor(editor.buffer) === "\\") {
      edit(insertNewline(backspace(editor.buffer)));
      return true;
    }
    const text = bufferText(editor.buffer).trim();
    if (!text) return true;
    commit(initialEditorState());
    deliver(text);
    return true;
  };

  const recall = (editor: EditorState, direction: -1 | 1): boolean => {
    const moved = moveVertical(editor.buffer, contentWidth, direction);
    if (moved) {
      commit({ ...editor, buffer: moved });
      return true;
    }
    const step = stepHistory(history, editor.history, bufferText(editor.buffer), direction);
    if (!step) return false;
    // Older prompts open with the cursor on their first line, newer ones on their last, so holding the key
    // keeps paging through history even across multi-line prompts.
    const end = createBuffer(step.text);
    const buffer = direction === -1 ? setCursor(end, 0, Number.MAX_SAFE_INTEGER) : end;
    commit({ ...editor, buffer, history: step.position, dismissedAt: undefined });
    return true;
  };

  const runEditor = (text: string) => {
    if (!openEditor) return false;
    openEditor(text).then(
      (result) => {
        if (result === undefined || !mounted.current) return;
        // Editors end the file with a newline the user never meant to send.
        commit({ ...current(), buffer: createBuffer(result.replace(/(\r?\n)+$/, "")), history: AT_DRAFT });
      },
      (error: unknown) => log.warn("the external editor failed; the text is unchanged", error),
    );
    return true;
  };

  useKeys(
    KEY_LAYER.input,
    (press) => {
      if (GLOBAL_ACTIONS.some((action) => matches(action, press))) return false;
      const editor = current();
      if (matches("input.editor", press)) return runEditor(bufferText(editor.buffer));
      if (matches("input.newline", press)) {
        edit(insertNewline(editor.buffer));
        return true;
      }
      if (matches("input.submit", press)) return submitOrContinue(editor);
      if (matches("input.historyPrev", press) && bufferText(editor.buffer) === "") {
        const queued = props.takeQueued?.();
        if (queued !== undefined) {
          commit({ ...editor, buffer: createBuffer(queued), history: AT_DRAFT, dismissedAt: undefined });
          return true;
        }
      }
      if (matches("input.historyPrev", press)) return recall(editor, -1);
      if (matches("input.historyNext", press)) return recall(editor, 1);
      const next = applyEditingKey(editor.buffer, press);
      if (!next) return false;
      edit(next);
      return true;
    },
    active,
  );

  useKeys(
    KEY_LAYER.completion,
    (press) => {
      const editor = current();
      const open = menuFor(editor);
      if (!open) return false;
      const item = open.items[open.selected];
      if (press.key.escape) {
        commit({ ...editor, dismissedAt: bufferText(editor.buffer) });
        return true;
      }
      const choose = press.key.tab && !press.key.shift;
      if (item && (choose || matches("input.submit", press))) {
        if (!choose && isAlreadyComplete(editor.buffer, open.context, item)) return false;
        commit({ ...editor, buffer: applyCompletion(editor.buffer, open.context, item), dismissedAt: undefined });
        return true;
      }
      const step = matches("input.historyPrev", press) ? -1 : matches("input.historyNext", press) ? 1 : 0;
      if (step === 0) return false;
      const index = (open.selected + step + open.items.length) % open.items.length;
      commit({ ...editor, selection: { key: open.key, index } });
      return true;
    },
    active,
  );

  const layout = layoutBuffer(state.buffer, contentWidth);
  // The scroll offset depends on the previous one (the view moves only as far as the cursor needs), so it is
  // state adjusted during render, React's pattern for state derived from props.
  const [shownTop, setShownTop] = useState(0);
  const top = scrollTop(shownTop, layout.cursorRow, layout.rows.length, maxRows);
  if (top !== shownTop) setShownTop(top);
  const root = useRef<DOMElement>(null);
  const reported = useRef(0);
  const onHeight = props.onHeight;
  // After every commit on purpose: any keystroke may change the rows; the guard reports changes only.
  useLayoutEffect(() => {
    if (!root.current || !onHeight) return;
    const rows = measureElement(root.current).height;
    if (rows === reported.current) return;
    reported.current = rows;
    onHeight(rows);
  });
  return (
    <Box ref={root} flexDirection="column" width={width} flexShrink={0}>
      <PromptView
        buffer={state.buffer}
        layout={layout}
        top={top}
        maxRows={maxRows}
        contentWidth={contentWidth}
        active={active}
        {...(props.placeholder === undefined ? {} : { placeholder: props.placeholder })}
      />
      {active && menu ? <CompletionMenu items={menu.items} selected={menu.selected} width={width} /> : null}
    </Box>
  );
}
