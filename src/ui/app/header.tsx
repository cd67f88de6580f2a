import { shortId } from "../../common/format.js";
import { Text } from "ink";
import { memo } from "react";
import { headerSettingsParts } from "./header-settings.js";
import type { HeaderInfo, SettingsView } from "../../state/view-model.js";
import { visibleWidth } from "../../markdown/wrap.js";
import { fitLine, formatElapsed } from "./layout.js";
import { spinnerFrame } from "./glyphs.js";
import { useTick } from "./ticker.js";

/** Props of {@link Header}. */
export interface HeaderProps {
  readonly header: HeaderInfo;
  readonly width: number;
  /** When the running turn started (ms since epoch); undefined while idle. */
  readonly turnStartedAt?: number;
  readonly cancelling?: boolean;
  /**
   * A permission request waits for the user: the agent is not working, so no spinner (an hour-long wait
   * would otherwise redraw the modal eight times a second).
   */
  readonly waiting?: boolean;
  /** Mode, context usage, cost and session title; its identity changes only when one of them does. */
  readonly settings?: SettingsView | undefined;
  /** The clock, for tests. */
  readonly now?: () => number;
}

const CONNECTION_TEXT: Readonly<Record<HeaderInfo["connection"], { text: string; color: string }>> = {
  connecting: { text: "connecting…", color: "yellow" },
  "starting-session": { text: "opening session…", color: "yellow" },
  restoring: { text: "restoring…", color: "yellow" },
  ready: { text: "ready", color: "green" },
  restarting: { text: "restarting…", color: "yellow" },
  reconnecting: { text: "reconnecting…", color: "yellow" },
  disconnected: { text: "disconnected", color: "red" },
  closed: { text: "closed", color: "gray" },
};

/**
 * The header line: agent, alias, short session id and connection state. While a turn runs it shows a
 * spinner and the turn's elapsed time; idle, it has no timer at all (design.md §6: 0 renders/s idle).
 */
export const Header = memo(function Header({
  header,
  width,
  turnStartedAt,
  cancelling,
  waiting,
  settings,
  now = Date.now,
}: HeaderProps) {
  const running = turnStartedAt !== undefined && waiting !== true;
  // The reconnect countdown ticks only while it waits: an idle pane still draws nothing.
  const countingDown = header.connection === "reconnecting" && header.retryAt !== undefined;
  const tick = useTick(running || countingDown);
  const agent = header.agentTitle ?? header.agentName ?? "agent";
  // A long title must not push the session id out: it gets at most a third of the line.
  const title = settings?.title ? fitLine(settings.title, Math.max(8, Math.floor(width / 3))) : undefined;
  const restOf = (withTitle: boolean) =>
    [header.alias, withTitle ? title : undefined, header.sessionId ? shortId(header.sessionId) : undefined]
      .filter((part): part is string => Boolean(part))
      .map((part) => ` · ${part}`)
      .join("");
  const state = waiting
    ? { text: "waiting for you", color: "yellow" }
    : running
      ? {
          text: `${spinnerFrame(tick)} ${cancelling ? "cancelling" : "working"} ${formatElapsed(now() - turnStartedAt)}`,
          color: cancelling ? "yellow" : "cyan",
        }
      : countingDown
        ? {
            text: `reconnecting in ${Math.max(1, Math.ceil((header.retryAt! - now()) / 1000))}s · any key`,
            color: "yellow",
          }
        : CONNECTION_TEXT[header.connection];
  // Settings give way while the names would not keep 8 columns of the agent's name; then the agent's title
  // gives way: in a narrow pane the session id is what tells two panes apart.
  const parts = headerSettingsParts(
    settings,
    (length, withTitle) =>
      width - state.text.length - length - 1 >= 2 + Math.min(agent.length, 8) + visibleWidth(restOf(withTitle)),
  );
  const extra = parts.summary;
  const rest = restOf(parts.showTitle);
  const room = Math.max(1, width - state.text.length - extra.length - 1);
  const left = fitLine(`◆ ${fitLine(agent, Math.max(4, room - 2 - visibleWidth(rest)))}${rest}`, room);
  const gap = Math.max(1, width - visibleWidth(left) - extra.length - state.text.length);
  return (
    <Text wrap="truncate-end">
      <Text bold>{left}</Text>
      {" ".repeat(gap)}
      {extra ? <Text dimColor>{extra}</Text> : null}
      <Text color={state.color}>{state.text}</Text>
    </Text>
  );
});
