import * as z from "zod";
import { lenient, lenientBoolean, lenientString, nullAsEmpty } from "./lenient.js";
import { parseWith, type ParseResult } from "./result.js";
import { SessionConfigOptionsSchema, SessionModelStateSchema, SessionModeStateSchema } from "./session-config.js";

/** `{name, value}` pair used for MCP server env and headers. */
export const NameValueSchema = z.looseObject({ name: z.string(), value: z.string() });

/** An MCP server over stdio. */
export const McpServerStdioSchema = z.looseObject({
  name: z.string(),
  command: z.string(),
  args: z.array(z.string()),
  env: z.array(NameValueSchema),
});
/** An MCP server over HTTP or SSE (needs the matching `mcpCapabilities` flag). */
export const McpServerHttpSchema = z.looseObject({
  type: z.enum(["http", "sse"]),
  name: z.string(),
  url: z.string(),
  headers: z.array(NameValueSchema),
});
/** An MCP server the agent should connect to (the client sends `[]`). */
export const McpServerSchema = z.union([McpServerHttpSchema, McpServerStdioSchema]);
export type McpServer = z.infer<typeof McpServerSchema>;
export type RemoteMcpServer = z.infer<typeof McpServerHttpSchema>;
export type StdioMcpServer = z.infer<typeof McpServerStdioSchema>;

/** Whether the server is reached over HTTP or SSE rather than started as a process. */
export function isRemoteMcpServer(server: McpServer): server is RemoteMcpServer {
  return server.type === "http" || server.type === "sse";
}

/**
 * `session/new` params. `cwd` must be absolute for standard agents. `agentAlias` is ZeroClaw's: the configured
 * agent to use (it also reads `agent_alias`/`agent`); ZeroClaw ignores `mcpServers`, send `[]`.
 */
export const NewSessionParamsSchema = z.looseObject({
  cwd: z.string(),
  mcpServers: z.array(McpServerSchema),
  additionalDirectories: z.array(z.string()).optional(),
  agentAlias: z.string().optional(),
});
export type NewSessionParams = z.infer<typeof NewSessionParamsSchema>;

/**
 * What `session/new`, `load` and `resume` may report about the session. Each part is lenient: a malformed
 * block reads as absent (no modes, no options) instead of failing the session.
 */
const sessionState = {
  modes: lenient(SessionModeStateSchema.nullable()),
  /** Legacy model list (removed from the spec); only its presence allows `session/set_model`. */
  models: lenient(SessionModelStateSchema.nullable()),
  configOptions: lenient(SessionConfigOptionsSchema.nullable()),
};

/** `session/new` result. `workspaceDir` is ZeroClaw's: the canonical directory the session really uses. */
export const NewSessionResultSchema = z.looseObject({
  sessionId: z.string(),
  workspaceDir: lenientString(),
  ...sessionState,
});
export type NewSessionResult = z.infer<typeof NewSessionResultSchema>;

/** `session/load` params: the agent replays the whole conversation as updates before it answers. */
export const LoadSessionParamsSchema = z.looseObject({
  sessionId: z.string(),
  cwd: z.string(),
  mcpServers: z.array(McpServerSchema),
  additionalDirectories: z.array(z.string()).optional(),
});
export type LoadSessionParams = z.infer<typeof LoadSessionParamsSchema>;

/** `session/resume` params: like load, without replay. */
export const ResumeSessionParamsSchema = z.looseObject({
  sessionId: z.string(),
  cwd: z.string(),
  mcpServers: z.array(McpServerSchema).optional(),
  additionalDirectories: z.array(z.string()).optional(),
});
export type ResumeSessionParams = z.infer<typeof ResumeSessionParamsSchema>;

/** `session/load` and `session/resume` result; `null` (the spec's example) reads as `{}`. */
export const RestoreSessionResultSchema = nullAsEmpty(z.looseObject(sessionState));
export type RestoreSessionResult = z.infer<typeof RestoreSessionResultSchema>;
export type LoadSessionResult = RestoreSessionResult;
export type ResumeSessionResult = RestoreSessionResult;

