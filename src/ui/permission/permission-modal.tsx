import { Box, Text } from "ink";
import { useMemo, useRef, useState } from "react";
import { keyLabel, type Keymap } from "../../config/keymap.js";
import { capLineLength, visibleWidth } from "../../markdown/wrap.js";
import type { PermissionDecision, PermissionView } from "../../state/permission-view.js";
import { KEY_LAYER, useKeyMatcher, useKeymap, useKeys } from "../keys/key-router.js";
import { Countdown } from "./countdown.js";
import { EditView } from "./edit-view.js";
import {
  innerWidth,
  MAX_OPTION_ROWS,
  MODAL_CHROME_ROWS,
  optionPrefix,
  optionRows,
  planBody,
  titleRows,
} from "./modal-layout.js";
import { isPlainText } from "./modal-keys.js";
import { digitIndex, MAX_NUMBERED_OPTIONS, optionActions, packHints } from "./option-keys.js";
import { OptionList } from "./option-list.js";
import { RequestBody, RequestHeader } from "./request-body.js";

/** Props of {@link PermissionModal}. */
export interface PermissionModalProps {
  /** Open requests, oldest first. The modal decides the first one. */
  readonly requests: readonly PermissionView[];
  /** Called once per decision with the request's key; the state answers the agent (or cancels the turn). */
  readonly onDecide: (key: string, decision: PermissionDecision) => void;
  /** Columns of the modal, border included. */
  readonly width: number;
  /** Rows the modal may take at most, border included (the pane's budget; see {@link permissionModalRows}). */
  readonly maxLines: number;
  /** The agent's answer timeout (ZeroClaw's `sessionTimeoutSecs`); without it no countdown and no timer. */
  readonly timeoutSecs?: number;
  /** Opens text in `$EDITOR` for Ctrl+G in the reject-with-edit editor; without it Ctrl+G does nothing. */
  readonly openEditor?: (text: string) => Promise<string | undefined>;
}

/** Rows of the reject-with-edit editor besides its text: its heading, explanation and hints. */
const EDITOR_CHROME_ROWS = 4;

interface ModalLayout {
  readonly inner: number;
  readonly title: string[];
  readonly kindLine: boolean;
  readonly letters: string[];
  readonly letterWidth: number;
  readonly prefixWidth: number;
  readonly options: string[][];
  readonly hints: string[];
  readonly body: ReturnType<typeof planBody>;
  readonly height: number;
}

const rowsOf = (options: readonly (readonly string[])[]) => options.reduce((sum, rows) => sum + rows.length, 0);

/**
 * The modal's rows for `view` within `maxLines` (Infinity: what it needs in full), the body scrolled to
 * `offset`. The title, options and hints are always whole; the body gets the rest and scrolls.
 */
