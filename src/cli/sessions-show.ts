import { stripVTControlCharacters } from "node:util";
import { parseArgs } from "node:util";
import { stateDir } from "../config/paths.js";
import { loadMarkdownRenderer } from "../markdown/renderer.js";
import { historyOfJournal } from "../state/history/journal-history.js";
import { readSessionJournal } from "../state/persistence/journal-reader.js";
import { shownTitle } from "../state/persistence/session-entry.js";
import { SessionIndex } from "../state/persistence/session-index.js";
import { historyToMarkdown } from "../state/transcript-export.js";
import { renderEntryLines } from "../ui/history/entry-lines.js";
import { writeErr, writeOut, writeRawOut } from "./terminal-out.js";

/** `zc-pane sessions show --help`. */
export const SESSIONS_SHOW_USAGE = `Usage: zc-pane sessions show ID [--markdown | --json]

Prints a saved session from its local transcript, as the history view (Ctrl+T) shows it, tool rows and
thoughts in full, so \`less\`, \`grep\` and scripts can read it. ID is a session id or a unique prefix
(\`zc-pane sessions\` lists them). Styled on a terminal, plain text when piped.
  --markdown   the session as markdown, as /export writes it
  --json       the session's entries as JSON (one object per record), for scripts`;

/** `zc-pane sessions show ID [--markdown | --json]`: exit 0, 1 for an unknown or unreadable session, 2 on usage errors. */
export async function runSessionsShow(argv: readonly string[]): Promise<number> {
  let id: string;
  let format: "text" | "markdown" | "json";
  try {
    const { values, positionals } = parseArgs({
      args: [...argv],
      options: { markdown: { type: "boolean" }, json: { type: "boolean" }, help: { type: "boolean", short: "h" } },
      strict: true,
      allowPositionals: true,
    });
    if (values.help) {
      writeOut(`${SESSIONS_SHOW_USAGE}\n`);
      return 0;
    }
    if (positionals.length !== 1 || (values.markdown && values.json))
      throw new Error("expected one ID and at most one of --markdown, --json");
    id = positionals[0]!;
    format = values.json ? "json" : values.markdown ? "markdown" : "text";
  } catch (error) {
    writeErr(`zc-pane sessions show: ${(error as Error).message}\n\n${SESSIONS_SHOW_USAGE}\n`);
    return 2;
  }
  const dir = stateDir();
  try {
    const session = await new SessionIndex(dir).require(id);
    const journal = await readSessionJournal(dir, session.id);
    if (!journal)
      throw new Error(
        `no local transcript of ${session.id} on this machine; \`zc-pane sessions\` lists the sessions you can show`,
      );
    for (const warning of journal.warnings) writeErr(`zc-pane sessions show: warning: ${warning}\n`);
    const entries = historyOfJournal(session.id, journal.entries);
    if (format === "json") {
      writeOut(`${JSON.stringify({ session, entries: entries.map((entry) => entry.record) }, null, 2)}\n`);
      return 0;
    }
    const title = `${shownTitle(session) || "zc-pane session"} · ${session.agent} · ${session.id}`;
    if (format === "markdown") {
      writeOut(historyToMarkdown(entries, title));
      return 0;
    }
    await loadMarkdownRenderer().catch(() => undefined);
    const styled = process.stdout.isTTY === true;
    const width = styled ? Math.max(20, process.stdout.columns || 80) : 100;
    const lines = [title, ...entries.flatMap((entry) => renderEntryLines(entry, width, true).lines)];
    const text = lines.join("\n");
    // Rendered by our renderer from sanitized records: its styling is ours, and must reach the terminal.
    writeRawOut(`${styled ? text : stripVTControlCharacters(text)}\n`);
    return 0;
  } catch (error) {
    writeErr(`zc-pane sessions show: ${(error as Error).message}\n`);
    return 1;
  }
}
