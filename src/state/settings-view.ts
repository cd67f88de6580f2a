import type { ClientEvent } from "../client/events.js";
import type { SessionSettings } from "../client/session-settings.js";
import { sanitizeLine } from "../markdown/sanitize.js";
import { appendItems } from "./pane-ops.js";
import { configItems, modelChoiceOf } from "./settings-actions.js";
import type { PaneState, SettingsView } from "./view-model.js";

/** What the header shows of a session's settings, from the client's whole current set. */
export function settingsViewOf(settings: SessionSettings, title: string | undefined): SettingsView {
  const modes = settings.modes;
  const current = modes?.availableModes.find((mode) => mode.id === modes.currentModeId);
  const usage = settings.usage;
  const modeName = modes?.currentModeId
    ? sanitizeLine(current?.name ?? modes.currentModeId)
    : modes
      ? undefined
      : modeOptionName(settings);
  const model = modelChoiceOf(settings);
  const modelName =
    model && (model.items.find((item) => item.value === model.current)?.name ?? sanitizeLine(model.current));
  return {
    ...(modeName ? { modeName } : {}),
    ...(modes ? { modeCount: modes.availableModes.length } : {}),
    ...(modelName ? { modelName } : {}),
    ...(usage ? { used: usage.used, size: usage.size } : {}),
    ...(usage?.cost ? { cost: { amount: usage.cost.amount, currency: sanitizeLine(usage.cost.currency) } } : {}),
    ...(title ? { title } : {}),
  };
}

/** Without modes, the current value of a "mode" config option (what Shift+Tab then cycles) names the mode. */
function modeOptionName(settings: SessionSettings): string | undefined {
  const option = settings.configOptions?.find(
    (candidate) => candidate.type === "select" && candidate.category === "mode",
  );
  if (!option || option.type !== "select") return undefined;
  const value = String(option.currentValue);
  return configItems(option).find((item) => item.value === value)?.name ?? sanitizeLine(value);
}

function sameView(a: SettingsView | undefined, b: SettingsView): boolean {
  return (
    a !== undefined &&
    a.modeName === b.modeName &&
    a.modeCount === b.modeCount &&
    a.modelName === b.modelName &&
    a.used === b.used &&
    a.size === b.size &&
    a.cost?.amount === b.cost?.amount &&
    a.cost?.currency === b.cost?.currency &&
    a.title === b.title
  );
}

/**
 * Reduces the events that change the header's settings part: `session-settings` (modes, usage) and
 * `session_info_update` (title). Returns the same state when nothing shown changed, so the memoized header
 * does not re-render on every `usage_update` that repeats the last numbers. Returns undefined for any other
 * event (the main reducer handles it).
 */
export function reduceSettingsEvent(state: PaneState, event: ClientEvent): PaneState | undefined {
  let next: SettingsView;
  if (event.type === "session-settings") {
    if (state.header.sessionId !== undefined && event.sessionId !== state.header.sessionId) return state;
    next = settingsViewOf(event.settings, state.settings?.title);
  } else if (event.type === "update" && event.update.sessionUpdate === "session_info_update") {
    const update = event.update;
    // Partial: an absent title keeps the old one, `null` clears it.
    if (update.title === undefined) return state;
    const { title: _old, ...rest } = state.settings ?? {};
    const title = update.title === null ? "" : sanitizeLine(update.title).trim();
    next = title ? { ...rest, title } : rest;
  } else {
    return undefined;
  }
  if (sameView(state.settings, next)) return state;
  const changed = { ...state, settings: next };
  // A new mode changes what runs without asking: the transcript says from where on (the header only says now).
  const from = state.settings?.modeName;
  return from !== undefined && next.modeName !== undefined && next.modeName !== from
    ? appendItems(changed, { kind: "notice", level: "info", message: `mode: ${next.modeName}` })
    : changed;
}

/** `12345` → `12k`, `1_500_000` → `1.5M`: token counts as short as a narrow header needs. */
export function formatTokens(count: number): string {
  if (count < 1000) return String(count);
  if (count < 1_000_000)
    return `${count < 10_000 ? (Math.round(count / 100) / 10).toString() : Math.round(count / 1000)}k`;
  return `${Math.round(count / 100_000) / 10}M`;
}

/** A cost as the header shows it: `$0.42` for USD, else `0.42 EUR`. */
export function formatCost(cost: { readonly amount: number; readonly currency: string }): string {
  const amount = cost.amount.toFixed(2);
  return cost.currency.toUpperCase() === "USD" ? `$${amount}` : `${amount} ${cost.currency}`;
}

/** The header's settings segment: `mode · 12k/200k · $0.42`, parts left out when the agent did not send them. */
export function settingsSummary(view: SettingsView | undefined): string {
  if (!view) return "";
  const parts: string[] = [];
  if (view.modeName) parts.push(view.modeName);
  if (view.modelName) parts.push(view.modelName);
  if (view.used !== undefined && view.size !== undefined)
    parts.push(`${formatTokens(view.used)}/${formatTokens(view.size)}`);
  if (view.cost) parts.push(formatCost(view.cost));
  return parts.join(" · ");
}
