import { spawn, spawnSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { buildAgentRegistry } from "../config/agents.js";
import { keymapOf, loadConfigFile, notifySettingsOf } from "../config/config-file.js";
import type { Keymap } from "../config/keymap.js";
import { createNotifier, type NotifySettings } from "../control/notifier.js";
import { resolveConnection, UsageError, type Connection as AgentConnection } from "../config/connection.js";
import { downloadDir, logFile, stateDir } from "../config/paths.js";
import { closeLogFile, configureLogFile, createLogger } from "../log/logger.js";
import { launchPaneControl } from "../control/launch.js";
import { SentAttachments } from "../control/sent-attachments.js";
import { finishedLinesCut } from "../markdown/line-commit.js";
import { loadMarkdownRenderer } from "../markdown/renderer.js";
import { initialPaneState } from "../state/reducer.js";
import { PaneStore } from "../state/pane-store.js";
import { SessionController, type QuitReason, type SessionToRestore } from "../state/session-controller.js";
import type { TerminalsOptions } from "../client/capabilities/index.js";
import { ClientError } from "../client/errors.js";
import { describeConnection } from "../state/persistence/session-entry.js";
import { showLocalTranscript } from "../state/restore-local.js";
import { PaneRecording } from "../state/session-recording.js";
import { paneSessions } from "./pane-sessions.js";
import { resolveResumeTarget, type ResumeTarget } from "./resume-target.js";
import { mountPane } from "../ui/mount-pane.js";
import type { LiveScreen } from "../ui/terminal/live-screen.js";
import type { TranscriptWriter } from "../ui/transcript/transcript-writer.js";
import { runTmux } from "../control/tmux-command.js";
import { sanitizeLine } from "../markdown/sanitize.js";
import type { ToolRowLocation } from "../state/view-model.js";
import { copyText } from "../control/clipboard.js";
import { CONNECTION_OPTIONS, connectionOptionsFrom, parseCommandArgs } from "./args.js";
import { writeErr, writeOut, writeRawOut } from "./terminal-out.js";
import { errorMessage } from "../common/error-message.js";

const log = createLogger("cli.pane");

/** `zc-pane --help` for the pane (design.md §2). */
export const PANE_USAGE = `Usage: zc-pane [connection options] [--resume ID | --load ID]

Opens the interactive pane on an ACP agent (ZeroClaw by default).
  --agent NAME       zeroclaw (default), demo
  --agent-cmd "CMD"  any ACP agent over stdio
  --demo             the built-in demo agent (= --agent demo)
  --alias NAME       ZeroClaw agent alias for a new session
  --cwd DIR          the session's directory (default: the current one)
  --resume ID        restore a session without replay, its local transcript shown at once
                     (an id or a unique prefix; \`zc-pane sessions\` lists them); with no local
                     transcript, an agent that offers session/load replays it instead
  --load ID          restore a session with the agent replaying the conversation
Keys: ⏎ send · esc cancel · ctrl+c twice quit · ctrl+d close · ctrl+x stop · ctrl+o expand · /help`;

/** `zc-pane [connection options] [--resume ID | --load ID]`: the interactive pane. Returns the exit code. */
export async function runPaneCommand(argv: readonly string[]): Promise<number> {
  let args;
  let connection: AgentConnection;
  let target: ResumeTarget | undefined;
  let notify: NotifySettings;
  let keymap: Keymap;
  let maxDeliveredBytes: number | undefined;
  let maxJournalBytes: number | undefined;
  try {
    args = parseCommandArgs(argv, { ...CONNECTION_OPTIONS, resume: { type: "string" }, load: { type: "string" } });
    if (args.values.help) {
      writeOut(`${PANE_USAGE}\n`);
      return 0;
    }
    if (args.positionals.length > 0) throw new UsageError(`unknown command "${args.positionals[0]}"`);
    if (args.values.resume !== undefined && args.values.load !== undefined)
      throw new UsageError("--resume and --load cannot be combined");
    // `--resume`/`--load` take an id or a unique prefix from the local index, and reopen the session with
    // the agent it was recorded with; an unknown one exits 1 below, never opens a new session.
    const restoreId = args.values.resume ?? args.values.load;
    target =
      restoreId !== undefined
        ? await resolveResumeTarget(restoreId, connectionOptionsFrom(args.values), stateDir())
        : undefined;
    // The config file is read once: its agents and MCP servers for the connection, `notify`, `keys`,
    // `maxDeliveredBytes` and `maxJournalBytes` for the pane.
    const config = loadConfigFile();
    const registry = buildAgentRegistry(config.config, config.path, { configFound: config.found });
    notify = notifySettingsOf(config.config, config.path);
    keymap = keymapOf(config.config, config.path);
    maxDeliveredBytes = config.config.maxDeliveredBytes;
    maxJournalBytes = config.config.maxJournalBytes;
    connection = resolveConnection(target?.connection ?? connectionOptionsFrom(args.values), { registry });
  } catch (error) {
    if (error instanceof UsageError) {
      writeErr(`zc-pane: ${error.message}\n\n${PANE_USAGE}\n`);
      return 2;
    }
    // An unusable ZeroClaw config or token file: the message says how to fix it.
    writeErr(`zc-pane: ${errorMessage(error)}\n`);
    return 1;
  }
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    writeErr("zc-pane: the pane needs a terminal; for scripted use run `zc-pane prompt TEXT`\n");
    return 2;
  }
  try {
    configureLogFile(logFile());
  } catch {
    // No writable state dir: the pane still works, it just logs nothing.
  }
  const { values } = args;
  const cwd = resolve(values.cwd ?? target?.cwd ?? process.cwd());
  const alias = values.alias ?? target?.entry?.alias;
  const restore = target
    ? {
        mode: values.resume !== undefined ? ("resume" as const) : ("load" as const),
        sessionId: target.sessionId,
        ...(target.entry?.model !== undefined ? { model: target.entry.model } : {}),
      }
    : undefined;
  return runPane({
    connection,
    cwd,
    ...(alias !== undefined ? { alias } : {}),
    ...(restore ? { restore } : {}),
    resumeFlags: connectionFlags(values),
    notify,
    keymap,
    ...(maxDeliveredBytes !== undefined ? { maxDeliveredBytes } : {}),
    ...(maxJournalBytes !== undefined ? { maxJournalBytes } : {}),
  });
}

