import * as z from "zod";

/** True for a plain JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * An optional field whose bad value is dropped instead of failing the object around it: a wrong type (or an
 * explicit `null` where the spec has none) becomes `undefined`. Used for optional fields whose loss is harmless,
 * so one odd field cannot sink a whole update (design.md §4; the SDK drops such updates entirely).
 */
export function lenient<S extends z.ZodType>(schema: S) {
  return schema.optional().catch(undefined);
}

/** An optional string field that is dropped when it is not a string. */
export const lenientString = () => lenient(z.string());

/** An optional number field that is dropped when it is not a number. */
export const lenientNumber = () => lenient(z.number());

/** An optional boolean field that is dropped when it is not a boolean. */
export const lenientBoolean = () => lenient(z.boolean());

/**
 * A type guard for a set of known string values. Wire values such as tool `kind` or `stopReason` stay plain
 * strings in the schemas, so a value added by a newer agent still parses; this tells the UI whether it can
 * style a value or must show it raw.
 */
export function knownValueGuard<const T extends readonly string[]>(values: T): (value: unknown) => value is T[number] {
  const known = new Set<string>(values);
  return (value: unknown): value is T[number] => typeof value === "string" && known.has(value);
}

/**
 * Treats a missing or `null` result as `{}`. Several ACP methods answer `{}` and some agents answer `null`
 * (the spec's own `session/load` example does), and both mean "done, nothing to report".
 */
export function nullAsEmpty<S extends z.ZodType>(schema: S) {
  return z.preprocess((value: unknown) => (value === null || value === undefined ? {} : value), schema);
}
