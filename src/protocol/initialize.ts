import * as z from "zod";
import { isRecord, lenient, lenientBoolean, lenientString } from "./lenient.js";
import { parseFail, parseWith, type ParseResult } from "./result.js";
import { ZEROCLAW_AGENT_NAME, ZeroClawMetaSchema } from "./zeroclaw.js";

/** `{name, title?, version}` of a client or agent. */
export const ImplementationSchema = z.looseObject({
  name: z.string(),
  title: lenient(z.string().nullable()),
  version: z.string(),
});
export type Implementation = z.infer<typeof ImplementationSchema>;

/** A capability that is on when present as an object (`{}`), off when absent or null. */
const capabilityFlag = () => lenient(z.looseObject({}).nullable());

/**
 * What the client implements. Advertise only what is really handled: ZeroClaw switches `ask_user` to
 * `elicitation/create` as soon as an `elicitation` key is present, even `{}` (protocol.md §3).
 */
export const ClientCapabilitiesSchema = z.looseObject({
  fs: z.looseObject({ readTextFile: z.boolean().optional(), writeTextFile: z.boolean().optional() }).optional(),
  terminal: z.boolean().optional(),
  session: z
    .looseObject({
      compaction: z.looseObject({}).nullish(),
      configOptions: z.looseObject({ boolean: z.looseObject({}).nullish() }).nullish(),
      notices: z.looseObject({}).nullish(),
    })
    .nullish(),
  auth: z.looseObject({ terminal: z.boolean().optional() }).optional(),
  elicitation: z.looseObject({ form: z.looseObject({}).nullish(), url: z.looseObject({}).nullish() }).nullish(),
  _meta: z.record(z.string(), z.unknown()).nullish(),
});
export type ClientCapabilities = z.infer<typeof ClientCapabilitiesSchema>;

/** `initialize` params the client sends. `protocolVersion` is the integer 1. */
export const InitializeParamsSchema = z.looseObject({
  protocolVersion: z.number().int(),
  clientCapabilities: ClientCapabilitiesSchema.optional(),
  clientInfo: ImplementationSchema.nullish(),
});
export type InitializeParams = z.infer<typeof InitializeParamsSchema>;

/**
 * The session methods beyond `session/new`. Each is available when its key holds an object. ZeroClaw sends
 * `{resume:{}, close:{}}` with persistence and `{}` (present, empty) without it.
 */
export const SessionCapabilitiesSchema = z.looseObject({
  list: capabilityFlag(),
  delete: capabilityFlag(),
  additionalDirectories: capabilityFlag(),
  resume: capabilityFlag(),
  close: capabilityFlag(),
});
export type SessionCapabilities = z.infer<typeof SessionCapabilitiesSchema>;

/** What the agent supports. Every part is lenient: a malformed part reads as "not supported". */
export const AgentCapabilitiesSchema = z.looseObject({
  loadSession: lenientBoolean(),
  promptCapabilities: lenient(
    z.looseObject({ image: lenientBoolean(), audio: lenientBoolean(), embeddedContext: lenientBoolean() }),
  ),
  mcpCapabilities: lenient(z.looseObject({ http: lenientBoolean(), sse: lenientBoolean() })),
  sessionCapabilities: lenient(SessionCapabilitiesSchema),
  auth: lenient(z.looseObject({ logout: capabilityFlag() })),
});
export type AgentCapabilities = z.infer<typeof AgentCapabilitiesSchema>;

/** An authentication method; `type: "terminal"` means "re-run the agent interactively", not `authenticate`. */
export const AuthMethodSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: lenient(z.string().nullable()),
  type: lenientString(),
});
export type AuthMethod = z.infer<typeof AuthMethodSchema>;

/** `initialize` result. `_meta.zeroclaw` is ZeroClaw's extension and identifies it as the peer. */
export const InitializeResultSchema = z.looseObject({
  protocolVersion: z.number(),
  agentCapabilities: lenient(AgentCapabilitiesSchema),
  authMethods: lenient(z.array(AuthMethodSchema)),
  agentInfo: lenient(ImplementationSchema.nullable()),
  _meta: lenient(z.looseObject({ zeroclaw: lenient(ZeroClawMetaSchema) }).nullable()),
});
export type InitializeResult = z.infer<typeof InitializeResultSchema>;

/**
 * What a ZeroClaw server older than v0.7.5 answers to `initialize` (protocol.md §12): `protocolVersion:"1.0"`
 * (a string), `serverInfo`, `capabilities`, `methods`; snake_case before v0.6.5. Such servers speak a different
 * wire protocol (`session/event`) and are not supported.
 */
export interface LegacyInitialize {
  readonly protocolVersion: string | undefined;
  readonly serverName: string | undefined;
  readonly serverVersion: string | undefined;
}

/** Recognizes a pre-v1 ZeroClaw `initialize` result; `undefined` for anything else (including ACP v1). */
export function detectLegacyInitialize(raw: unknown): LegacyInitialize | undefined {
  if (!isRecord(raw)) return undefined;
  const version = raw.protocolVersion ?? raw.protocol_version;
  const serverInfo = raw.serverInfo ?? raw.server_info;
  const legacyShape = isRecord(raw.capabilities) && Array.isArray(raw.methods);
  if (typeof version !== "string" && !isRecord(serverInfo) && !legacyShape) return undefined;
  const info = isRecord(serverInfo) ? serverInfo : {};
  return {
    protocolVersion: typeof version === "string" ? version : undefined,
    serverName: typeof info.name === "string" ? info.name : undefined,
    serverVersion: typeof info.version === "string" ? info.version : undefined,
  };
}

/**
 * Validates an `initialize` result. A pre-v1 ZeroClaw answer fails with a message that says so (upgrade to
 * v0.7.5 or later) instead of a schema error.
 */
export function parseInitializeResult(raw: unknown): ParseResult<InitializeResult> {
  const legacy = detectLegacyInitialize(raw);
  if (legacy !== undefined) {
    const who = legacy.serverName === undefined ? "the agent" : `${legacy.serverName} ${legacy.serverVersion ?? ""}`;
    const version = JSON.stringify(legacy.protocolVersion ?? null);
    return parseFail(
      `${who.trim()} speaks a pre-ACP-v1 protocol (protocolVersion ${version}); ZeroClaw v0.7.5 or later is required`,
    );
  }
  return parseWith(InitializeResultSchema, raw, "initialize result");
}

/** True when the peer is ZeroClaw: its agent name or its `_meta.zeroclaw` block. */
export function isZeroClawAgent(result: InitializeResult): boolean {
  return result.agentInfo?.name === ZEROCLAW_AGENT_NAME || result._meta?.zeroclaw !== undefined;
}
