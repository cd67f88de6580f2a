import { Text } from "ink";
import { memo } from "react";
import { keyLabel, type KeyAction, type Keymap } from "../../config/keymap.js";

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

/** The footer's hints for what the pane is doing now, most useful first. */
export function footerHints(context: {
  readonly keymap: Keymap;
  /** The confirm line's question is open: what y and n do. */
  readonly question?: { readonly yes: string; readonly no: string };
  readonly died: boolean;
  readonly modalOpen: boolean;
  readonly quitArmed: boolean;
  readonly running: boolean;
  readonly connecting: boolean;
  readonly hasTools: boolean;
  /** A row is expanded: Ctrl+R shows it raw. */
  readonly expanded?: boolean;
  readonly queued: number;
  /** Ctrl+S can send a prompt now (the pane's session supports it). */
  readonly canSteer?: boolean;
}): string[] {
  const key = (action: KeyAction) => keyLabel(context.keymap, action);
  const toolHints = [
    ...(context.hasTools ? [`${key("tool.toggle")} expand`] : []),
    ...(context.hasTools && context.expanded ? [`${key("tool.raw")} raw`] : []),
  ];
  if (context.question)
    return [`${key("confirm.yes")} ${context.question.yes}`, `${key("confirm.no")} ${context.question.no}`];
  if (context.quitArmed) return [`${key("app.interrupt")} again to quit`];
  if (context.died) return [`${key("app.retry")} restart and resume`, `${key("app.interrupt")} quit`];
  if (context.modalOpen) return ["answer the request above", `${key("app.interrupt")} cancel the turn`];
  if (context.running) {
    return [
      `${key("turn.cancel")} cancel`,
      ...(context.canSteer ? [`${key("turn.steer")} send now`] : []),
      ...toolHints,
      context.queued > 0 ? `${context.queued} queued · ${key("input.historyPrev")} edit` : "⏎ queue",
      `${key("session.stop")} stop`,
    ];
  }
  if (context.connecting) return [`${key("app.interrupt")} quit`];
  return [`${key("app.interrupt")} quit`, `${key("session.closeAndQuit")} close`, ...toolHints, "/help"];
}