function layoutModal(
  view: PermissionView,
  width: number,
  keymap: Keymap,
  options: { position?: string | undefined; countdown: boolean; maxLines: number; offset: number },
): ModalLayout {
  const inner = innerWidth(width);
  const titleWidth = Math.max(4, inner - (options.position ? visibleWidth(options.position) + 1 : 0));
  const title = titleRows(view, titleWidth);
  const kindLine = view.kind !== undefined || options.countdown;
  const letters = optionActions(view.options, view.question).map((action) => (action ? keyLabel(keymap, action) : ""));
  const { letterWidth, prefixWidth } = optionPrefix(letters, view.question);
  const labels = view.options.map((option) => option.label);
  const count = Math.min(view.options.length, MAX_NUMBERED_OPTIONS);
  const hintsFor = (scrolls: boolean) =>
    packHints(
      [
        `↑↓ ${keyLabel(keymap, "modal.choose")} choose`,
        ...(count > 0 ? [count === 1 ? "1 picks" : `1-${count} pick`] : []),
        ...(scrolls ? [`${keyLabel(keymap, "modal.scrollUp")}/${keyLabel(keymap, "modal.scrollDown")} scroll`] : []),
        `${keyLabel(keymap, "modal.cancel")} cancel`,
      ],
      inner,
    );
  const withOptions = (optionLines: string[][]): ModalLayout => {
    const fixed = (hints: readonly string[]) =>
      MODAL_CHROME_ROWS + title.length + (kindLine ? 1 : 0) + 1 + Math.max(1, rowsOf(optionLines)) + hints.length;
    let hints = hintsFor(false);
    let body = planBody(view.body, inner, options.maxLines - fixed(hints), options.offset);
    if (body.maxOffset > 0) {
      hints = hintsFor(true);
      body = planBody(view.body, inner, options.maxLines - fixed(hints), options.offset);
    }
    const height = fixed(hints) + body.height;
    return { inner, title, kindLine, letters, letterWidth, prefixWidth, options: optionLines, hints, body, height };
  };
  // Labels are whole when they fit; in a pane too short for them, each gets fewer rows (the body scrolls):
  // at most half the room, and fewer still while the modal is taller than its room (a scrolling body keeps a
  // row and its marker). A modal taller than the pane's budget makes ink's frame the terminal's height, and
  // ink then clears the screen and the scrollback (the transcript above is lost).
  let cap = MAX_OPTION_ROWS;
  let optionLines = optionRows(labels, prefixWidth, inner, cap);
  while (cap > 1 && rowsOf(optionLines) > options.maxLines / 2)
    optionLines = optionRows(labels, prefixWidth, inner, --cap);
  let layout = withOptions(optionLines);
  while (cap > 1 && layout.height > options.maxLines)
    layout = withOptions(optionRows(labels, prefixWidth, inner, --cap));
  return layout;
}

/**
 * Rows the modal needs for the first of `requests` at `width` (border included), so the pane gives it just
 * that and keeps the context above on screen. Computed, not measured: the first frame is already right.
 */
export function permissionModalRows(
  requests: readonly PermissionView[],
  width: number,
  keymap: Keymap,
  timeoutSecs?: number,
): number {
  const view = requests[0];
  if (!view) return 0;
  const position = requests.length > 1 ? `1 of ${requests.length}` : undefined;
  const countdown = timeoutSecs !== undefined && !view.question;
  return layoutModal(view, width, keymap, { position, countdown, maxLines: Infinity, offset: 0 }).height;
}

/**
 * The permission modal: what the agent wants to do (the command whole, the diff of a file edit), then the
 * options it offered. y / a / n / N pick by kind, 1–9 pick any option, arrows and Enter choose the
 * highlighted one (it starts on "allow once"), PgUp/PgDn scroll a long body, Esc cancels the turn. ZeroClaw's
 * ask_user questions are a plain numbered list; its reject-with-edit option (`e`) opens an inline editor.
 * Keys arrive through the modal layer of the key router, never through Ink's focus.
 */
export function PermissionModal({
  requests,
  onDecide,
  width,
  maxLines,
  timeoutSecs,
  openEditor,
}: PermissionModalProps) {
  const request = requests[0];
  if (!request) return null;
  const position = requests.length > 1 ? `1 of ${requests.length}` : undefined;
  // Keyed by request: selection, scrolling, edit mode and the answered flag start afresh for the next request.
  return (
    <RequestPanel
      key={request.key}
      request={request}
      position={position}
      onDecide={onDecide}
      width={width}
      maxLines={maxLines}
      timeoutSecs={timeoutSecs}
      openEditor={openEditor}
    />
  );
}

interface RequestPanelProps extends Omit<PermissionModalProps, "requests"> {
  readonly request: PermissionView;
  readonly position: string | undefined;
}

