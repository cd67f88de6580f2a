import { isZeroClawAgent, type InitializeResult } from "../protocol/index.js";
import { STANDARD_PROFILE, ZEROCLAW_PROFILE, type ErrorProfile } from "../rpc/error-profile.js";
import type { PromptCapabilities } from "./attachments.js";
import { describeAuthMethod, type AuthMethodInfo } from "./auth.js";

/** What `initialize` told us about the agent, in the shape the rest of zc-pane needs. */
export interface AgentInfo {
  readonly protocolVersion: number;
  readonly name: string;
  readonly title?: string;
  readonly version?: string;
  readonly profile: ErrorProfile;
  readonly loadSession: boolean;
  readonly canResume: boolean;
  readonly canClose: boolean;
  readonly canList: boolean;
  /** `sessionCapabilities.delete`: the agent forgets a session for good on `session/delete`. */
  readonly canDelete: boolean;
  /** ZeroClaw's `session/stop` (an extension it does not advertise): only for the ZeroClaw profile. */
  readonly canStop: boolean;
  readonly promptCapabilities: PromptCapabilities;
  /** `mcpCapabilities`: which remote MCP transports the agent can use (stdio servers go to every agent). */
  readonly mcpTransports: { readonly http: boolean; readonly sse: boolean };
  /** How the agent can be signed in to, used when `session/new` answers "authentication required". */
  readonly authMethods: readonly AuthMethodInfo[];
  /** `_meta.zeroclaw`: session limit, idle timeout (also the approval timeout), default model. */
  readonly zeroclaw?: {
    readonly maxSessions?: number;
    readonly sessionTimeoutSecs?: number;
    readonly defaultModel?: string;
  };
}

/** Builds {@link AgentInfo} from a parsed initialize result; ZeroClaw is recognised by name or `_meta`. */
export function describeAgent(result: InitializeResult): AgentInfo {
  const capabilities = result.agentCapabilities ?? {};
  const sessionCapabilities = capabilities.sessionCapabilities ?? {};
  const meta = (result._meta as { zeroclaw?: Record<string, unknown> } | undefined)?.zeroclaw;
  const isZeroClaw = isZeroClawAgent(result);
  const zeroclaw = meta
    ? {
        ...(typeof meta.maxSessions === "number" ? { maxSessions: meta.maxSessions } : {}),
        ...(typeof meta.sessionTimeoutSecs === "number" ? { sessionTimeoutSecs: meta.sessionTimeoutSecs } : {}),
        ...(typeof meta.defaultModel === "string" ? { defaultModel: meta.defaultModel } : {}),
      }
    : undefined;
  return {
    protocolVersion: result.protocolVersion as number,
    name: result.agentInfo?.name ?? "agent",
    ...(result.agentInfo?.title ? { title: result.agentInfo.title } : {}),
    ...(result.agentInfo?.version ? { version: result.agentInfo.version } : {}),
    profile: isZeroClaw ? ZEROCLAW_PROFILE : STANDARD_PROFILE,
    loadSession: capabilities.loadSession === true,
    canResume: isPresent(sessionCapabilities.resume),
    canClose: isPresent(sessionCapabilities.close),
    canList: isPresent(sessionCapabilities.list),
    canDelete: isPresent(sessionCapabilities.delete),
    canStop: isZeroClaw,
    promptCapabilities: {
      image: capabilities.promptCapabilities?.image === true,
      audio: capabilities.promptCapabilities?.audio === true,
      embeddedContext: capabilities.promptCapabilities?.embeddedContext === true,
    },
    mcpTransports: {
      http: capabilities.mcpCapabilities?.http === true,
      sse: capabilities.mcpCapabilities?.sse === true,
    },
    authMethods: (result.authMethods ?? []).map(describeAuthMethod),
    ...(zeroclaw ? { zeroclaw } : {}),
  };
}

/** Capabilities like `sessionCapabilities.resume` are objects when supported (`{}`), absent or null when not. */
function isPresent(value: unknown): boolean {
  return value !== undefined && value !== null && value !== false;
}
