/**
 * Polls `read()` until `pattern` shows up in it (a substring or a regular expression) and returns that text;
 * throws with the last text read when it does not within `timeoutMs`. Waits for a condition, never a duration.
 */
export async function waitForText(read: () => string, pattern: RegExp | string, timeoutMs: number): Promise<string> {
  const started = Date.now();
  for (;;) {
    const text = read();
    if (typeof pattern === "string" ? text.includes(pattern) : pattern.test(text)) return text;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${String(pattern)}; screen:\n${text}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
