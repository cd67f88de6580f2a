import { Text } from "ink";
import { memo } from "react";

/** Props of {@link Footer}. */
export interface FooterProps {
  /** Hints, most important first: the ones that do not fit are left out from the end. */
  readonly hints: readonly string[];
  readonly width: number;
}

const SEPARATOR = " · ";

/** One dim line of key hints that change with what the pane is doing. */
export const Footer = memo(function Footer({ hints, width }: FooterProps) {
  let line = "";
  for (const hint of hints) {
    const next = line ? `${line}${SEPARATOR}${hint}` : hint;
    if (next.length > width) break;
    line = next;
  }
  return (
    <Text dimColor wrap="truncate-end">
      {line || " "}
    </Text>
  );
});
