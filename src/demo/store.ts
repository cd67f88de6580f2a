import { mkdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import { z } from "zod";

/**
 * Session persistence, the demo's counterpart of ZeroClaw's SQLite store (protocol.md §11): one JSON file
 * per session under `<stateDir>/sessions/`, written when the session is created and after every
 * successful, non-cancelled turn, never deleted by stop or close. Writes go to a temp file and are renamed
 * into place, so a crash mid-write leaves the previous version intact.
 */

const planEntrySchema = z.object({
  content: z.string(),
  status: z.enum(["pending", "in_progress", "completed"]),
  priority: z.enum(["high", "medium", "low"]),
  activeForm: z.string().optional(),
});

/** One TodoWrite plan entry, as sent in a `plan` update (protocol.md §6.7). */
export type PlanEntry = z.infer<typeof planEntrySchema>;

const storedMessageSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("chat"), role: z.enum(["user", "assistant", "system"]), content: z.string() }),
  z.object({
    kind: z.literal("tool_calls"),
    text: z.string().nullable(),
    toolCalls: z.array(z.object({ id: z.string(), name: z.string(), arguments: z.string() })),
  }),
  z.object({
    kind: z.literal("tool_results"),
    results: z.array(z.object({ toolCallId: z.string(), content: z.string() })),
  }),
]);

/**
 * One conversation message, shaped like ZeroClaw's `ConversationMessage`: chat text, an assistant message
 * carrying tool calls (arguments as a JSON string), or a batch of tool results.
 */
export type StoredMessage = z.infer<typeof storedMessageSchema>;

const storedSessionSchema = z.object({
  version: z.literal(1),
  sessionId: z.string(),
  agentAlias: z.string(),
  workspaceDir: z.string(),
  createdAt: z.string(),
  lastActivity: z.string(),
  plan: z.array(planEntrySchema).nullable(),
  messages: z.array(storedMessageSchema),
});

export type StoredSession = z.infer<typeof storedSessionSchema>;

/** `$XDG_STATE_HOME/zc-pane/demo-agent`, else `~/.local/state/zc-pane/demo-agent`. */
export function defaultStateDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env["XDG_STATE_HOME"] || join(homedir(), ".local", "state");
  return join(base, "zc-pane", "demo-agent");
}

/** Session ids come from the peer and end up in a file name: anything but a plain token is "not stored". */
const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

let tempCounter = 0;

export class SessionStore {
  private readonly dir: string;

  private constructor(stateDir: string) {
    this.dir = join(stateDir, "sessions");
  }

  /** Opens (creating) the store, or returns undefined when the state dir is unusable (memory-only mode). */
  static async open(stateDir: string): Promise<SessionStore | undefined> {
    const store = new SessionStore(stateDir);
    try {
      await mkdir(store.dir, { recursive: true });
      return store;
    } catch {
      return undefined;
    }
  }

  /** Reads a stored session; undefined when there is none. Throws when the file is unreadable or corrupt. */
  async load(sessionId: string): Promise<StoredSession | undefined> {
    if (!SAFE_ID.test(sessionId)) return undefined;
    let text: string;
    try {
      text = await readFile(this.path(sessionId), "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
    const parsed = storedSessionSchema.safeParse(JSON.parse(text));
    if (!parsed.success) throw new Error(`corrupt session file ${this.path(sessionId)}: ${parsed.error.message}`);
    return parsed.data;
  }

  /** Writes the whole session atomically (temp file in the same directory, then rename). */
  async save(session: StoredSession): Promise<void> {
    const target = this.path(session.sessionId);
    const temp = `${target}.tmp-${process.pid}-${tempCounter++}`;
    try {
      await writeFile(temp, JSON.stringify(session), { mode: 0o600 });
      await rename(temp, target);
    } catch (error) {
      await unlink(temp).catch(() => undefined);
      throw error;
    }
  }

  private path(sessionId: string): string {
    return join(this.dir, `${sessionId}.json`);
  }
}
