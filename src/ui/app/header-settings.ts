import { formatCost, formatTokens } from "../../state/settings-view.js";
import type { SettingsView } from "../../state/view-model.js";

/** What the header shows of the settings at a given width. */
export interface HeaderSettingsParts {
  /** The segment before the connection state, with its trailing separator (`Code · 12k/200k · `), or "". */
  readonly summary: string;
  /** Whether the session title is shown next to the session id. */
  readonly showTitle: boolean;
}

/**
 * Picks what fits, in order of what gives way first: the session title, then the usage and cost, then the
 * model, then the mode (the mode decides what the agent may do, and Shift+Tab changes it, so it is kept
 * longest). `fits` tells
 * whether a summary of that length and the title (or not) leave the names enough room.
 */
export function headerSettingsParts(
  view: SettingsView | undefined,
  fits: (summaryLength: number, showTitle: boolean) => boolean,
): HeaderSettingsParts {
  const usage =
    view?.used !== undefined && view.size !== undefined
      ? `${formatTokens(view.used)}/${formatTokens(view.size)}`
      : undefined;
  const cost = view?.cost ? formatCost(view.cost) : undefined;
  const mode = view?.modeName;
  const model = view?.modelName;
  const hasTitle = Boolean(view?.title);
  const full = [mode, model, usage, cost].filter((part): part is string => Boolean(part));
  const named = [mode, model].filter((part): part is string => Boolean(part));
  const candidates: Array<[string[], boolean]> = [
    [full, hasTitle],
    [full, false],
    [named, hasTitle],
    [named, false],
    [mode ? [mode] : [], hasTitle],
    [mode ? [mode] : [], false],
    [[], hasTitle],
  ];
  for (const [parts, showTitle] of candidates) {
    const summary = parts.length > 0 ? `${parts.join(" · ")} · ` : "";
    if (fits(summary.length, showTitle)) return { summary, showTitle };
  }
  return { summary: "", showTitle: false };
}