/** Params of the methods that take only a session: close, cancel, stop. */
export const SessionIdParamsSchema = z.looseObject({ sessionId: z.string() });
export type SessionIdParams = z.infer<typeof SessionIdParamsSchema>;
export type CloseSessionParams = SessionIdParams;
/** `session/cancel` params (sent as a notification). */
export type CancelParams = SessionIdParams;
export type StopSessionParams = SessionIdParams;

/** An empty success result (`{}` or `null`), for close, set_mode, set_model, cancel as a request. */
export const EmptyResultSchema = nullAsEmpty(z.looseObject({}));
export type EmptyResult = z.infer<typeof EmptyResultSchema>;
export type CloseSessionResult = EmptyResult;
export type SetModeResult = EmptyResult;
export type SetModelResult = EmptyResult;

/** `session/stop` result (ZeroClaw): sent after the running turn has finished; the session is gone. */
export const StopSessionResultSchema = nullAsEmpty(
  z.looseObject({ sessionId: lenientString(), stopped: lenientBoolean() }),
);
export type StopSessionResult = z.infer<typeof StopSessionResultSchema>;

/** `session/set_mode` params. */
export const SetModeParamsSchema = z.looseObject({ sessionId: z.string(), modeId: z.string() });
export type SetModeParams = z.infer<typeof SetModeParamsSchema>;

/** `session/set_config_option` params: a select value, or a boolean with `type: "boolean"`. */
export const SetConfigOptionParamsSchema = z.union([
  z.looseObject({ sessionId: z.string(), configId: z.string(), type: z.literal("boolean"), value: z.boolean() }),
  z.looseObject({ sessionId: z.string(), configId: z.string(), value: z.string() }),
]);
export type SetConfigOptionParams = z.infer<typeof SetConfigOptionParamsSchema>;

/** `session/set_config_option` result: the full new set of options. */
export const SetConfigOptionResultSchema = z.looseObject({ configOptions: SessionConfigOptionsSchema });
export type SetConfigOptionResult = z.infer<typeof SetConfigOptionResultSchema>;

/** Legacy `session/set_model` params (only for agents that sent `models`). */
export const SetModelParamsSchema = z.looseObject({ sessionId: z.string(), modelId: z.string() });
export type SetModelParams = z.infer<typeof SetModelParamsSchema>;

/** Validates a `session/new` result. */
export function parseNewSessionResult(raw: unknown): ParseResult<NewSessionResult> {
  return parseWith(NewSessionResultSchema, raw, "session/new result");
}

/** Validates a `session/load` result (sent after the replayed updates). */
export function parseLoadSessionResult(raw: unknown): ParseResult<LoadSessionResult> {
  return parseWith(RestoreSessionResultSchema, raw, "session/load result");
}

/** Validates a `session/resume` result. */
export function parseResumeSessionResult(raw: unknown): ParseResult<ResumeSessionResult> {
  return parseWith(RestoreSessionResultSchema, raw, "session/resume result");
}

/** Validates a `session/stop` result. */
export function parseStopSessionResult(raw: unknown): ParseResult<StopSessionResult> {
  return parseWith(StopSessionResultSchema, raw, "session/stop result");
}

/**
 * Validates an empty result (`session/close`, `set_mode`, `set_model`, `session/cancel` sent as a request):
 * any object or null passes. `method` labels the error message.
 */
export function parseEmptyResult(raw: unknown, method: string): ParseResult<EmptyResult> {
  return parseWith(EmptyResultSchema, raw, `${method} result`);
}

/** Validates a `session/set_config_option` result. */
export function parseSetConfigOptionResult(raw: unknown): ParseResult<SetConfigOptionResult> {
  return parseWith(SetConfigOptionResultSchema, raw, "session/set_config_option result");
}
