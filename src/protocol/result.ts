import type * as z from "zod";

/**
 * The outcome of validating a value from the wire. Errors are values at this boundary (style.md): the RPC peer
 * turns a failed request-params parse into a -32602 reply, and the client turns a failed result parse into a
 * user-facing message, so nothing here throws.
 */
export type ParseResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

/** Wraps a value as a successful {@link ParseResult}. */
export function parseOk<T>(value: T): ParseResult<T> {
  return { ok: true, value };
}

/** Wraps a one-line message as a failed {@link ParseResult}. */
export function parseFail<T = never>(error: string): ParseResult<T> {
  return { ok: false, error };
}

/**
 * Formats zod issues as one short line (`path: message; path: message`), at most `limit` of them. One line
 * because it goes into a JSON-RPC error message and a log line, where a multi-line dump is unreadable.
 */
export function formatIssues(error: z.ZodError, limit = 3): string {
  const parts = error.issues.slice(0, limit).map((issue) => {
    const path = issue.path.map(String).join(".");
    return path === "" ? issue.message : `${path}: ${issue.message}`;
  });
  const more = error.issues.length - limit;
  return more > 0 ? `${parts.join("; ")}; and ${more} more` : parts.join("; ");
}

/**
 * Validates `raw` against `schema` without throwing. `label` names what was being parsed
 * (e.g. `"session/prompt result"`) and prefixes the error message.
 */
export function parseWith<S extends z.ZodType>(schema: S, raw: unknown, label: string): ParseResult<z.output<S>> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  return { ok: false, error: `invalid ${label}: ${formatIssues(parsed.error)}` };
}
