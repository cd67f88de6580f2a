import { Box, Text } from "ink";
import type { PermissionDecision, PermissionView } from "../../state/permission-view.js";
import { fitLine } from "../app/layout.js";
import { KEY_LAYER, useKeys } from "../keys/key-router.js";
import { PermissionModal } from "./permission-modal.js";

/** A waiting request of some pane, as the popup shows it: the modal's view of it, and where it waits. */
export interface PopupRequest extends PermissionView {
  /** `tmux pane %3 · claude`, already sanitized. */
  readonly where: string;
}

/** Props of {@link AnswerPopup}. */
export interface AnswerPopupProps {
  /** Requests of every pane, oldest first; the first is decided. */
  readonly requests: readonly PopupRequest[];
  readonly onDecide: (key: string, decision: PermissionDecision) => void;
  /** What became of the last answer ("no longer waiting"), already sanitized. */
  readonly status?: string;
  readonly width: number;
  /** Rows of the popup (the modal gets them less the lines above it). */
  readonly rows: number;
  /** Any key once nothing is left to answer (the status was read). */
  readonly onClose: () => void;
}

/**
 * `zc-pane answer --modal` (the prefix+J popup): the pane's permission modal, with the same keys, over
 * requests gathered from every pane, and a line naming the pane the shown request waits in.
 */
export function AnswerPopup({ requests, onDecide, status, width, rows, onClose }: AnswerPopupProps) {
  const first = requests[0];
  useKeys(
    KEY_LAYER.modal,
    () => {
      onClose();
      return true;
    },
    first === undefined,
  );
  return (
    <Box flexDirection="column" width={width}>
      {first ? (
        <Text bold wrap="truncate-end">
          {fitLine(first.where, width)}
        </Text>
      ) : (
        <Text dimColor>{fitLine("no permission request is waiting (any key closes)", width)}</Text>
      )}
      {status ? (
        <Text color="yellow" wrap="truncate-end">
          {fitLine(status, width)}
        </Text>
      ) : null}
      <PermissionModal requests={requests} onDecide={onDecide} width={width} maxLines={Math.max(8, rows - 3)} />
    </Box>
  );
}
