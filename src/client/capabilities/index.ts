import { ACP_METHODS } from "../../protocol/index.js";
import type { JsonRpcPeer } from "../../rpc/peer.js";
import { FileAccess } from "./file-access.js";
import type { CapabilityHost } from "./host.js";
import { Terminals, type TerminalsOptions } from "./terminals.js";

export type { CapabilityHost } from "./host.js";
export { FileAccess, MAX_TEXT_FILE_BYTES, type FileAccessOptions } from "./file-access.js";
export { Terminals, DEFAULT_OUTPUT_BYTE_LIMIT, MAX_OUTPUT_BYTE_LIMIT, type TerminalsOptions } from "./terminals.js";

/** Which client-side capabilities to offer the agent. Both default to on. */
export interface CapabilitySwitches {
  /** `fs/read_text_file` and `fs/write_text_file`. */
  readonly fs?: boolean;
  /** `terminal/create`, `output`, `wait_for_exit`, `kill`, `release`. */
  readonly terminal?: boolean;
}

/** Everything that decides how the capabilities behave. */
export interface CapabilitySettings extends CapabilitySwitches {
  /** gemini-cli's quirk (issue 17588): a missing file reads as empty instead of -32002. */
  readonly missingFileReadsAsEmpty?: boolean;
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
  return { fs: { readTextFile: fs, writeTextFile: fs }, terminal: switches.terminal ?? true };
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
 * others stay unregistered, so the peer answers them -32601 like any method we do not implement.
 */
export function installCapabilities(
  peer: JsonRpcPeer,
  host: CapabilityHost,
  settings: CapabilitySettings = {},
): InstalledCapabilities {
  const advertised = advertisedCapabilities(settings);
  if (advertised.fs.readTextFile) {
    const files = new FileAccess(host, { missingFileReadsAsEmpty: settings.missingFileReadsAsEmpty ?? false });
    peer.handleRequest(ACP_METHODS.fsReadTextFile, (params) => files.read(params));
    peer.handleRequest(ACP_METHODS.fsWriteTextFile, (params) => files.write(params));
  }
  const terminals = advertised.terminal ? new Terminals(host, settings.terminals) : undefined;
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