interface PaneOptions {
  readonly connection: AgentConnection;
  readonly cwd: string;
  readonly alias?: string;
  readonly restore?: SessionToRestore;
  /** The connection flags to repeat in the printed resume command. */
  readonly resumeFlags: string;
  /** How to ask for attention while the user looks at another pane (config.json `notify`). */
  readonly notify: NotifySettings;
  /** The pane's keys (config.json `keys` over the defaults). */
  readonly keymap: Keymap;
  /** config.json `maxDeliveredBytes`: what one session may have saved of delivered files. */
  readonly maxDeliveredBytes?: number;
  /** config.json `maxJournalBytes`: what a session's transcript journal keeps on disk. */
  readonly maxJournalBytes?: number;
}

async function runPane(options: PaneOptions): Promise<number> {
  const agentName = options.connection.kind === "stdio" ? options.connection.agentName : "zeroclaw gateway";
  const store = new PaneStore({
    initial: initialPaneState({ agentName, ...(options.alias ? { alias: options.alias } : {}) }),
    cutLines: finishedLinesCut,
  });
  let quit!: (reason: QuitReason | "signal") => void;
  const quitting = new Promise<QuitReason | "signal">((resolvePromise) => (quit = resolvePromise));
  let fatal: unknown;
  // The transcript is written above ink's live region, beside ink (src/ui/transcript): the screen puts it in
  // front of ink's frames, and on a narrowing repaints it from the records instead of leaving ghosts of the
  // re-wrapped frame in the scrollback (live-screen.ts, reflow-guard.ts).
  let markdownLoaded!: () => void;
  const markdownReady = new Promise<void>((resolvePromise) => (markdownLoaded = resolvePromise));
  // `o` on a tool row and `@zc-pane-follow on`: the location in the editor beside the pane; the outcome is
  // a notice (where it went, or why not).
  const openLocation = (location: ToolRowLocation) => {
    void import("../control/editor-follow.js")
      .then(({ openLocation: open }) =>
        open(location, {
          ...(process.env.TMUX && process.env.TMUX_PANE ? { paneId: process.env.TMUX_PANE } : {}),
          tmux: runTmux,
          roots: [options.cwd],
          env: process.env,
        }),
      )
      .then(
        (where) => store.dispatch({ type: "notice", level: "info", message: `opened ${sanitizeLine(where)}` }),
        (error: unknown) =>
          store.dispatch({ type: "notice", level: "warning", message: sanitizeLine((error as Error).message) }),
      );
  };
  // Set by mountPane below, before anything can call these.
  let screen!: LiveScreen;
  let writer!: TranscriptWriter;
  // What `zc-pane send` hands over waits here for the next prompt (src/control).
  const sent = new SentAttachments();
  let control: { stop(): void } | undefined;
  // The session goes into the local index and its updates into the transcript journal (design.md §5).
  const recording = new PaneRecording({
    stateDir: stateDir(),
    session: {
      ...describeConnection(options.connection),
      ...(options.alias ? { alias: options.alias } : {}),
      cwd: options.cwd,
    },
    onWarning: (message) => store.dispatch({ type: "notice", level: "warning", message }),
    ...(options.maxJournalBytes !== undefined ? { journal: { maxBytes: options.maxJournalBytes } } : {}),
  });
  // `--resume`: the local transcript is on screen before the agent answers (`--load` has the agent replay it).
  const historyShown =
    options.restore?.mode === "resume"
      ? showLocalTranscript(stateDir(), downloadDir(), options.restore.sessionId, store)
      : Promise.resolve(false);
  const controller = new SessionController({
    store,
    // Imported only when the first frame is out: spawning code (execa) is not needed to draw "connecting…".
    connect: async () =>
      (await import("./connect.js")).connect(options.connection, {
        cwd: options.cwd,
        elicitation: true,
        ...(await tmuxTerminals()),
      }),
    cwd: options.cwd,
    ...(options.alias ? { alias: options.alias } : {}),
    ...(options.restore ? { restore: options.restore } : {}),
    downloadDir: downloadDir(),
    ...(options.maxDeliveredBytes !== undefined ? { maxDeliveredBytes: options.maxDeliveredBytes } : {}),
    onQuit: (reason) => quit(reason),
    clearScreen: () => {
      writer.cleared();
      screen.clearScreen();
      store.dispatch({ type: "notice", level: "info", message: "screen cleared" });
    },
    extraAttachments: sent,
    recording,
    historyShown,
  });

  // tmux closing the pane sends SIGHUP and the terminal is gone: end the agent's process group and leave.
  const onHangup = () => {
    void controller.dispose().finally(() => process.exit(0));
  };
  const onTerminate = () => quit("signal");
  // Writes to a terminal that went away fail with EIO; that must not crash before the agent is ended.
  const onStdoutError = (error: Error) => log.warn("stdout failed", error);
  process.on("SIGHUP", onHangup);
  process.on("SIGTERM", onTerminate);
  process.on("SIGINT", onTerminate);
  process.stdout.on("error", onStdoutError);

  // `/sessions`: list, resume here or say how, delete.
  const sessions = paneSessions({
    controller,
    store,
    here: describeConnection(options.connection),
    clearScreen: () => {
      writer.cleared();
      screen.clearScreen();
    },
  });

  const mounted = mountPane({
    store,
    stdout: process.stdout,
    keymap: options.keymap,
    app: {
      actions: controller,
      cwd: options.cwd,
      openEditor: (text: string) => editExternally(text),
      openUrl,
      sessions,
      // The history view's `y`: OSC 52 to the terminal, and a tmux buffer inside tmux.
      copy: async (text: string) => {
        const { tmuxBuffer } = await copyText(text, { write: (data) => writeRawOut(data) });
        return tmuxBuffer ? "and into a tmux buffer" : "";
      },
      openLocation,
    },
    markdownReady,
    onRender: ({ renderTime }) => renderTime > 50 && log.warn(`slow frame: ${renderTime.toFixed(0)} ms`),
  });
  const { instance } = mounted;
  ({ screen, writer } = mounted);
  // Ink wrote the first frame ("connecting…") synchronously; now the slow parts.
  setImmediate(() => {
    loadMarkdownRenderer().then(markdownLoaded, (error: unknown) => {
      log.error("the markdown renderer failed to load; answers stay plain", error);
      markdownLoaded();
    });
    // The agent starts while the journal is read: its start-up (another process) overlaps ours.
    controller.start().catch((error: unknown) => {
      fatal = error;
      quit("quit");
    });
    // A replay writes what the scrollback keeps: in tmux, the pane's history-limit.
    const tmuxPane = process.env.TMUX ? process.env.TMUX_PANE : undefined;
    if (tmuxPane)
      runTmux(["display-message", "-p", "-t", tmuxPane, "#{history_limit}"]).then(
        (answer) => writer.setScrollbackLines(Number.parseInt(answer, 10)),
        (error: unknown) => log.warn("tmux did not say its history-limit", error),
      );
    // The control socket for `zc-pane send` and the tmux state options; BEL is how tmux learns that a
    // pane the user is not looking at wants attention.
    control = launchPaneControl({
      store,
      attachments: sent,
      permissions: controller.permissions,
      openLocation,
      cwd: options.cwd,
      sessionId: () => controller.sessionId,
      ring: createNotifier({
        settings: options.notify,
        write: (bytes) => writeRawOut(bytes),
        inTmux: process.env.TMUX !== undefined,
        agentName: () => controller.agent?.title ?? controller.agent?.name,
      }),
    });
  });

  const reason = await quitting;
  control?.stop();
  // Quitting from the history view: the rest (the resume command) belongs on the normal screen.
  mounted.historyScreen.leave();
  // The live region goes; the transcript above it is already written and is not drawn again.
  store.dispatch({ type: "connection", state: "closed" });
  store.flush();
  instance.unmount();
  await instance.waitUntilExit().catch(() => undefined);
  screen.flush();
  writer.dispose();
  store.dispose();
  // Said before the agent is ended (its process group may take a while to go): quitting answers at once.
  const sessionId = controller.sessionId;
  if (fatal) {
    const hint =
      fatal instanceof ClientError && fatal.code === "unknown-session"
        ? "\n`zc-pane sessions` lists the sessions you can resume"
        : "";
    writeErr(`zc-pane: ${errorMessage(fatal)}${hint}\n`);
  } else if (sessionId) {
    const closed =
      reason === "closed" ? " (closed; the agent keeps its record)" : reason === "stopped" ? " (stopped)" : "";
    writeOut(
      // The id is the agent's: stripped of controls and quoted, so the line is safe to show and to paste.
      `\nResume this session${closed} with:\n  zc-pane --resume ${quoteShellWord(sanitizeLine(sessionId))}${options.resumeFlags}\n`,
    );
  }
  await controller.dispose();
  await recording.close();
  process.off("SIGHUP", onHangup);
  process.off("SIGTERM", onTerminate);
  process.off("SIGINT", onTerminate);
  process.stdout.off("error", onStdoutError);
  await closeLogFile();
  return fatal ? 1 : 0;
}

