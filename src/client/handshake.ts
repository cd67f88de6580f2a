import { ACP_METHODS, ACP_PROTOCOL_VERSION, detectLegacyInitialize, parseInitializeResult } from "../protocol/index.js";
import { createLogger } from "../log/logger.js";
import { describeAgent, type AgentInfo } from "./agent-info.js";
import { advertisedCapabilities, type CapabilitySwitches } from "./capabilities/index.js";
import type { ClientCore } from "./client-core.js";
import { ClientError } from "./errors.js";
import { describeStartupFailure } from "./failures.js";

const log = createLogger("client");

const INITIALIZE_TIMEOUT_MS = 10_000;

/** What `initialize` offers and how long it waits. */
export interface HandshakeOptions {
  readonly clientInfo?: { readonly name: string; readonly version: string };
  readonly capabilities?: CapabilitySwitches;
  readonly elicitation?: boolean;
  readonly initializeTimeoutMs?: number;
  /** The agent's recent stderr, quoted in start-up errors (stdio transport). */
  readonly stderrTail?: () => string;
}

/**
 * `initialize`: negotiates protocol version 1 and records the agent's capabilities. We advertise only what
 * we implement: fs and terminal unless switched off, session notices, compaction and boolean config options,
 * live output of the agent's own commands (`_meta.terminal_output`), and `elicitation` only
 * when asked to (ZeroClaw treats even `{}` as "form supported", protocol.md §3).
 */
export async function initializeAgent(core: ClientCore, options: HandshakeOptions): Promise<AgentInfo> {
  let raw: unknown;
  try {
    raw = await core.peer.request(
      ACP_METHODS.initialize,
      {
        protocolVersion: ACP_PROTOCOL_VERSION,
        clientCapabilities: {
          ...advertisedCapabilities(options.capabilities),
          // Notices and compaction are shown as transcript rows (reducer.ts); boolean config options are
          // listed and toggled in /settings.
          session: { notices: {}, compaction: {}, configOptions: { boolean: {} } },
          // Zed's convention (claude-agent-acp, codex-acp): the agent streams the output of commands it runs
          // itself in tool call `_meta`, shown in the row as it comes (state/meta-terminals.ts).
          _meta: { terminal_output: true },
          ...(options.elicitation ? { elicitation: { form: {}, url: {} } } : {}),
        },
        clientInfo: options.clientInfo ?? { name: "zc-pane", version: "0.1.0" },
      },
      { timeoutMs: options.initializeTimeoutMs ?? INITIALIZE_TIMEOUT_MS },
    );
  } catch (error) {
    throw describeStartupFailure(error, options.stderrTail?.() ?? "", (other) => core.describeFailure(other));
  }
  const legacy = detectLegacyInitialize(raw);
  if (legacy) {
    throw new ClientError(
      `the agent speaks a pre-v1 protocol (protocolVersion ${JSON.stringify(legacy.protocolVersion)}${legacy.serverName ? `, ${legacy.serverName}` : ""}); zc-pane needs ACP protocol version 1 (ZeroClaw v0.7.5 or newer)`,
      "unsupported-protocol",
    );
  }
  const parsed = parseInitializeResult(raw);
  if (!parsed.ok)
    throw new ClientError(`the agent's initialize answer is not valid ACP: ${parsed.error}`, "unsupported-protocol");
  if (parsed.value.protocolVersion !== ACP_PROTOCOL_VERSION) {
    throw new ClientError(
      `the agent answered with ACP protocol version ${JSON.stringify(parsed.value.protocolVersion)}; zc-pane speaks version ${ACP_PROTOCOL_VERSION}`,
      "unsupported-protocol",
    );
  }
  const info = describeAgent(parsed.value);
  core.initialized(info);
  log.info("initialized", { agent: info.name, version: info.version, profile: info.profile.name });
  return info;
}
