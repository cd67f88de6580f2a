import { ACP_METHODS } from "../../protocol/index.js";
import { ERROR_CODES, RpcHandlerError } from "../../rpc/errors.js";
import type { JsonRpcPeer } from "../../rpc/peer.js";
import { FileAccess } from "./file-access.js";
import type { CapabilityHost } from "./host.js";
import { Terminals, type TerminalsOptions } from "./terminals.js";

export type { CapabilityHost } from "./host.js";
export { FileAccess, MAX_TEXT_FILE_BYTES, type FileAccessOptions } from "./file-access.js";
export { Terminals, DEFAULT_OUTPUT_BYTE_LIMIT, MAX_OUTPUT_BYTE_LIMIT, type TerminalsOptions } from "./terminals.js";

/** Which client-side capabilities to offer the agent. All default to on. */
export interface CapabilitySwitches {
  /** `fs/read_text_file` and `fs/write_text_file`. */
  readonly fs?: boolean;
  /** `fs/write_text_file` alone (reads stay offered): off for a gateway the user did not trust. */
  readonly fsWrite?: boolean;
  /** `terminal/create`, `output`, `wait_for_exit`, `kill`, `release`. */
  readonly terminal?: boolean;
  /**
   * Why commands or writes are not offered ("a gateway may not run commands here; --trust-gateway allows
   * it"): a call to one anyway is answered with an error that says so, and the user sees a notice.
   */
  readonly refusal?: string;
  /** What zc-pane was given as secrets: no command the agent runs inherits them (see {@link HiddenSecrets}). */
  readonly secrets?: HiddenSecrets;
}

/**
 * Secrets kept out of the environment of agent commands: variables by name (`ZEROCLAW_ACP_BRIDGE_TOKEN`),
 * and any variable whose value holds one of `values` (the gateway token, however it was given).
 */
export interface HiddenSecrets {
  readonly names: readonly string[];
  readonly values: readonly string[];
}

/** Everything that decides how the capabilities behave. */
export interface CapabilitySettings extends CapabilitySwitches {
  /** gemini-cli's quirk (issue 17588): a missing file reads as empty instead of -32002 (asked at each read). */
  readonly missingFileReadsAsEmpty?: () => boolean;
  readonly terminals?: TerminalsOptions;
}

/** The `clientCapabilities` fields zc-pane sends in `initialize` for these switches. */
export interface AdvertisedCapabilities {
  readonly fs: { readonly readTextFile: boolean; readonly writeTextFile: boolean };
  readonly terminal: boolean;
}

/**
 * What to advertise: exactly what {@link installCapabilities} will handle, so an agent never calls a method
 * that would get -32601. There is deliberately no `elicitation` key: ZeroClaw treats even `{}` as support.
 */
export function advertisedCapabilities(switches: CapabilitySwitches = {}): AdvertisedCapabilities {
  const fs = switches.fs ?? true;
  return {
    fs: { readTextFile: fs, writeTextFile: fs && (switches.fsWrite ?? true) },
    terminal: switches.terminal ?? true,
  };
}

const TERMINAL_METHODS = [
  ACP_METHODS.terminalCreate,
  ACP_METHODS.terminalOutput,
  ACP_METHODS.terminalWaitForExit,
  ACP_METHODS.terminalKill,
  ACP_METHODS.terminalRelease,
];

/**
 * Answers a method that was not offered: -32601 with the reason, and a notice so the user sees that the
 * agent tried (a command it wanted to run, a file it wanted to write) and why it did not happen.
 */
function refuse(peer: JsonRpcPeer, host: CapabilityHost, method: string, refusal: string | undefined): void {
  peer.handleRequest(method, (params) => {
    const what = describeAttempt(method, params);
    host.emit({
      type: "notice",
      level: "warning",
      message: `refused: the agent tried to ${what}${refusal ? ` (${refusal})` : ""}`,
      ...(sessionOf(params) !== undefined ? { sessionId: sessionOf(params) } : {}),
    });
    throw new RpcHandlerError(
      ERROR_CODES.methodNotFound,
      `Method not found: ${method} is not offered to this agent${refusal ? `: ${refusal}` : ""}`,
    );
  });
}

/** "run `rm -rf ~`", "write /etc/passwd": what a refused call wanted, for the notice (sanitized later). */
function describeAttempt(method: string, params: unknown): string {
  const record = (params && typeof params === "object" ? params : {}) as Record<string, unknown>;
  if (method === ACP_METHODS.fsWriteTextFile)
    return `write ${typeof record.path === "string" ? record.path : "a file"}`;
  if (method === ACP_METHODS.terminalCreate) {
    const args = Array.isArray(record.args) ? record.args.filter((arg) => typeof arg === "string") : [];
    const line = [typeof record.command === "string" ? record.command : "", ...args].join(" ").trim();
    return line ? `run \`${line}\`` : "run a command";
  }
  return `use ${method}`;
}

function sessionOf(params: unknown): string | undefined {
  const id = (params as { sessionId?: unknown } | null)?.sessionId;
  return typeof id === "string" ? id : undefined;
}

/** The installed handlers, for the client's session and shutdown bookkeeping. */
export interface InstalledCapabilities {
  /** Releases (kills and forgets) every terminal of a session that was closed. */
  releaseSession(sessionId: string): Promise<void>;
  /** Kills every terminal; the client is going away. */
  dispose(): Promise<void>;
}

/**
 * Registers the fs and terminal request handlers on `peer` for the capabilities that are switched on; the
 * others are answered -32601 with the reason, and the user is told what the agent tried.
 */
export function installCapabilities(
  peer: JsonRpcPeer,
  host: CapabilityHost,
  settings: CapabilitySettings = {},
): InstalledCapabilities {
  const advertised = advertisedCapabilities(settings);
  const files = new FileAccess(
    host,
    settings.missingFileReadsAsEmpty ? { missingFileReadsAsEmpty: settings.missingFileReadsAsEmpty } : {},
  );
  if (advertised.fs.readTextFile) peer.handleRequest(ACP_METHODS.fsReadTextFile, (params) => files.read(params));
  else refuse(peer, host, ACP_METHODS.fsReadTextFile, settings.refusal);
  if (advertised.fs.writeTextFile) peer.handleRequest(ACP_METHODS.fsWriteTextFile, (params) => files.write(params));
  else refuse(peer, host, ACP_METHODS.fsWriteTextFile, settings.refusal);
  const terminals = advertised.terminal
    ? new Terminals(host, { ...settings.terminals, secrets: settings.secrets ?? { names: [], values: [] } })
    : undefined;
  if (!terminals) for (const method of TERMINAL_METHODS) refuse(peer, host, method, settings.refusal);
  if (terminals) {
    peer.handleRequest(ACP_METHODS.terminalCreate, (params) => terminals.create(params));
    peer.handleRequest(ACP_METHODS.terminalOutput, (params) => terminals.output(params));
    peer.handleRequest(ACP_METHODS.terminalWaitForExit, (params, context) =>
      terminals.waitForExit(params, context.signal),
    );
    peer.handleRequest(ACP_METHODS.terminalKill, (params) => terminals.kill(params));
    peer.handleRequest(ACP_METHODS.terminalRelease, (params) => terminals.release(params));
  }
  return {
    releaseSession: async (sessionId) => {
      await terminals?.releaseSession(sessionId);
    },
    dispose: async () => {
      await terminals?.releaseAll();
    },
  };
}
