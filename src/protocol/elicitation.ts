import * as z from "zod";
import { isRecord, lenient, lenientNumber, lenientString } from "./lenient.js";
import { parseFail, parseWith, type ParseResult } from "./result.js";
import { JsonRpcIdSchema } from "./jsonrpc.js";

/** One choice of a single- or multi-select field: the value to send back (`const`) and its label. */
export const ElicitationChoiceSchema = z.looseObject({
  const: z.string(),
  title: lenientString(),
});
export type ElicitationChoice = z.infer<typeof ElicitationChoiceSchema>;

/**
 * One field of the requested form (a restricted JSON Schema). ZeroClaw sends a string with `oneOf` choices
 * (`ask_user`) or an array whose `items.anyOf` lists the choices (`poll`), with `minItems`/`maxItems`.
 * Every keyword is lenient; unknown keywords are kept.
 */
export const ElicitationPropertySchema = z.looseObject({
  type: lenientString(),
  title: lenient(z.string().nullable()),
  description: lenient(z.string().nullable()),
  oneOf: lenient(z.array(ElicitationChoiceSchema)),
  enum: lenient(z.array(z.string())),
  items: lenient(
    z.looseObject({
      type: lenientString(),
      enum: lenient(z.array(z.string())),
      anyOf: lenient(z.array(ElicitationChoiceSchema)),
    }),
  ),
  minItems: lenientNumber(),
  maxItems: lenientNumber(),
  minLength: lenientNumber(),
  maxLength: lenientNumber(),
  minimum: lenientNumber(),
  maximum: lenientNumber(),
  format: lenientString(),
  default: z.unknown().optional(),
});
export type ElicitationProperty = z.infer<typeof ElicitationPropertySchema>;

/** The requested form: an object schema with `properties` and `required`. */
export const ElicitationFormSchema = z.looseObject({
  type: lenientString(),
  title: lenient(z.string().nullable()),
  description: lenient(z.string().nullable()),
  properties: z.record(z.string(), ElicitationPropertySchema).optional(),
  required: lenient(z.array(z.string()).nullable()),
});
export type ElicitationForm = z.infer<typeof ElicitationFormSchema>;

/** Where the request belongs: a session (and maybe a tool call) or another request. */
const scope = {
  sessionId: lenientString(),
  toolCallId: lenient(z.string().nullable()),
  requestId: lenient(JsonRpcIdSchema.nullable()),
};

/** `elicitation/create` in form mode: ask the user to fill `requestedSchema`. */
export const ElicitationFormRequestSchema = z.looseObject({
  mode: z.literal("form"),
  message: z.string(),
  ...scope,
  requestedSchema: ElicitationFormSchema,
});

/** `elicitation/create` in URL mode: send the user to `url` (ZeroClaw never uses it). */
export const ElicitationUrlRequestSchema = z.looseObject({
  mode: z.literal("url"),
  message: z.string(),
  ...scope,
  elicitationId: z.string(),
  url: z.string(),
});

export type ElicitationFormRequest = z.infer<typeof ElicitationFormRequestSchema>;
export type ElicitationUrlRequest = z.infer<typeof ElicitationUrlRequestSchema>;

/** An elicitation in a `mode` this client does not know; answer it with {@link declineElicitation}. */
export interface UnsupportedElicitationRequest {
  readonly mode: "unsupported";
  readonly kind: string;
  readonly original: Record<string, unknown>;
}

/** `elicitation/create` params as parsed: form, URL, or a mode this client does not know. */
export type ElicitationRequest = ElicitationFormRequest | ElicitationUrlRequest | UnsupportedElicitationRequest;

/**
 * Validates `elicitation/create` params. A known mode with bad fields fails (the peer answers -32602); an
 * unknown mode parses as unsupported so the client can decline it politely.
 */
export function parseElicitationRequest(raw: unknown): ParseResult<ElicitationRequest> {
  if (!isRecord(raw)) return parseFail("invalid elicitation/create params: expected an object");
  if (raw.mode === "form") return parseWith(ElicitationFormRequestSchema, raw, "elicitation/create params");
  if (raw.mode === "url") return parseWith(ElicitationUrlRequestSchema, raw, "elicitation/create params");
  const kind = typeof raw.mode === "string" ? raw.mode : "";
  return { ok: true, value: { mode: "unsupported", kind, original: raw } };
}

/** A value the user entered: text, number, boolean, or the selected `const`s of a multi-select. */
export const ElicitationValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]);
export type ElicitationValue = z.infer<typeof ElicitationValueSchema>;

/** The client's answer: `accept` with the form content, `decline`, or `cancel` (both mean "no answer"). */
export const ElicitationResultSchema = z.discriminatedUnion("action", [
  z.looseObject({ action: z.literal("accept"), content: z.record(z.string(), ElicitationValueSchema).nullish() }),
  z.looseObject({ action: z.literal("decline") }),
  z.looseObject({ action: z.literal("cancel") }),
]);
export type ElicitationResult = z.infer<typeof ElicitationResultSchema>;

/** Validates an elicitation answer (used by the demo agent and fake agents in tests). */
export function parseElicitationResult(raw: unknown): ParseResult<ElicitationResult> {
  return parseWith(ElicitationResultSchema, raw, "elicitation/create result");
}

/** The answer for a submitted form. */
export function acceptElicitation(content: Record<string, ElicitationValue>): ElicitationResult {
  return { action: "accept", content };
}

/** The answer when the user refused the form. */
export function declineElicitation(): ElicitationResult {
  return { action: "decline" };
}

/** The answer when the form was dismissed or the turn cancelled. */
export function cancelElicitation(): ElicitationResult {
  return { action: "cancel" };
}

/** `elicitation/complete` notification params (URL mode). */
export const ElicitationCompleteParamsSchema = z.looseObject({ elicitationId: z.string() });
export type ElicitationCompleteParams = z.infer<typeof ElicitationCompleteParamsSchema>;

/** An answer in words for the transcript: the chosen choices' titles, the values typed, or what was refused. */
export function describeElicitationAnswer(request: ElicitationRequest, result: ElicitationResult): string {
  if (result.action !== "accept") return result.action === "decline" ? "declined" : "cancelled";
  if (request.mode !== "form") return "opened";
  const properties = request.requestedSchema.properties ?? {};
  const title = (key: string, value: string) => {
    const property = properties[key];
    const choices = [...(property?.oneOf ?? []), ...(property?.items?.anyOf ?? [])];
    return choices.find((choice) => choice.const === value)?.title ?? value;
  };
  return Object.entries(result.content ?? {})
    .map(([key, value]) =>
      Array.isArray(value) ? value.map((v) => title(key, v)).join(", ") : title(key, String(value)),
    )
    .join(" · ");
}
