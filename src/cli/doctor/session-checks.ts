import { withTimeout } from "../../common/timeout.js";
import type { AcpClient } from "../../client/acp-client.js";
import type { AgentInfo } from "../../client/agent-info.js";
import { authMethodNeeds } from "../../client/auth.js";
import { ClientError } from "../../client/errors.js";
import { sanitizeLine, sanitizeText } from "../../markdown/sanitize.js";
import { fail, ok, type Check } from "./check.js";
import { errorMessage } from "../../common/error-message.js";

/** The exact reply `--live` asks for (the seed's LIVE-ACP-SPAWN-OK check, for zc-pane). */
export const LIVE_MARKER = "ZC-PANE-LIVE-OK";
/** The prompt of the live turn. */
export const LIVE_PROMPT = `Reply with exactly ${LIVE_MARKER}`;

/** How `initialize` went, or why the agent never got that far. */
export function initializeFailureCheck(error: unknown, gateway: boolean): Check {
  const message = sanitizeText(errorMessage(error));
  const code = error instanceof ClientError ? error.code : undefined;
  switch (code) {
    case "initialize-timeout":
      return fail(
        "initialize",
        "initialize",
        message,
        gateway
          ? "check that the gateway's ACP endpoint is ZeroClaw's /acp"
          : "check that the command starts an ACP agent on stdio (gemini needs --acp, opencode the acp subcommand)",
      );
    case "connection":
      return fail(
        "initialize",
        "initialize",
        message,
        gateway ? undefined : "run the agent's command by hand to see why it stops",
      );
    case "unsupported-protocol":
      return fail("initialize", "initialize", message, "upgrade the agent to one that speaks ACP protocol version 1");
    default:
      return fail("initialize", "initialize", message);
  }
}

/** The agent answered `initialize`: who it is and how long starting it took. */
export function initializeCheck(agent: AgentInfo, elapsedMs: number): Check {
  const who = [agent.title ?? agent.name, agent.version]
    .filter(Boolean)
    .map((part) => sanitizeLine(String(part)))
    .join(" ");
  return ok("initialize", "initialize", `${who} answered in ${(elapsedMs / 1000).toFixed(1)} s`);
}

/** The protocol version, and which error-code profile the client uses for the agent. */
export function protocolCheck(agent: AgentInfo): Check {
  return ok(
    "protocol",
    "protocol",
    `ACP protocol version ${agent.protocolVersion}, ${agent.profile.name === "zeroclaw" ? "ZeroClaw's" : "standard"} error codes`,
  );
}

/** What the agent can do, in one line. */
export function capabilitiesCheck(agent: AgentInfo): Check {
  const sessions = [
    agent.loadSession && "load",
    agent.canResume && "resume",
    agent.canClose && "close",
    agent.canList && "list",
    agent.canDelete && "delete",
    agent.canStop && "stop",
  ].filter(Boolean);
  const prompts = [
    "text",
    agent.promptCapabilities.embeddedContext && "embedded files",
    agent.promptCapabilities.image && "images",
    agent.promptCapabilities.audio && "audio",
  ].filter(Boolean);
  return ok(
    "capabilities",
    "capabilities",
    `sessions: new${sessions.length > 0 ? `, ${sessions.join(", ")}` : ""} · prompts: ${prompts.join(", ")}`,
  );
}

/**
 * Whether a session can be opened, and with which authentication: the flow `zc-pane` itself runs (`--auth`,
 * then an `env_var` method whose variables are set), never a sign-in the user did not ask for.
 */
export function authCheck(client: AcpClient, outcome: { readonly error?: unknown }, env: NodeJS.ProcessEnv): Check {
  const agent = client.agent;
  const offered =
    agent.authMethods.length > 0
      ? ` (methods offered: ${agent.authMethods.map((method) => sanitizeLine(method.id)).join(", ")})`
      : "";
  if (!outcome.error) {
    const used = client.authenticatedWith;
    if (!used) return ok("auth", "authentication", `session/new works without authentication${offered}`);
    const method = agent.authMethods.find((candidate) => candidate.id === used);
    return ok(
      "auth",
      "authentication",
      `authenticated with ${sanitizeLine(used)}${method ? `: ${sanitizeLine(authMethodNeeds(method, env))}` : ""}`,
    );
  }
  const message = sanitizeText(outcome.error instanceof Error ? outcome.error.message : String(outcome.error));
  if (outcome.error instanceof ClientError && outcome.error.code === "auth-required") {
    return fail(
      "auth",
      "authentication",
      message,
      "set the variable of an env_var method, or pass --auth METHOD_ID (see the methods above)",
    );
  }
  return fail("auth", "authentication", `session/new failed: ${message}`);
}

/**
 * One real turn: the agent must answer with {@link LIVE_MARKER}. Permission requests were already answered
 * `cancelled` by the connection's policy (nothing runs); `permissionCount` says how many there were.
 */
export async function liveCheck(
  client: AcpClient,
  sessionId: string,
  timeoutMs: number,
  permissionCount: () => number,
): Promise<Check> {
  let answer = "";
  const off = client.subscribe((event) => {
    if (
      event.type === "update" &&
      event.sessionId === sessionId &&
      event.update.sessionUpdate === "agent_message_chunk" &&
      event.update.content.type === "text"
    )
      answer += event.update.content.text;
  });
  const started = Date.now();
  try {
    const result = await withTimeout(client.prompt(sessionId, [{ type: "text", text: LIVE_PROMPT }]), timeoutMs);
    if (result === undefined) {
      client.cancel(sessionId);
      return fail(
        "live",
        "live turn",
        `no answer within ${Math.round(timeoutMs / 1000)} s`,
        "check the agent's provider login and network; `zc-pane prompt` shows the turn as it streams",
      );
    }
    if (result.finalText) answer += result.finalText;
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const asked = permissionCount();
    const permissions = asked > 0 ? `; ${asked} permission request${asked === 1 ? "" : "s"} answered cancelled` : "";
    if (answer.includes(LIVE_MARKER))
      return ok("live", "live turn", `the agent replied ${LIVE_MARKER} in ${seconds} s${permissions}`);
    const quoted = sanitizeLine(answer.trim()).slice(0, 200) || "(no text)";
    return fail(
      "live",
      "live turn",
      `the reply did not contain ${LIVE_MARKER} (stop reason ${sanitizeLine(result.stopReason)}${permissions}): ${quoted}`,
      "the agent runs but does not follow the prompt: check its model and provider settings",
    );
  } catch (error) {
    return fail("live", "live turn", sanitizeText(errorMessage(error)), "check the agent's provider login and quota");
  } finally {
    off();
  }
}
