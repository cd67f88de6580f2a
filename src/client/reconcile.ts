/**
 * ZeroClaw's prompt result carries `content`, the turn's final response text, which can differ from the
 * streamed chunks (text streamed before tool calls, or a final answer that was never streamed). Like
 * ZeroClaw's own web client we show the stream and add `content` only when the stream does not already end
 * with it (protocol.md §5.2). Returns the text to append, or undefined.
 */
export function reconcileFinalText(streamed: string, content: string): string | undefined {
  const final = content.trim();
  if (final.length === 0) return undefined;
  if (streamed.trimEnd().endsWith(final)) return undefined;
  return content;
}