function RequestPanel({ request, position, onDecide, width, maxLines, timeoutSecs, openEditor }: RequestPanelProps) {
  const { options, question } = request;
  const [selected, setSelectedState] = useState(request.initialIndex);
  // Read by the key handler: an arrow and Enter in one stdin chunk arrive before React re-renders.
  const selectedRef = useRef(request.initialIndex);
  const setSelected = (index: number) => {
    selectedRef.current = index;
    setSelectedState(index);
  };
  const [offset, setOffset] = useState(0);
  const [editing, setEditing] = useState<number | undefined>();
  // A second key press before the parent removes the request must not send a second answer.
  const answered = useRef(false);
  const matches = useKeyMatcher();
  const keymap = useKeymap();
  const countdownShown = timeoutSecs !== undefined && !question;
  const layout = useMemo(
    () => layoutModal(request, width, keymap, { position, countdown: countdownShown, maxLines, offset }),
    [request, width, keymap, position, countdownShown, maxLines, offset],
  );
  const actions = useMemo(() => optionActions(options, question), [options, question]);

  const decide = (decision: PermissionDecision) => {
    if (answered.current) return;
    answered.current = true;
    onDecide(request.key, decision);
  };
  const choose = (index: number) => {
    const option = options[index];
    if (!option) return;
    // Reject-with-edit needs the user's text first (ZeroClaw would otherwise send the model an empty result).
    if (option.needsText) setEditing(index);
    else decide({ type: "option", index });
  };
  const scroll = (by: number) => setOffset(Math.min(layout.body.maxOffset, Math.max(0, offset + by)));

  useKeys(
    KEY_LAYER.modal,
    (press) => {
      if (answered.current) return true;
      const count = options.length;
      const page = Math.max(1, layout.body.rows.length - 1);
      if (matches("modal.cancel", press)) decide({ type: "cancel-turn" });
      else if (matches("modal.scrollUp", press)) scroll(-page);
      else if (matches("modal.scrollDown", press)) scroll(page);
      else if (matches("modal.up", press)) setSelected(count === 0 ? 0 : (selectedRef.current - 1 + count) % count);
      else if (matches("modal.down", press)) setSelected(count === 0 ? 0 : (selectedRef.current + 1) % count);
      else if (matches("modal.choose", press)) choose(selectedRef.current);
      else {
        const digit = press.key.ctrl || press.key.meta ? undefined : digitIndex(press.input);
        if (digit !== undefined) {
          choose(digit);
          return true;
        }
        const byKind = actions.findIndex((action) => action !== undefined && matches(action, press));
        if (byKind !== -1) {
          choose(byKind);
          return true;
        }
        // Letters that pick nothing are swallowed so they cannot type into the prompt underneath.
        return isPlainText(press);
      }
      return true;
    },
    editing === undefined,
  );

  const { inner } = layout;
  const editOption = editing === undefined ? undefined : options[editing];
  const countdown = countdownShown ? (
    <Countdown receivedAt={request.receivedAt} timeoutSecs={timeoutSecs} />
  ) : undefined;
  const header = (
    <RequestHeader
      rows={layout.title}
      width={inner}
      {...(position ? { position } : {})}
      {...(request.kind ? { kind: request.kind } : {})}
      countdown={countdown}
    />
  );
  if (editOption) {
    const room = maxLines - MODAL_CHROME_ROWS - layout.title.length - (layout.kindLine ? 1 : 0) - 1;
    return (
      <Box flexDirection="column" width={width} borderStyle="round" borderColor="yellow" paddingX={1}>
        {header}
        <Box marginTop={1}>
          <EditView
            label={editOption.label || "Reject with edit"}
            initialText={request.editText}
            width={inner}
            maxLines={Math.max(1, Math.min(12, room - EDITOR_CHROME_ROWS))}
            onSubmit={(text) => decide({ type: "edited", index: editing as number, text })}
            onBack={() => setEditing(undefined)}
            openEditor={openEditor}
          />
        </Box>
      </Box>
    );
  }
  return (
    <Box flexDirection="column" width={width} borderStyle="round" borderColor="yellow" paddingX={1}>
      {header}
      <RequestBody
        body={request.body}
        plan={layout.body}
        width={inner}
        scrollKeys={{ up: keyLabel(keymap, "modal.scrollUp"), down: keyLabel(keymap, "modal.scrollDown") }}
      />
      {options.length === 0 ? (
        <Box marginTop={1}>
          <Text color="red">{capLineLength("the agent offered no options", inner)}</Text>
        </Box>
      ) : (
        <OptionList
          options={options}
          rows={layout.options}
          letters={layout.letters}
          selected={selected}
          question={question}
          letterWidth={layout.letterWidth}
          prefixWidth={layout.prefixWidth}
        />
      )}
      {layout.hints.map((hint) => (
        <Text key={hint} dimColor wrap="truncate-end">
          {capLineLength(hint, inner)}
        </Text>
      ))}
    </Box>
  );
}
