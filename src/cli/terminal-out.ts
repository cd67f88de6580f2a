import { sanitizeText } from "../markdown/sanitize.js";

/**
 * The one way the CLI writes to the terminal outside Ink (design.md §7). Messages quote what the user did not
 * type (an agent's error text, its stderr tail, a session id, a file name), so everything goes through the
 * sanitizer here, and only here: no escape sequence of an agent's can retitle the window, write the
 * clipboard or clear the screen. A test enumerates every write to stdout or stderr in src/ and finds them
 * all in this file.
 */
export function writeOut(text: string): void {
  process.stdout.write(sanitizeText(text));
}

/** {@link writeOut} for stderr. */
export function writeErr(text: string): void {
  process.stderr.write(sanitizeText(text));
}

/**
 * Bytes that must reach stdout exactly as given, and only these: the agent's own JSON-RPC lines for
 * `prompt --json` (its documented contract: unchanged, for a program to parse), and sequences we compose
 * ourselves from sanitized parts: the bell and desktop notification, the OSC 52 copy of the user's own
 * selection, and `sessions show` rendered with our styling.
 */
export function writeRawOut(text: string): void {
  process.stdout.write(text);
}
