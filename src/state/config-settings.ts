import type { SessionSettings } from "../client/session-settings.js";
import { sanitizeLine } from "../markdown/sanitize.js";
import { configItems, type SettingsClient, type SettingsNotify } from "./settings-actions.js";
import { errorMessage } from "../common/error-message.js";

/**
 * One of the agent's config options as `/settings` lists it (sanitized): an on/off option with its value,
 * or a choice with the name of its current value and the value Enter moves to.
 */
export type SettingItem =
  | {
      readonly kind: "boolean";
      readonly configId: string;
      readonly name: string;
      readonly description?: string;
      readonly on: boolean;
    }
  | {
      readonly kind: "select";
      readonly configId: string;
      readonly name: string;
      readonly description?: string;
      readonly current: string;
      readonly next: { readonly value: string; readonly name: string };
    };

/**
 * Every config option of the session that zc-pane can change, in the agent's order: booleans (the client
 * offers `session.configOptions.boolean`) and selects with at least two values. Unsupported kinds are left out.
 */
export function settingItemsOf(settings: SessionSettings | undefined): SettingItem[] {
  const items: SettingItem[] = [];
  for (const option of settings?.configOptions ?? []) {
    if (option.type === "unsupported") continue;
    const common = {
      configId: option.id,
      name: sanitizeLine(option.name || option.id).trim(),
      ...(option.description ? { description: sanitizeLine(option.description) } : {}),
    };
    if (option.type === "boolean") {
      items.push({ kind: "boolean", ...common, on: option.currentValue });
      continue;
    }
    const values = configItems(option);
    if (values.length < 2) continue;
    const index = values.findIndex((value) => value.value === option.currentValue);
    const next = values[(index + 1) % values.length]!;
    items.push({
      kind: "select",
      ...common,
      current: values[index]?.name ?? sanitizeLine(option.currentValue),
      next: { value: next.value, name: next.name },
    });
  }
  return items;
}

/**
 * Enter on a `/settings` row: a boolean is toggled (`session/set_config_option` with `type: "boolean"`), a
 * choice moves to its next value. The agent's answer is the new set of options; a refusal is a notice.
 */
export async function changeSetting(
  client: SettingsClient,
  sessionId: string,
  item: SettingItem,
  notify: SettingsNotify,
): Promise<void> {
  const value = item.kind === "boolean" ? !item.on : item.next.value;
  const shown = item.kind === "boolean" ? (value ? "on" : "off") : item.next.name;
  try {
    await client.setConfigOption(sessionId, item.configId, value);
    notify("info", `${item.name}: ${shown}`);
  } catch (error) {
    const reason = sanitizeLine(errorMessage(error));
    notify("warning", `the agent did not set ${item.name} to ${shown}: ${reason}`);
  }
}
