import * as z from "zod";
import { isRecord } from "./lenient.js";
import { formatIssues } from "./result.js";
import { errorMessage } from "../common/error-message.js";

/**
 * Builds a parser for a tagged union whose tag may take values we do not know yet. It looks the tag up in a
 * map and runs only that variant's schema (a zod union would try members one by one, which costs on the hot
 * path of streamed chunks). Anything that does not fit (a non-object, a missing or unknown tag, a known tag with
 * a missing or malformed required field) goes to `unsupported`, so the parser never throws and a new variant
 * from a newer agent is shown as "unsupported" instead of being lost.
 */
export function variantParser<V extends Record<string, z.ZodType>, U>(
  discriminator: string,
  variants: V,
  unsupported: (kind: string, reason: string, original: unknown) => U,
): (raw: unknown) => z.output<V[keyof V]> | U {
  // A Map, not the object itself: a tag such as "constructor" or "__proto__" must not hit Object.prototype.
  const table = new Map<string, z.ZodType>(Object.entries(variants));
  return (raw) => {
    if (!isRecord(raw)) return unsupported("", `expected an object, got ${describeValue(raw)}`, raw);
    const tag = raw[discriminator];
    if (typeof tag !== "string") return unsupported("", `missing "${discriminator}"`, raw);
    const schema = table.get(tag);
    if (schema === undefined) return unsupported(tag, `unknown ${discriminator} "${tag}"`, raw);
    try {
      const parsed = schema.safeParse(raw);
      if (parsed.success) return parsed.data as z.output<V[keyof V]>;
      return unsupported(tag, `invalid ${tag}: ${formatIssues(parsed.error)}`, raw);
    } catch (error) {
      // Only reachable with exotic inputs (throwing getters, proxies); never with JSON.parse output.
      return unsupported(tag, `invalid ${tag}: ${errorMessage(error)}`, raw);
    }
  };
}

/**
 * Wraps a {@link variantParser} as a zod schema for use inside other schemas. A non-object fails the enclosing
 * parse (so a chunk whose `content` is missing is itself unsupported), while an object with an unknown or
 * malformed tag becomes the parser's unsupported value and the enclosing object still parses.
 */
export function variantSchema<T>(parse: (raw: unknown) => T, what: string) {
  return z.unknown().transform((value, ctx): T => {
    if (!isRecord(value)) {
      ctx.addIssue({ code: "custom", message: `expected ${what}, got ${describeValue(value)}` });
      return z.NEVER;
    }
    return parse(value);
  });
}

function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value;
}
