import { Box, Text } from "ink";
import { useEffect, useRef, useState } from "react";
import { keyLabel } from "../../config/keymap.js";
import { sanitizeText } from "../../markdown/sanitize.js";
import { capLineLength, fitToWidth, visibleWidth } from "../../markdown/wrap.js";
import { KEY_LAYER, useKeyMatcher, useKeymap, useKeys } from "../keys/key-router.js";
import {
  createBuffer,
  cursorPosition,
  deleteBackward,
  insertText,
  moveHorizontal,
  moveVertical,
  type EditBuffer,
} from "./edit-buffer.js";
import { isPlainText } from "./modal-keys.js";
import { packHints } from "./option-keys.js";
import { errorMessage } from "../../common/error-message.js";

/** Props of {@link EditView}. */
export interface EditViewProps {
  /** The option's label (already sanitized), shown as the view's heading. */
  readonly label: string;
  /** The text the editor starts with (ZeroClaw's `proposedEdit`); sanitized here. */
  readonly initialText: string;
  /** Columns available inside the modal. */
  readonly width: number;
  /** Text lines shown at most; the view scrolls to keep the cursor in sight. */
  readonly maxLines: number;
  /** Enter: the user's text, to send as `replacementContent`. */
  readonly onSubmit: (text: string) => void;
  /** Esc: back to the options without answering. */
  readonly onBack: () => void;
  /** Opens the text in `$EDITOR` (Ctrl+G); resolves with the edited text, or undefined when abandoned. */
  readonly openEditor?: (text: string) => Promise<string | undefined>;
}

const EXPLANATION = "The tool does not run; the agent gets this text instead.";

/** Pasted text may carry CR line ends and escape sequences; the buffer only ever holds clean text. */
function cleanInput(input: string): string {
  return sanitizeText(input.replace(/\r\n?/g, "\n"));
}

/** Editors end files with a newline; when the text had none, that newline is the editor's, not the user's. */
function fromEditor(result: string, sent: string): string {
  const clean = cleanInput(result);
  return clean.endsWith("\n") && !sent.endsWith("\n") ? clean.slice(0, -1) : clean;
}

// Tabs are shown as one space so that a column in code units is a column on screen.
const shown = (text: string) => text.replace(/\t/g, " ");

/** The cursor's line cut to `width` columns around the cursor (scrolled left when the cursor is far right). */
function cursorLineParts(line: string, column: number, width: number): { before: string; at: string; after: string } {
  const codePoint = line.codePointAt(column);
  const at = codePoint === undefined ? " " : shown(String.fromCodePoint(codePoint));
  const atWidth = Math.max(1, visibleWidth(at));
  let before = shown(line.slice(0, column));
  if (visibleWidth(before) + atWidth > width) {
    const chars = Array.from(before.slice(-(width * 2 + 4)));
    const room = width - atWidth - 1;
    let used = 0;
    let start = chars.length;
    while (start > 0 && used + visibleWidth(chars[start - 1] as string) <= room)
      used += visibleWidth(chars[--start] as string);
    before = `…${chars.slice(start).join("")}`;
  }
  const remaining = width - visibleWidth(before) - atWidth;
  const rest = shown(line.slice(column + (codePoint === undefined ? 0 : at.length)));
  return { before, at, after: remaining > 0 ? capLineLength(rest.slice(0, remaining * 2 + 4), remaining) : "" };
}

/**
 * The inline multi-line editor of ZeroClaw's reject-with-edit option: pre-filled with the proposed edit,
 * Enter sends, Ctrl+J / Alt+Enter add a newline, Ctrl+G hands the text to `$EDITOR`, Esc goes back.
 * Keys come through the modal layer of the key router while the view is mounted.
 */
