/**
 * A byte count as people read it, in binary units: `512 B`, `47 KiB`, `3.2 MiB`, `10 MiB` (no `.0`). One
 * format for every size the pane or the CLI shows: limits, delivered files, journals.
 */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KiB`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, "")} MiB`;
}

/** The first eight characters of a session id: enough to tell sessions apart in a header, a list or a file name. */
export function shortId(id: string): string {
  return id.slice(0, 8);
}
