/**
 * What an error says, for a person: an Error's message, a plain object's `message` (a JSON-RPC error
 * `{code, message}` passed on as it came), else its JSON. Never `[object Object]`, which is what `String()`
 * makes of an object and what gemini-cli once showed for a failed file write.
 */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (error !== null && typeof error === "object") {
    const message = (error as { message?: unknown }).message;
    if (typeof message === "string" && message !== "") return message;
    try {
      const json = JSON.stringify(error);
      if (json !== undefined && json !== "{}") return json;
    } catch {
      // A cyclic object: fall through to what String() says of it.
    }
  }
  return String(error);
}
