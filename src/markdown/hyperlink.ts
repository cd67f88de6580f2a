/**
 * OSC 8 hyperlinks for links the user is asked to open (a URL elicitation). The target is ours to emit, so
 * it is checked here, not trusted: only http and https (a `file:`, `javascript:` or custom scheme from an
 * agent is not a link we make clickable), normalised by the WHATWG URL parser (which percent-encodes spaces,
 * controls and non-ASCII), and then required to be printable ASCII, so nothing in it can end the sequence.
 */

/** The link target for `url` (already sanitized text), or undefined when it is not a web link. */
export function webLinkTarget(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return undefined;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return undefined;
  return /^[\x21-\x7e]+$/.test(parsed.href) ? parsed.href : undefined;
}

/**
 * `text` as a hyperlink to `target` (from {@link webLinkTarget}). BEL-terminated: the form Ink's tokenizer
 * keeps as one code, re-opened on each line when the text wraps.
 */
export function hyperlink(text: string, target: string): string {
  return `\u001b]8;;${target}\u0007${text}\u001b]8;;\u0007`;
}
