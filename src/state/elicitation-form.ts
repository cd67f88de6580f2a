import type { ElicitationForm, ElicitationProperty, ElicitationValue } from "../protocol/index.js";
import { sanitizeLine } from "../markdown/sanitize.js";

/** A choice of a select field: the value sent back and its label (sanitized). */
export interface FormChoice {
  readonly value: string;
  readonly title: string;
}

/**
 * One field of an elicitation form, from the JSON-schema subset the spec allows: a string (with `format`,
 * length bounds), a number or integer (with bounds), a boolean, a single select (`enum` or `oneOf`) or a
 * multi-select (an array whose `items` has `enum` or `anyOf`, with `minItems`/`maxItems`).
 */
export type FormField = {
  readonly key: string;
  readonly title: string;
  readonly description?: string;
  readonly required: boolean;
} & (
  | {
      readonly kind: "text";
      readonly format?: string;
      readonly minLength?: number;
      readonly maxLength?: number;
    }
  | { readonly kind: "number"; readonly integer: boolean; readonly minimum?: number; readonly maximum?: number }
  | { readonly kind: "boolean" }
  | { readonly kind: "select"; readonly choices: readonly FormChoice[] }
  | {
      readonly kind: "multi";
      readonly choices: readonly FormChoice[];
      readonly minItems?: number;
      readonly maxItems?: number;
    }
);

/** What the user entered so far: text (also for numbers, parsed on submit), a flag, or chosen values. */
export type FormValue = string | boolean | readonly string[] | undefined;

/** A checked form's answer, field by field, as the agent receives it. */
export type FormContent = Record<string, ElicitationValue>;

const choicesOf = (oneOf: ElicitationProperty["oneOf"], enumValues: readonly string[] | undefined): FormChoice[] =>
  oneOf?.map((choice) => ({ value: choice.const, title: sanitizeLine(choice.title ?? choice.const) })) ??
  enumValues?.map((value) => ({ value, title: sanitizeLine(value) })) ??
  [];

/** The form's fields in schema order; agent text in titles and descriptions is sanitized. */
export function formFields(form: ElicitationForm): FormField[] {
  const required = new Set(form.required ?? []);
  return Object.entries(form.properties ?? {}).map(([key, property]): FormField => {
    const base = {
      key,
      title: sanitizeLine(property.title ?? key),
      ...(property.description ? { description: sanitizeLine(property.description) } : {}),
      required: required.has(key),
    };
    const bound = (name: "minLength" | "maxLength" | "minimum" | "maximum" | "minItems" | "maxItems") =>
      property[name] !== undefined ? { [name]: property[name] } : {};
    if (property.type === "array")
      return {
        ...base,
        kind: "multi",
        choices: choicesOf(property.items?.anyOf, property.items?.enum),
        ...bound("minItems"),
        ...bound("maxItems"),
      };
    if (property.oneOf || property.enum)
      return { ...base, kind: "select", choices: choicesOf(property.oneOf, property.enum) };
    if (property.type === "boolean") return { ...base, kind: "boolean" };
    if (property.type === "number" || property.type === "integer")
      return {
        ...base,
        kind: "number",
        integer: property.type === "integer",
        ...bound("minimum"),
        ...bound("maximum"),
      };
    return {
      ...base,
      kind: "text",
      ...(property.format ? { format: property.format } : {}),
      ...bound("minLength"),
      ...bound("maxLength"),
    };
  });
}

/** The values a form starts with: the schema's defaults where they fit the field. */
export function initialValues(form: ElicitationForm, fields: readonly FormField[]): Record<string, FormValue> {
  const values: Record<string, FormValue> = {};
  for (const field of fields) {
    const fallback = form.properties?.[field.key]?.default;
    if (field.kind === "boolean") values[field.key] = fallback === true;
    else if (field.kind === "multi")
      values[field.key] = Array.isArray(fallback) ? fallback.filter((v) => typeof v === "string") : [];
    else if (typeof fallback === "string" || typeof fallback === "number") values[field.key] = String(fallback);
  }
  return values;
}

const FORMATS: Readonly<Record<string, RegExp>> = {
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  uri: /^[a-z][a-z0-9+.-]*:\S+$/i,
  date: /^\d{4}-\d{2}-\d{2}$/,
  "date-time": /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/,
};

function problemOf(field: FormField, value: FormValue): { problem?: string; content?: ElicitationValue } {
  const empty =
    value === undefined || value === "" || (Array.isArray(value) && value.length === 0 && field.kind !== "multi");
  if (empty) return field.required ? { problem: "required" } : {};
  switch (field.kind) {
    case "text": {
      const text = String(value);
      if (field.minLength !== undefined && text.length < field.minLength)
        return { problem: `at least ${field.minLength} characters` };
      if (field.maxLength !== undefined && text.length > field.maxLength)
        return { problem: `at most ${field.maxLength} characters` };
      const pattern = field.format ? FORMATS[field.format] : undefined;
      if (pattern && !pattern.test(text)) return { problem: `not a valid ${field.format}` };
      return { content: text };
    }
    case "number": {
      const number = Number(String(value).trim());
      if (String(value).trim() === "" || !Number.isFinite(number)) return { problem: "not a number" };
      if (field.integer && !Number.isInteger(number)) return { problem: "a whole number is needed" };
      if (field.minimum !== undefined && number < field.minimum) return { problem: `at least ${field.minimum}` };
      if (field.maximum !== undefined && number > field.maximum) return { problem: `at most ${field.maximum}` };
      return { content: number };
    }
    case "boolean":
      return { content: value === true };
    case "select":
      return field.choices.some((choice) => choice.value === value)
        ? { content: String(value) }
        : { problem: "pick one" };
    case "multi": {
      const chosen = Array.isArray(value) ? [...value] : [];
      if (field.required && chosen.length === 0) return { problem: "required" };
      if (field.minItems !== undefined && chosen.length < field.minItems)
        return { problem: `pick at least ${field.minItems}` };
      if (field.maxItems !== undefined && chosen.length > field.maxItems)
        return { problem: `pick at most ${field.maxItems}` };
      return { content: chosen };
    }
  }
}

/** Checks every field: the content to send back, or what is wrong, field by field. */
export function submitForm(
  fields: readonly FormField[],
  values: Readonly<Record<string, FormValue>>,
): { readonly content: FormContent } | { readonly problems: Record<string, string> } {
  const content: FormContent = {};
  const problems: Record<string, string> = {};
  for (const field of fields) {
    const checked = problemOf(field, values[field.key]);
    if (checked.problem) problems[field.key] = checked.problem;
    else if (checked.content !== undefined) content[field.key] = checked.content;
  }
  return Object.keys(problems).length > 0 ? { problems } : { content };
}