/** Quotes a word for a POSIX shell when it needs it. */
function quoteShellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, "'\\''")}'`;
}

/** The connection flags a resume needs to reach the same agent (appended after `--resume ID`). */
function connectionFlags(values: {
  agent?: string;
  "agent-cmd"?: string;
  demo?: boolean;
  gateway?: string;
  "config-dir"?: string;
}): string {
  const flags: string[] = [];
  if (values.demo) flags.push("--demo");
  if (values.agent !== undefined) flags.push("--agent", quoteShellWord(values.agent));
  if (values["agent-cmd"] !== undefined) flags.push("--agent-cmd", quoteShellWord(values["agent-cmd"]));
  // Token flags are left out on purpose: tokens never appear on screen (design.md §7).
  if (values.gateway !== undefined)
    flags.push(values.gateway === "" ? "--gateway" : `--gateway ${quoteShellWord(values.gateway)}`);
  if (values["config-dir"] !== undefined) flags.push("--config-dir", quoteShellWord(values["config-dir"]));
  return flags.length > 0 ? ` ${flags.join(" ")}` : "";
}

/**
 * Ctrl+G / `e`: edits `text` in `$VISUAL` or `$EDITOR` (default `vi`). The editor runs synchronously with
 * the terminal handed over: nothing renders meanwhile, so no frame can tear the editor's screen, and stream
 * updates wait in the pipe until the editor exits. Returns undefined when the editor failed.
 */
