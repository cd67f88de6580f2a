import { shortId } from "../common/format.js";
import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import type { AgentInfo } from "../client/agent-info.js";
import { isRemoteMcpServer, type McpServer } from "../protocol/index.js";
import type { PaneStore } from "./pane-store.js";
import { helpText, type LocalCommand } from "./slash-commands.js";
import { transcriptToMarkdown } from "./transcript-export.js";

/** What a local command may use of the session. */
export interface CommandHost {
  readonly store: PaneStore;
  readonly cwd: string;
  readonly agent: AgentInfo | undefined;
  readonly sessionId: string | undefined;
  readonly turnRunning: boolean;
  /** The MCP servers the session was given (config files and `--mcp-config`). */
  readonly mcpServers: readonly McpServer[];
  cancel(): boolean;
  stopAndQuit(): Promise<void>;
  closeAndQuit(): Promise<void>;
  quit(): void;
  clearScreen?(): void;
}

/** Runs a local `/` command (design.md §3); its answer is a notice in the transcript. Never sent to the agent. */
export async function runLocalCommand(command: LocalCommand, host: CommandHost): Promise<void> {
  const { store } = host;
  const info = (message: string) => store.dispatch({ type: "notice", level: "info", message });
  switch (command.name) {
    case "help":
      return info(helpText(store.getState().commands));
    case "status":
      return info(statusText(host));
    case "sessions":
      // The pane opens its picker before the command gets here; this is for hosts without a session index.
      return info("/sessions needs the local session index: use `zc-pane sessions` in a shell");
    case "model": {
      const model = host.agent?.zeroclaw?.defaultModel;
      // The pane opens its picker before the command gets here when the agent offers a choice.
      return info(model ? `model: ${model} (this agent offers no model choice)` : "this agent offers no model choice");
    }
    case "settings":
      // The pane opens its list before the command gets here when the agent offers options.
      return info("this agent offers no settings in this session");
    case "cancel":
      if (!host.cancel()) info("no turn is running");
      return;
    case "stop":
      return host.stopAndQuit();
    case "close":
      return host.closeAndQuit();
    case "clear":
      host.clearScreen?.();
      return;
    case "export":
      await exportTranscript(store, host.cwd, host.sessionId, command.args);
      return;
    case "quit":
      return host.quit();
  }
}

function statusText(host: CommandHost): string {
  const state = host.store.getState();
  const { agent } = host;
  return [
    `agent: ${agent ? `${agent.title ?? agent.name}${agent.version ? ` ${agent.version}` : ""}` : "not connected"}`,
    `session: ${host.sessionId ?? "none"} · ${state.header.connection}`,
    `cwd: ${host.cwd}`,
    `turn: ${host.turnRunning ? "running" : "idle"} · queued: ${state.queue.length} · transcript items: ${state.transcript.length}`,
    `MCP servers: ${host.mcpServers.length > 0 ? host.mcpServers.map(describeMcpServer).join(", ") : "none"}`,
  ].join("\n");
}

/**
 * `files (stdio: npx)`, `web (http: https://host/mcp)`; never the env, the headers or the URL's query, which
 * may hold secrets.
 */
function describeMcpServer(server: McpServer): string {
  if (!isRemoteMcpServer(server)) return `${server.name} (stdio: ${server.command})`;
  const url = URL.parse(server.url);
  return `${server.name} (${server.type}: ${url ? `${url.origin}${url.pathname}` : "invalid URL"})`;
}

/**
 * The session's part of a default export name: only letters, digits, `-` and `_` of the agent's session id, so an
 * id such as `/../../x` can never name a file outside the directory (the agent chooses its ids).
 */
export function exportSlug(sessionId: string | undefined): string {
  const slug = shortId((sessionId ?? "").replace(/[^A-Za-z0-9_-]/g, ""));
  return slug || "pane";
}

/**
 * `/export [FILE]`: writes the transcript as markdown (in `cwd` unless FILE is a path; never over an existing
 * file) and says where in a notice. Returns the path, or undefined when it could not be written.
 */
export async function exportTranscript(
  store: PaneStore,
  cwd: string,
  sessionId: string | undefined,
  name = "",
): Promise<string | undefined> {
  store.flush();
  const state = store.getState();
  const file = name || `zc-pane-${exportSlug(sessionId)}-${new Date().toISOString().replace(/[:.]/g, "-")}.md`;
  const path = resolve(cwd, file);
  const title = `zc-pane transcript · ${state.header.agentTitle ?? state.header.agentName ?? "agent"} · session ${sessionId ?? "—"}`;
  try {
    await writeFile(path, transcriptToMarkdown(state.transcript.toArray(), title), { flag: "wx" });
    store.dispatch({ type: "notice", level: "info", message: `transcript exported to ${path}` });
    return path;
  } catch (error) {
    store.dispatch({
      type: "notice",
      level: "error",
      message: `could not export the transcript to ${path}: ${(error as Error).message}`,
    });
    return undefined;
  }
}
