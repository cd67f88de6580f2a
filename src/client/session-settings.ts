import type {
  ConfigSelectOption,
  RestoreSessionResult,
  SessionConfigOption,
  SessionModelState,
  SessionModeState,
  SessionUpdate,
} from "../protocol/index.js";

/** Context-window use from the agent's last `usage_update`: `used` tokens of `size`, never summed. */
export interface SessionUsage {
  readonly used: number;
  readonly size: number;
  readonly cost?: { readonly amount: number; readonly currency: string };
}

/**
 * What the agent told us about a session's settings, kept current by the client: modes (`session/new`,
 * `current_mode_update`, `set_mode`), config options (`session/new`, `config_option_update`, the result of
 * `set_config_option`), the legacy model list (`models`, only from agents that predate config options) and
 * the last `usage_update`. Per session, so per agent: a model id never leaks to another agent.
 */
export interface SessionSettings {
  readonly modes?: SessionModeState;
  /** The full set, in the agent's order; options of an unknown `type` arrive as `unsupported` entries. */
  readonly configOptions?: readonly SessionConfigOption[];
  /** Present only when the agent sent `models`: the one case where `session/set_model` may be sent. */
  readonly models?: SessionModelState;
  readonly usage?: SessionUsage;
}

/** The settings a `session/new`, `load` or `resume` result carries (absent blocks stay absent). */
export function settingsFromResult(result: RestoreSessionResult | undefined): SessionSettings {
  if (!result) return {};
  return {
    ...(result.modes ? { modes: result.modes } : {}),
    ...(result.configOptions ? { configOptions: result.configOptions } : {}),
    ...(result.models ? { models: result.models } : {}),
  };
}

/** Applies one `session/update`; returns the new settings, or undefined when the update does not touch them. */
export function applySettingsUpdate(settings: SessionSettings, update: SessionUpdate): SessionSettings | undefined {
  switch (update.sessionUpdate) {
    case "current_mode_update":
      // An agent may announce a mode without having listed its modes; keep the id so it can be shown.
      return {
        ...settings,
        modes: { ...(settings.modes ?? { availableModes: [] }), currentModeId: update.currentModeId },
      };
    case "config_option_update":
      return { ...settings, configOptions: update.configOptions };
    case "usage_update":
      return {
        ...settings,
        usage: {
          used: update.used,
          size: update.size,
          ...(update.cost ? { cost: { amount: update.cost.amount, currency: update.cost.currency } } : {}),
        },
      };
    default:
      return undefined;
  }
}

/** Why `session/set_mode` cannot be sent for `modeId`, or undefined when it can. */
export function setModeProblem(
  agentName: string,
  settings: SessionSettings | undefined,
  modeId: string,
): string | undefined {
  const modes = settings?.modes;
  if (!modes || modes.availableModes.length === 0) return `${agentName} offers no modes in this session`;
  if (!modes.availableModes.some((mode) => mode.id === modeId)) {
    return `${agentName} has no mode "${modeId}" (its modes: ${modes.availableModes.map((mode) => mode.id).join(", ")})`;
  }
  return undefined;
}

/** The value ids a select option accepts, its groups flattened. */
export function selectValues(option: ConfigSelectOption): string[] {
  const values: string[] = [];
  // The schema guarantees one shape per list (flat values, or groups of values); loose objects index as unknown.
  for (const entry of option.options as ReadonlyArray<{ readonly value?: unknown; readonly options?: unknown }>) {
    if (Array.isArray(entry.options))
      values.push(...(entry.options as ReadonlyArray<{ readonly value: string }>).map((value) => value.value));
    else if (typeof entry.value === "string") values.push(entry.value);
  }
  return values;
}

/**
 * Checks a `session/set_config_option` against the options the agent listed and builds its params: a select
 * takes one of its value ids, a boolean takes true/false and is sent with `type: "boolean"`.
 */
export function configOptionParams(
  agentName: string,
  settings: SessionSettings | undefined,
  sessionId: string,
  configId: string,
  value: string | boolean,
): { readonly params: Record<string, unknown> } | { readonly problem: string } {
  const options = settings?.configOptions;
  if (!options || options.length === 0) return { problem: `${agentName} offers no config options in this session` };
  const option = options.find((candidate) => candidate.type !== "unsupported" && candidate.id === configId);
  if (!option || option.type === "unsupported") {
    const known = options.flatMap((candidate) => (candidate.type === "unsupported" ? [] : [candidate.id]));
    return {
      problem: `${agentName} has no config option "${configId}" (its options: ${known.join(", ") || "none zc-pane understands"})`,
    };
  }
  if (option.type === "boolean") {
    if (typeof value !== "boolean") return { problem: `config option "${configId}" is on/off: give true or false` };
    return { params: { sessionId, configId, type: "boolean", value } };
  }
  if (typeof value !== "string") return { problem: `config option "${configId}" is a choice: give one of its values` };
  const values = selectValues(option);
  if (!values.includes(value))
    return { problem: `config option "${configId}" has no value "${value}" (its values: ${values.join(", ")})` };
  return { params: { sessionId, configId, value } };
}

/** Why the legacy `session/set_model` cannot be sent for `modelId`, or undefined when it can. */
export function setModelProblem(
  agentName: string,
  settings: SessionSettings | undefined,
  modelId: string,
): string | undefined {
  const models = settings?.models;
  // The method was removed from the spec: only an agent that still sends `models` may understand it.
  if (!models)
    return `${agentName} has no legacy model list in this session; choose the model with its "model" config option`;
  if (!models.availableModels.some((model) => model.modelId === modelId)) {
    return `${agentName} has no model "${modelId}" (its models: ${models.availableModels.map((model) => model.modelId).join(", ")})`;
  }
  return undefined;
}
