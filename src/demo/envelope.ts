/**
 * How ZeroClaw's ACP server reads one inbound line (protocol.md §1.4, `process_line` in acp_server.rs):
 * a JSON object with an `id` and a `result` or `error` key is a reply to one of our own requests; anything
 * else must deserialize as `{jsonrpc: string, method: string, params?: any, id?: any}` or it is a
 * `-32700 Parse error: <serde message>` with `id: null`. The serde wording is reproduced closely enough for
 * a human reading it; clients must key off the code.
 */

import { isRecord } from "./json.js";

/** One classified inbound line. `id` is absent for notifications, which includes `"id": null`. */
export type Inbound =
  | { readonly kind: "reply"; readonly idKey: string; readonly message: Readonly<Record<string, unknown>> }
  | {
      readonly kind: "request";
      readonly jsonrpc: string;
      readonly method: string;
      readonly params: unknown;
      readonly id: unknown;
    }
  | { readonly kind: "parse-error"; readonly detail: string };

export function classifyLine(trimmed: string): Inbound {
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch (error) {
    return { kind: "parse-error", detail: syntaxDetail(error instanceof Error ? error.message : "", trimmed.length) };
  }
  const end = `at line 1 column ${trimmed.length}`;
  if (!isRecord(value)) {
    return { kind: "parse-error", detail: `invalid type: ${unexpected(value)}, expected struct JsonRpcRequest ${end}` };
  }
  if (("result" in value || "error" in value) && "id" in value) {
    // Ids are compared as strings: a string id as is, anything else as its JSON text (`5` → "5").
    const id = value["id"];
    return { kind: "reply", idKey: typeof id === "string" ? id : JSON.stringify(id), message: value };
  }
  // serde reports the first wrongly typed field in document order, then the first missing one.
  for (const key of Object.keys(value)) {
    if ((key === "jsonrpc" || key === "method") && typeof value[key] !== "string") {
      return { kind: "parse-error", detail: `invalid type: ${unexpected(value[key])}, expected a string ${end}` };
    }
  }
  const jsonrpc = value["jsonrpc"];
  const method = value["method"];
  if (typeof jsonrpc !== "string") return { kind: "parse-error", detail: `missing field \`jsonrpc\` ${end}` };
  if (typeof method !== "string") return { kind: "parse-error", detail: `missing field \`method\` ${end}` };
  const id = value["id"];
  return { kind: "request", jsonrpc, method, params: value["params"] ?? null, id: id === null ? undefined : id };
}

/** serde's `Unexpected` wording for a JSON value. */
function unexpected(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "sequence";
  switch (typeof value) {
    case "boolean":
      return `boolean \`${value}\``;
    case "number":
      return Number.isInteger(value) ? `integer \`${value}\`` : `floating point \`${value}\``;
    case "string":
      return `string ${JSON.stringify(value)}`;
    default:
      return "map";
  }
}

/** Turns V8's JSON.parse message into serde_json's wording for the same mistake. */
function syntaxDetail(message: string, length: number): string {
  const match = /at position (\d+)/.exec(message);
  const column = match ? Number(match[1]) + 1 : 1;
  if (message.startsWith("Unexpected end")) return `EOF while parsing a value at line 1 column ${length}`;
  if (message.startsWith("Unterminated string")) return `EOF while parsing a string at line 1 column ${length}`;
  if (message.startsWith("Unexpected non-whitespace")) return `trailing characters at line 1 column ${column}`;
  if (message.startsWith("Expected property name")) return `key must be a string at line 1 column ${column}`;
  if (message.includes("',' or ']'")) return `expected \`,\` or \`]\` at line 1 column ${column}`;
  if (message.includes("',' or '}'")) return `expected \`,\` or \`}\` at line 1 column ${column}`;
  if (message.includes("':'")) return `expected \`:\` at line 1 column ${column}`;
  return `expected value at line 1 column ${column}`;
}
