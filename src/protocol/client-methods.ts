import * as z from "zod";
import { NameValueSchema } from "./session.js";
import { parseWith, type ParseResult } from "./result.js";

// Requests an agent sends to the client's file system and terminals. Each needs the matching client capability.
// ZeroClaw never sends them (its tools run server-side); standard agents may. Params are validated strictly
// (a bad value gets -32602) because the client acts on them.

/** `fs/read_text_file` params: `line` is 1-based, `limit` a line count. */
export const ReadTextFileParamsSchema = z.looseObject({
  sessionId: z.string(),
  path: z.string(),
  line: z.number().int().min(1).nullish(),
  limit: z.number().int().min(0).nullish(),
});
export type ReadTextFileParams = z.infer<typeof ReadTextFileParamsSchema>;
/** `fs/read_text_file` result: the text (the requested lines only). */
export const ReadTextFileResultSchema = z.looseObject({ content: z.string() });
export type ReadTextFileResult = z.infer<typeof ReadTextFileResultSchema>;

/** `fs/write_text_file` params; the result is `{}`. */
export const WriteTextFileParamsSchema = z.looseObject({
  sessionId: z.string(),
  path: z.string(),
  content: z.string(),
});
export type WriteTextFileParams = z.infer<typeof WriteTextFileParamsSchema>;
/** `fs/write_text_file` result: `{}`. */
export type WriteTextFileResult = Record<string, never>;

/** `terminal/create` params. Over `outputByteLimit`, output is cut from the start on a character boundary. */
export const CreateTerminalParamsSchema = z.looseObject({
  sessionId: z.string(),
  command: z.string(),
  args: z.array(z.string()).optional(),
  env: z.array(NameValueSchema).optional(),
  cwd: z.string().nullish(),
  outputByteLimit: z.number().int().min(0).nullish(),
});
export type CreateTerminalParams = z.infer<typeof CreateTerminalParamsSchema>;
/** `terminal/create` result: the id the agent uses in later terminal calls. */
export const CreateTerminalResultSchema = z.looseObject({ terminalId: z.string() });
export type CreateTerminalResult = z.infer<typeof CreateTerminalResultSchema>;

/** Params of `terminal/output`, `wait_for_exit`, `kill` and `release`. */
export const TerminalRefParamsSchema = z.looseObject({ sessionId: z.string(), terminalId: z.string() });
export type TerminalRefParams = z.infer<typeof TerminalRefParamsSchema>;

/** How a terminal's process ended. */
export const TerminalExitStatusSchema = z.looseObject({
  exitCode: z.number().int().nullish(),
  signal: z.string().nullish(),
});
export type TerminalExitStatus = z.infer<typeof TerminalExitStatusSchema>;

/** `terminal/output` result; `exitStatus` only once the process has exited. */
export const TerminalOutputResultSchema = z.looseObject({
  output: z.string(),
  truncated: z.boolean(),
  exitStatus: TerminalExitStatusSchema.nullish(),
});
export type TerminalOutputResult = z.infer<typeof TerminalOutputResultSchema>;

/** `terminal/wait_for_exit` result. */
export type WaitForTerminalExitResult = TerminalExitStatus;
/** `terminal/kill` and `terminal/release` results: `{}`. */
export type KillTerminalResult = Record<string, never>;
export type ReleaseTerminalResult = Record<string, never>;

/** Validates `fs/read_text_file` params. */
export function parseReadTextFileParams(raw: unknown): ParseResult<ReadTextFileParams> {
  return parseWith(ReadTextFileParamsSchema, raw, "fs/read_text_file params");
}

/** Validates `fs/write_text_file` params. */
export function parseWriteTextFileParams(raw: unknown): ParseResult<WriteTextFileParams> {
  return parseWith(WriteTextFileParamsSchema, raw, "fs/write_text_file params");
}

/** Validates `terminal/create` params. */
export function parseCreateTerminalParams(raw: unknown): ParseResult<CreateTerminalParams> {
  return parseWith(CreateTerminalParamsSchema, raw, "terminal/create params");
}

/** Validates the params of `terminal/output`, `wait_for_exit`, `kill` or `release`; `method` labels errors. */
export function parseTerminalRefParams(raw: unknown, method: string): ParseResult<TerminalRefParams> {
  return parseWith(TerminalRefParamsSchema, raw, `${method} params`);
}
