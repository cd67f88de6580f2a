import type { SessionSettings } from "../client/session-settings.js";
import { selectValues } from "../client/session-settings.js";
import { sanitizeLine } from "../markdown/sanitize.js";
import type { ConfigSelectOption } from "../protocol/index.js";
import { errorMessage } from "../common/error-message.js";

/** The part of the client the settings actions use (the real `AcpClient`, or a fake in tests). */
export interface SettingsClient {
  sessionSettings(sessionId: string): SessionSettings | undefined;
  setMode(sessionId: string, modeId: string): Promise<void>;
  setConfigOption(sessionId: string, configId: string, value: string | boolean): Promise<unknown>;
  setModel(sessionId: string, modelId: string): Promise<void>;
}

/** The mode after the current one, wrapping around; undefined when the agent offers fewer than two. */
export function nextModeId(settings: SessionSettings | undefined): string | undefined {
  const modes = settings?.modes;
  if (!modes || modes.availableModes.length < 2) return undefined;
  const index = modes.availableModes.findIndex((mode) => mode.id === modes.currentModeId);
  return modes.availableModes[(index + 1) % modes.availableModes.length]?.id;
}

/** One model the `/model` picker lists (sanitized). */
export interface ModelChoiceItem {
  readonly value: string;
  readonly name: string;
  readonly description?: string;
}

/**
 * How the model is chosen in this session: the select config option with `category: "model"` (the
 * standard way), else the legacy `models` list (only from agents that sent it), else not at all.
 */
export type ModelChoice =
  | {
      readonly via: "config";
      readonly configId: string;
      readonly current: string;
      readonly items: readonly ModelChoiceItem[];
    }
  | { readonly via: "legacy"; readonly current: string; readonly items: readonly ModelChoiceItem[] };

/** The values of a select option as a picker lists them: groups flattened, names and descriptions sanitized. */
export function configItems(option: ConfigSelectOption): ModelChoiceItem[] {
  const values = new Set(selectValues(option));
  const items: ModelChoiceItem[] = [];
  // Groups are flattened: a side pane has no room for headings, and the names usually say the vendor.
  const visit = (entries: readonly unknown[]) => {
    for (const entry of entries as ReadonlyArray<{
      value?: unknown;
      name?: unknown;
      description?: unknown;
      options?: unknown;
    }>) {
      if (Array.isArray(entry.options)) visit(entry.options);
      else if (typeof entry.value === "string" && values.has(entry.value)) {
        items.push({
          value: entry.value,
          name: sanitizeLine(typeof entry.name === "string" ? entry.name : entry.value).trim(),
          ...(typeof entry.description === "string" && entry.description
            ? { description: sanitizeLine(entry.description) }
            : {}),
        });
      }
    }
  };
  visit(option.options as readonly unknown[]);
  return items;
}

/** The session's model choice, or undefined when the agent offers none. */
export function modelChoiceOf(settings: SessionSettings | undefined): ModelChoice | undefined {
  const option = settings?.configOptions?.find(
    (candidate) => candidate.type === "select" && candidate.category === "model",
  );
  if (option && option.type === "select") {
    const items = configItems(option);
    if (items.length > 0) return { via: "config", configId: option.id, current: String(option.currentValue), items };
  }
  const models = settings?.models;
  if (models && models.availableModels.length > 0) {
    return {
      via: "legacy",
      current: models.currentModelId,
      items: models.availableModels.map((model) => ({
        value: model.modelId,
        name: sanitizeLine(model.name || model.modelId),
        ...(model.description ? { description: sanitizeLine(model.description) } : {}),
      })),
    };
  }
  return undefined;
}

/**
 * Without modes, a select config option with `category: "mode"` plays their part: its next value (grouped
 * options flattened), for `session/set_config_option`.
 */
export function nextModeOption(
  settings: SessionSettings | undefined,
): { readonly configId: string; readonly value: string; readonly name: string } | undefined {
  const option = settings?.configOptions?.find(
    (candidate) => candidate.type === "select" && candidate.category === "mode",
  );
  if (!option || option.type !== "select") return undefined;
  const items = configItems(option);
  if (items.length < 2) return undefined;
  const index = items.findIndex((item) => item.value === String(option.currentValue));
  const next = items[(index + 1) % items.length]!;
  return { configId: option.id, value: next.value, name: next.name || next.value };
}

/** Notices the settings actions report (the pane shows them in the transcript). */
export type SettingsNotify = (level: "info" | "warning" | "error", message: string) => void;

function reason(error: unknown): string {
  return sanitizeLine(errorMessage(error));
}

/**
 * Where Shift+Tab goes next: the agent's next mode (`session/set_mode`), else the next value of its "mode"
 * config option. `skipsApprovals` says the mode's id or name promises to run tools without asking.
 */
export type ModeStep = (
  | { readonly via: "mode"; readonly modeId: string }
  | { readonly via: "config"; readonly configId: string; readonly value: string }
) & { readonly name: string; readonly skipsApprovals: boolean };

// Names agents give the mode that approves everything (Claude's bypassPermissions, Gemini's yolo, Codex's
// full-access, "dangerously skip permissions"); a mode that only accepts edits still asks before commands.
const SKIPS_APPROVALS = /bypass|yolo|full[\s_-]?access|danger|skip[\s_-]?(permission|approval)|no[\s_-]?approval/i;

/** True when a mode's id or name says it skips the user's approvals. */
export function skipsApprovals(id: string, name: string): boolean {
  return SKIPS_APPROVALS.test(id) || SKIPS_APPROVALS.test(name);
}

/** Shift+Tab's next step; undefined when the agent offers fewer than two modes (the key is then not for it). */
export function nextModeStep(settings: SessionSettings | undefined): ModeStep | undefined {
  const modeId = nextModeId(settings);
  if (modeId !== undefined) {
    const name = sanitizeLine(settings?.modes?.availableModes.find((mode) => mode.id === modeId)?.name || modeId);
    return { via: "mode", modeId, name, skipsApprovals: skipsApprovals(modeId, name) };
  }
  const option = settings?.modes ? undefined : nextModeOption(settings);
  if (!option) return undefined;
  return { via: "config", ...option, skipsApprovals: skipsApprovals(option.value, option.name) };
}

/** Takes Shift+Tab's step; a refusal is a notice, and the header keeps the mode the agent confirmed. */
export async function switchMode(
  client: SettingsClient,
  sessionId: string,
  step: ModeStep,
  notify: SettingsNotify,
): Promise<void> {
  try {
    if (step.via === "mode") await client.setMode(sessionId, step.modeId);
    else await client.setConfigOption(sessionId, step.configId, step.value);
  } catch (error) {
    notify("warning", `the agent did not switch to mode ${step.name}: ${reason(error)}`);
  }
}

/** Chooses a model the way the session offers it; a refusal is a notice, a success says the new model. */
export async function chooseModel(
  client: SettingsClient,
  sessionId: string,
  value: string,
  notify: SettingsNotify,
): Promise<void> {
  const choice = modelChoiceOf(client.sessionSettings(sessionId));
  if (!choice) {
    notify("info", "this agent offers no model choice");
    return;
  }
  const name = choice.items.find((item) => item.value === value)?.name ?? sanitizeLine(value);
  try {
    if (choice.via === "config") await client.setConfigOption(sessionId, choice.configId, value);
    else await client.setModel(sessionId, value);
    notify("info", `model: ${name}`);
  } catch (error) {
    notify("warning", `the agent did not switch to model ${name}: ${reason(error)}`);
  }
}
