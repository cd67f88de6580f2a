import { Box, Text, useStdout } from "ink";
import { useMemo, useRef, useState } from "react";
import { keyLabel } from "../../config/keymap.js";
import type { PendingPermission } from "../../client/permission-queue.js";
import { sanitizeLine } from "../../markdown/sanitize.js";
import { capLineLength } from "../../markdown/wrap.js";
import type { PermissionOutcome } from "../../protocol/index.js";
import { KEY_LAYER, useKeyMatcher, useKeymap, useKeys } from "../keys/key-router.js";
import { Countdown } from "./countdown.js";
import { EditView } from "./edit-view.js";
import { isPlainText } from "./modal-keys.js";
import {
  digitIndex,
  isAskUserRequest,
  isEditOption,
  MAX_NUMBERED_OPTIONS,
  optionActions,
  packHints,
} from "./option-keys.js";
import { OptionList } from "./option-list.js";
import { RequestBody, RequestHeader } from "./request-body.js";

/** Props of {@link PermissionModal}. */
export interface PermissionModalProps {
  /** Open requests, oldest first (`PermissionQueue.pending`). The modal decides the first one. */
  readonly requests: readonly PendingPermission[];
  /**
   * Called once per decision with the request's key. The parent answers the queue, which removes the request;
   * the next one then shows. A selected `optionId` is always one the agent offered.
   */
  readonly onAnswer: (key: string, outcome: PermissionOutcome) => void;
  /** Columns of the modal, border included. */
  readonly width: number;
  /** The agent's answer timeout (ZeroClaw's `sessionTimeoutSecs`); without it no countdown and no timer. */
  readonly timeoutSecs?: number;
  /** Opens text in `$EDITOR` for Ctrl+G in the reject-with-edit editor; without it Ctrl+G does nothing. */
  readonly openEditor?: (text: string) => Promise<string | undefined>;
}

/**
 * The permission modal: what the agent wants to do (the command, or the diff of a file edit), then the
 * options it offered. y / a / n / N pick by kind, 1–9 pick any option, arrows and Enter choose the
 * highlighted one, Esc answers `cancelled`. ZeroClaw's ask_user questions (`choice-N` options) are a plain
 * numbered list; its reject-with-edit option (`e`) opens an inline editor. Keys arrive through the modal
 * layer of the key router, never through Ink's focus.
 */
export function PermissionModal({ requests, onAnswer, width, timeoutSecs, openEditor }: PermissionModalProps) {
  const request = requests[0];
  if (!request) return null;
  const position = requests.length > 1 ? `1 of ${requests.length}` : undefined;
  // Keyed by request: selection, edit mode and the answered flag start afresh for the next request.
  return (
    <RequestPanel
      key={request.key}
      request={request}
      position={position}
      onAnswer={onAnswer}
      width={width}
      timeoutSecs={timeoutSecs}
      openEditor={openEditor}
    />
  );
}

interface RequestPanelProps extends Omit<PermissionModalProps, "requests"> {
  readonly request: PendingPermission;
  readonly position: string | undefined;
}

/** Rows the diff or the editor may take, from the terminal height: the live region must stay short. */
function bodyRows(terminalRows: number, optionCount: number, max: number): number {
  return Math.max(3, Math.min(max, terminalRows - 14 - optionCount));
}

function RequestPanel({ request, position, onAnswer, width, timeoutSecs, openEditor }: RequestPanelProps) {
  const { toolCall, options } = request;
  const [selected, setSelectedState] = useState(0);
  // Read by the key handler: an arrow and Enter in one stdin chunk arrive before React re-renders.
  const selectedRef = useRef(0);
  const setSelected = (index: number) => {
    selectedRef.current = index;
    setSelectedState(index);
  };
  const [editing, setEditing] = useState<number | undefined>();
  // A second key press before the parent removes the request must not send a second answer.
  const answered = useRef(false);
  const matches = useKeyMatcher();
  const keymap = useKeymap();
  const { stdout } = useStdout();
  const question = isAskUserRequest(options);
  const actions = useMemo(() => optionActions(options), [options]);

  const answer = (outcome: PermissionOutcome) => {
    if (answered.current) return;
    answered.current = true;
    onAnswer(request.key, outcome);
  };
  const choose = (index: number) => {
    const option = options[index];
    if (!option) return;
    // Reject-with-edit needs the user's text first (ZeroClaw would otherwise send the model an empty result).
    if (isEditOption(option) && !question) setEditing(index);
    else answer({ outcome: "selected", optionId: option.optionId });
  };

  useKeys(
    KEY_LAYER.modal,
    (press) => {
      if (answered.current) return true;
      const count = options.length;
      if (matches("modal.cancel", press)) answer({ outcome: "cancelled" });
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

  const inner = Math.max(10, width - 4);
  const terminalRows = stdout.rows ?? 24;
  const editOption = editing === undefined ? undefined : options[editing];
  const countdown =
    timeoutSecs !== undefined && !question ? (
      <Countdown receivedAt={request.receivedAt} timeoutSecs={timeoutSecs} />
    ) : undefined;
  const count = Math.min(options.length, MAX_NUMBERED_OPTIONS);
  const hints = packHints(
    [
      `↑↓ ${keyLabel(keymap, "modal.choose")} choose`,
      ...(count > 0 ? [count === 1 ? "1 picks" : `1-${count} pick`] : []),
      `${keyLabel(keymap, "modal.cancel")} cancel`,
    ],
    inner,
  );
  return (
    <Box flexDirection="column" width={width} borderStyle="round" borderColor="yellow" paddingX={1}>
      <RequestHeader toolCall={toolCall} width={inner} position={position} question={question} countdown={countdown} />
      {editOption ? (
        <Box marginTop={1}>
          <EditView
            label={sanitizeLine(editOption.name).trim() || "Reject with edit"}
            initialText={editText(request)}
            width={inner}
            maxLines={bodyRows(terminalRows, 0, 12)}
            onSubmit={(text) =>
              answer({ outcome: "selected", optionId: editOption.optionId, replacementContent: text })
            }
            onBack={() => setEditing(undefined)}
            openEditor={openEditor}
          />
        </Box>
      ) : (
        <>
          <RequestBody toolCall={toolCall} width={inner} diffLines={bodyRows(terminalRows, options.length, 20)} />
          {options.length === 0 ? (
            <Text color="red">{capLineLength("the agent offered no options", inner)}</Text>
          ) : null}
          <OptionList
            options={options}
            actions={actions}
            keymap={keymap}
            selected={selected}
            question={question}
            width={inner}
          />
          {hints.map((hint) => (
            <Text key={hint} dimColor wrap="truncate-end">
              {capLineLength(hint, inner)}
            </Text>
          ))}
        </>
      )}
    </Box>
  );
}

/** The editor's starting text: ZeroClaw's `proposedEdit`, else the first diff's new text. */
function editText(request: PendingPermission): string {
  if (request.toolCall.proposedEdit !== undefined) return request.toolCall.proposedEdit;
  for (const item of request.toolCall.content ?? []) if (item.type === "diff") return item.newText;
  return "";
}
