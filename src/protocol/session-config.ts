import * as z from "zod";
import { lenient, lenientString } from "./lenient.js";
import { variantParser, variantSchema } from "./variants.js";

/** One mode the agent offers (e.g. "ask", "code"); switched with `session/set_mode`. */
export const SessionModeSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: lenient(z.string().nullable()),
});
export type SessionMode = z.infer<typeof SessionModeSchema>;

/** The agent's modes and the current one, from `session/new`, `load` or `resume`. */
export const SessionModeStateSchema = z.looseObject({
  currentModeId: z.string(),
  availableModes: z.array(SessionModeSchema),
});
export type SessionModeState = z.infer<typeof SessionModeStateSchema>;

/** One model in the legacy `models` block (removed from the spec; codex-acp still sends it). */
export const SessionModelSchema = z.looseObject({
  modelId: z.string(),
  name: z.string(),
  description: lenient(z.string().nullable()),
});

/** The legacy model list; its presence is what allows `session/set_model`. */
export const SessionModelStateSchema = z.looseObject({
  currentModelId: z.string(),
  availableModels: z.array(SessionModelSchema),
});
export type SessionModelState = z.infer<typeof SessionModelStateSchema>;

/** One value of a select option. */
export const ConfigSelectValueSchema = z.looseObject({
  value: z.string(),
  name: z.string(),
  description: lenient(z.string().nullable()),
});

/** A named group of select values. */
export const ConfigSelectGroupSchema = z.looseObject({
  group: z.string(),
  name: z.string(),
  options: z.array(ConfigSelectValueSchema),
});

const configOptionCommon = {
  id: z.string(),
  name: z.string(),
  description: lenient(z.string().nullable()),
  /** `mode`, `model`, `model_config`, `thought_level`, or anything newer: kept as a plain string. */
  category: lenientString(),
};

/** A select option: the model, the mode, a reasoning level... `options` is flat or grouped. */
export const ConfigSelectOptionSchema = z.looseObject({
  type: z.literal("select"),
  ...configOptionCommon,
  currentValue: z.string(),
  options: z.union([z.array(ConfigSelectValueSchema), z.array(ConfigSelectGroupSchema)]),
});

/** An on/off option (only sent to clients that advertise `session.configOptions.boolean`). */
export const ConfigBooleanOptionSchema = z.looseObject({
  type: z.literal("boolean"),
  ...configOptionCommon,
  currentValue: z.boolean(),
});

export type ConfigSelectOption = z.infer<typeof ConfigSelectOptionSchema>;
export type ConfigBooleanOption = z.infer<typeof ConfigBooleanOptionSchema>;

/** A config option of a `type` we do not know, or a malformed one; the UI leaves it out. */
export interface UnsupportedConfigOption {
  readonly type: "unsupported";
  readonly kind: string;
  readonly reason: string;
  readonly original: unknown;
}

/** A config option as received. */
export type SessionConfigOption = ConfigSelectOption | ConfigBooleanOption | UnsupportedConfigOption;

/** Parses one config option; never throws. */
export const parseSessionConfigOption: (raw: unknown) => SessionConfigOption = variantParser(
  "type",
  { select: ConfigSelectOptionSchema, boolean: ConfigBooleanOptionSchema },
  (kind, reason, original): UnsupportedConfigOption => ({ type: "unsupported", kind, reason, original }),
);

/** A config option inside another message: unknown `type`s become unsupported options. */
export const SessionConfigOptionSchema = variantSchema(parseSessionConfigOption, "a config option object");

/** The full set of config options (each update replaces the previous set). */
export const SessionConfigOptionsSchema = z.array(SessionConfigOptionSchema);