export function EditView({ label, initialText, width, maxLines, onSubmit, onBack, openEditor }: EditViewProps) {
  const [buffer, setBufferState] = useState<EditBuffer>(() => createBuffer(cleanInput(initialText)));
  // Keys that arrive in one stdin chunk are handled before React re-renders: each must see the edit before it.
  const latest = useRef(buffer);
  const setBuffer = (next: EditBuffer) => {
    latest.current = next;
    setBufferState(next);
  };
  const [editorOpen, setEditorOpen] = useState(false);
  const [notice, setNotice] = useState<string | undefined>();
  const matches = useKeyMatcher();
  const keymap = useKeymap();
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const launchEditor = (edit: (text: string) => Promise<string | undefined>) => {
    const sent = latest.current.text;
    setEditorOpen(true);
    setNotice(undefined);
    edit(sent).then(
      (result) => {
        if (!mounted.current) return;
        setEditorOpen(false);
        if (result !== undefined) setBuffer(createBuffer(fromEditor(result, sent)));
      },
      (error: unknown) => {
        if (!mounted.current) return;
        setEditorOpen(false);
        setNotice(`editor failed: ${errorMessage(error)}`);
      },
    );
  };

  useKeys(KEY_LAYER.modal, (press) => {
    // While $EDITOR owns the terminal nothing typed here is meant for the pane.
    if (editorOpen) return true;
    const { key } = press;
    const current = latest.current;
    if (matches("modal.cancel", press)) onBack();
    else if (matches("input.newline", press)) setBuffer(insertText(current, "\n"));
    else if (matches("input.editor", press)) {
      if (openEditor) launchEditor(openEditor);
    } else if (matches("modal.choose", press)) onSubmit(current.text);
    // Ink 6.8 reports the Backspace key (DEL) as `delete`; both erase backwards, as in a prompt.
    else if (key.backspace || key.delete) setBuffer(deleteBackward(current));
    else if (key.leftArrow || key.rightArrow) setBuffer(moveHorizontal(current, key.leftArrow ? -1 : 1));
    else if (matches("modal.up", press)) setBuffer(moveVertical(current, -1));
    else if (matches("modal.down", press)) setBuffer(moveVertical(current, 1));
    else if (isPlainText(press)) setBuffer(insertText(current, cleanInput(press.input)));
    // Anything else (Ctrl+C, Ctrl+X, Shift+Tab) stays with the global shortcuts.
    else return false;
    return true;
  });

  const columns = Math.max(4, width - 2);
  const lines = buffer.text.split("\n");
  const { line: cursorLine, column } = cursorPosition(buffer);
  const rows = Math.max(1, maxLines);
  const top = Math.max(0, Math.min(cursorLine - Math.floor(rows / 2), lines.length - rows));
  const visible = lines.slice(top, top + rows);
  const below = lines.length - top - visible.length;
  const hints = packHints(
    [
      `${keyLabel(keymap, "modal.choose")} send`,
      `${keyLabel(keymap, "input.newline")} newline`,
      ...(openEditor ? [`${keyLabel(keymap, "input.editor")} $EDITOR`] : []),
      `${keyLabel(keymap, "modal.cancel")} back`,
    ],
    width,
  );
  return (
    <Box flexDirection="column" width={width}>
      <Text bold wrap="truncate-end">
        {capLineLength(label, width)}
      </Text>
      {fitToWidth(EXPLANATION, width)
        .split("\n")
        .map((row) => (
          <Text key={row} dimColor wrap="truncate-end">
            {row}
          </Text>
        ))}
      {top > 0 ? <Text dimColor>{capLineLength(`  ↑ ${top} more`, width)}</Text> : null}
      {visible.map((line, index) => {
        const lineNumber = top + index;
        if (lineNumber !== cursorLine || editorOpen) {
          return (
            <Text key={lineNumber} wrap="truncate-end">
              <Text dimColor>│ </Text>
              {capLineLength(shown(line.slice(0, columns * 2 + 4)), columns) || " "}
            </Text>
          );
        }
        const { before, at, after } = cursorLineParts(line, column, columns);
        return (
          <Text key={lineNumber} wrap="truncate-end">
            <Text dimColor>│ </Text>
            {before}
            <Text inverse>{at}</Text>
            {after}
          </Text>
        );
      })}
      {below > 0 ? <Text dimColor>{capLineLength(`  ↓ ${below} more`, width)}</Text> : null}
      {editorOpen ? <Text color="yellow">{capLineLength("waiting for $EDITOR…", width)}</Text> : null}
      {notice ? <Text color="red">{capLineLength(sanitizeText(notice).replace(/\n/g, " "), width)}</Text> : null}
      {hints.map((hint) => (
        <Text key={hint} dimColor wrap="truncate-end">
          {capLineLength(hint, width)}
        </Text>
      ))}
    </Box>
  );
}
