import * as z from "zod";
import type { McpServer } from "../protocol/index.js";

/**
 * MCP servers the user keeps in config files, passed to every session (`session/new`, `load`, `resume`).
 * Two shapes are read, both strictly (a misspelt field is an error naming it):
 * - ACP's own array, as acpx takes it: `[{name, command, args, env: [{name, value}]}]` and
 *   `{type: "http"|"sse", name, url, headers: [{name, value}]}`;
 * - the object map of `.mcp.json` and Claude Desktop: `{"name": {command, args, env: {K: V}}}` and
 *   `{"name": {type, url, headers: {K: V}}}`.
 * Both become ACP's array, the only shape sent.
 */

const NAME = z.string().trim().min(1, "must be a non-empty name");
const COMMAND = z.string().trim().min(1, "must be a non-empty program name or path");
const URL_TEXT = z.string().refine((text) => /^https?:\/\/\S+$/i.test(text), "must be an http:// or https:// URL");
const NameValueListSchema = z.array(z.strictObject({ name: NAME, value: z.string() }));
const NameValueMapSchema = z.record(z.string().min(1), z.string());
const REMOTE_TYPES = ["http", "sse"] as const;

const ArrayStdioSchema = z.strictObject({
  type: z.literal("stdio").optional(),
  name: NAME,
  command: COMMAND,
  args: z.array(z.string()).optional(),
  env: NameValueListSchema.optional(),
});
const ArrayRemoteSchema = z.strictObject({
  type: z.enum(REMOTE_TYPES),
  name: NAME,
  url: URL_TEXT,
  headers: NameValueListSchema.optional(),
});
const MapStdioSchema = z.strictObject({
  type: z.literal("stdio").optional(),
  command: COMMAND,
  args: z.array(z.string()).optional(),
  env: NameValueMapSchema.optional(),
});
const MapRemoteSchema = z.strictObject({
  type: z.enum(REMOTE_TYPES),
  url: URL_TEXT,
  headers: NameValueMapSchema.optional(),
});

/** A remote entry is told apart by its `type`; everything else must be a stdio entry. */
const isRemote = (value: unknown): boolean =>
  typeof value === "object" && value !== null && REMOTE_TYPES.includes((value as { type?: never }).type!);

/**
 * Parses a value with `whenTrue` or `whenFalse`, as `choose` says, and forwards that schema's issues, so a
 * message names the field of the shape the entry is in (`mcpServers.files.command: missing`) instead of
 * zod's "no union member matched".
 */
function dispatch<A extends z.ZodType, B extends z.ZodType>(
  choose: (value: unknown) => boolean,
  whenTrue: A,
  whenFalse: B,
) {
  return z.unknown().transform((value, context): z.output<A> | z.output<B> => {
    const parsed = (choose(value) ? whenTrue : whenFalse).safeParse(value, { reportInput: true });
    if (parsed.success) return parsed.data as z.output<A> | z.output<B>;
    for (const issue of parsed.error.issues) context.issues.push(issue as z.core.$ZodRawIssue);
    return z.NEVER;
  });
}

const toList = (map: Readonly<Record<string, string>> | undefined) =>
  Object.entries(map ?? {}).map(([name, value]) => ({ name, value }));

const ArrayEntrySchema = dispatch(isRemote, ArrayRemoteSchema, ArrayStdioSchema).transform((entry): McpServer =>
  "url" in entry
    ? { type: entry.type, name: entry.name, url: entry.url, headers: entry.headers ?? [] }
    : { name: entry.name, command: entry.command, args: entry.args ?? [], env: entry.env ?? [] },
);
const MapEntrySchema = dispatch(isRemote, MapRemoteSchema, MapStdioSchema);

const ArrayShapeSchema = z.array(ArrayEntrySchema).superRefine((servers, context) => {
  const seen = new Set<string>();
  servers.forEach((server, index) => {
    if (seen.has(server.name))
      context.addIssue({ code: "custom", path: [index, "name"], message: `"${server.name}" is named twice` });
    seen.add(server.name);
  });
});
const MapShapeSchema = z
  .record(NAME, MapEntrySchema)
  .transform((map) =>
    Object.entries(map).map(([name, entry]): McpServer =>
      "url" in entry
        ? { type: entry.type, name, url: entry.url, headers: toList(entry.headers) }
        : { name, command: entry.command, args: entry.args ?? [], env: toList(entry.env) },
    ),
  );

/** `mcpServers` in either shape, read as ACP's array. */
export const McpServersSchema = dispatch(Array.isArray, ArrayShapeSchema, MapShapeSchema);

/** An `--mcp-config FILE`: either shape, or an object with an `mcpServers` key (`.mcp.json`, Claude Desktop). */
export const McpConfigFileSchema = dispatch(
  (value) => typeof value === "object" && value !== null && !Array.isArray(value) && "mcpServers" in value,
  z.looseObject({ mcpServers: McpServersSchema }).transform((file) => file.mcpServers),
  McpServersSchema,
);

/** Later lists win by name (config file < agent entry < `--mcp-config` files), in first-seen order. */
export function mergeMcpServers(...lists: ReadonlyArray<readonly McpServer[] | undefined>): McpServer[] {
  const byName = new Map<string, McpServer>();
  for (const list of lists) for (const server of list ?? []) byName.set(server.name, server);
  return [...byName.values()];
}
