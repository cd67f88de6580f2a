import { Text } from "ink";
import { memo } from "react";
import { fitLine } from "./layout.js";

/** Props of {@link ConfirmLine}. */
export interface ConfirmLineProps {
  readonly question: string;
  readonly width: number;
}

/** A one-line y/n question (Ctrl+X: stop after this turn?). Its keys live in the app's confirm layer. */
export const ConfirmLine = memo(function ConfirmLine({ question, width }: ConfirmLineProps) {
  return (
    <Text color="yellow" bold wrap="truncate-end">
      {fitLine(`${question} (y/n)`, width)}
    </Text>
  );
});
