import { Text } from "ink";
import { memo } from "react";
import { fitLine } from "./layout.js";

const ANSWERS = " (y/n)";

/** Props of {@link ConfirmLine}. */
export interface ConfirmLineProps {
  readonly question: string;
  readonly width: number;
}

/**
 * A one-line y/n question (Ctrl+X: stop after this turn? a mode that skips approvals?). Its keys live in the
 * app's confirm layer. A long question is cut, never the "(y/n)": the keys to answer stay visible.
 */
export const ConfirmLine = memo(function ConfirmLine({ question, width }: ConfirmLineProps) {
  return (
    <Text color="yellow" bold wrap="truncate-end">
      {`${fitLine(question, Math.max(1, width - ANSWERS.length))}${ANSWERS}`}
    </Text>
  );
});