/**
 * Opens a web link from a URL elicitation in the desktop's browser, detached and without a shell (the
 * modal only hands over http(s) links).
 */
function openUrl(url: string): void {
  const opener = process.platform === "darwin" ? "open" : "xdg-open";
  try {
    const child = spawn(opener, [url], { stdio: "ignore", detached: true });
    child.on("error", (error) => log.warn(`${opener} failed`, error));
    child.unref();
  } catch (error) {
    log.warn(`${opener} failed`, error);
  }
}

function editExternally(text: string): Promise<string | undefined> {
  const editor = process.env.VISUAL || process.env.EDITOR || "vi";
  const file = join(tmpdir(), `zc-pane-${process.pid}-${Date.now()}.md`);
  writeFileSync(file, text, { mode: 0o600 });
  const stdin = process.stdin;
  const wasRaw = stdin.isTTY ? stdin.isRaw : false;
  try {
    if (stdin.isTTY) stdin.setRawMode(false);
    const result = spawnSync("/bin/sh", ["-c", `${editor} "$1"`, "zc-pane-editor", file], { stdio: "inherit" });
    if (result.status !== 0) return Promise.resolve(undefined);
    return Promise.resolve(readFileSync(file, "utf8"));
  } catch (error) {
    log.warn("the editor could not run", error);
    return Promise.resolve(undefined);
  } finally {
    if (stdin.isTTY) stdin.setRawMode(wasRaw);
    rmSync(file, { force: true });
  }
}

/**
 * In a tmux pane, agent commands may run in tmux windows (`@zc-pane-terminals`, read at each command);
 * elsewhere they stay hidden. Imported only when needed, like the rest of the tmux side.
 */
async function tmuxTerminals(): Promise<{ terminals?: TerminalsOptions }> {
  const paneId = process.env.TMUX_PANE;
  if (!process.env.TMUX || !paneId || !/^%\d+$/.test(paneId)) return {};
  const [{ tmuxTerminalStarter }, { runTmux }] = await Promise.all([
    import("../control/tmux-terminal.js"),
    import("../control/tmux-command.js"),
  ]);
  return { terminals: { start: tmuxTerminalStarter({ paneId, tmux: runTmux }) } };
}
