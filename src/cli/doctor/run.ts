import { mkdtempSync, rmSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { SessionHandle } from "../../client/acp-client.js";
import {
  AgentSelectionError,
  resolveConnection,
  UsageError,
  type Connection,
  type ConnectionOptions,
} from "../../config/connection.js";
import { GatewayTokenError } from "../../config/gateway.js";
import { ZeroClawConfigError } from "../../config/zeroclaw-config.js";
import { connect, type Connected } from "../connect.js";
import { agentCheck, commandCheck } from "./agent-checks.js";
import { fail, ok, type Check } from "./check.js";
import { mcpChecks } from "./mcp-checks.js";
import { gatewayFailureCheck, gatewayUrlCheck, tokenCheck, tokenErrorCheck } from "./gateway-checks.js";
import {
  authCheck,
  capabilitiesCheck,
  initializeCheck,
  initializeFailureCheck,
  liveCheck,
  protocolCheck,
} from "./session-checks.js";
import { configCheck, cwdCheck, stateDirCheck } from "./setup-checks.js";
import { errorMessage } from "../../common/error-message.js";

/** How long `--live` waits for the answer; real agents can be slow to start a model. */
const LIVE_TIMEOUT_MS = 120_000;
/** Overrides {@link LIVE_TIMEOUT_MS} (tests, slow providers). */
export const LIVE_TIMEOUT_ENV = "ZC_PANE_LIVE_TIMEOUT_MS";

/** What `zc-pane doctor` was asked to check. */
export interface DoctorOptions {
  readonly connection: ConnectionOptions;
  /** The session directory (`--cwd`, default the current one). */
  readonly cwd: string;
  /** `--live`: run one real turn. */
  readonly live: boolean;
  readonly env?: NodeJS.ProcessEnv;
  readonly home?: string;
}

/** Every check that ran, in order, and what they were about. */
export interface DoctorReport {
  /** `agent claude`, `gateway ws://…/acp`: what was checked. */
  readonly target: string;
  readonly checks: readonly Check[];
  /** False when any check failed (doctor exits 1). */
  readonly ok: boolean;
}

/**
 * `zc-pane doctor`: checks the setup the other commands would use, in the order they depend on each other,
 * and stops a branch at its first failure (no `initialize` check for a command that is not installed).
 * Option clashes still throw {@link UsageError}, as for every command.
 */
export async function runDoctor(options: DoctorOptions): Promise<DoctorReport> {
  const env = options.env ?? process.env;
  const home = options.home ?? homedir();
  const cwd = resolve(options.cwd);
  const config = configCheck(env, home);
  const checks: Check[] = [config.check, cwdCheck(cwd), stateDirCheck(env)];
  let connection: Connection;
  try {
    connection = resolveConnection(options.connection, { env, home, registry: config.registry });
  } catch (error) {
    // With a broken config file, an agent it defined is "unknown": report that next to the config failure.
    if (error instanceof UsageError && config.check.status !== "fail") throw error;
    checks.push(resolutionFailure(error));
    return report("setup", checks);
  }
  if (connection.kind === "stdio") {
    checks.push(agentCheck(connection));
    const command = await commandCheck(connection, cwd, env);
    checks.push(command);
    if (command.status !== "fail") await sessionChecks(connection, options, env, checks);
    checks.push(...(await mcpChecks(connection.mcpServers, cwd)));
    return report(`agent ${connection.agentName}`, checks);
  }
  checks.push(gatewayUrlCheck(connection), tokenCheck(connection));
  await sessionChecks(connection, options, env, checks);
  checks.push(...(await mcpChecks(connection.mcpServers, cwd)));
  return report(`gateway ${connection.url}`, checks);
}

/** Connect and initialize, then open a session in a temporary directory, then the live turn if asked. */
async function sessionChecks(
  connection: Connection,
  options: DoctorOptions,
  env: NodeJS.ProcessEnv,
  checks: Check[],
): Promise<void> {
  let permissions = 0;
  const started = Date.now();
  let connected: Connected;
  try {
    // Safety for --live: every permission request is answered `cancelled`, and no command or file write is
    // offered (one tried anyway is refused), so nothing the agent asks for runs.
    connected = await connect(connection, {
      cwd: resolve(options.cwd),
      env,
      refuseSideEffects: "zc-pane doctor runs nothing on this machine",
      permissionPolicy: () => {
        permissions++;
        return { outcome: "cancelled" };
      },
    });
  } catch (error) {
    if (connection.kind === "gateway") {
      const refused = gatewayFailureCheck(connection, error);
      if (refused) {
        checks.push(refused);
        return;
      }
      checks.push(ok("gateway", "gateway", `reachable at ${connection.url}`));
    }
    checks.push(initializeFailureCheck(error, connection.kind === "gateway"));
    return;
  }
  const { client, agent } = connected;
  if (connection.kind === "gateway") checks.push(ok("gateway", "gateway", `reachable at ${connection.url}`));
  checks.push(initializeCheck(agent, Date.now() - started), protocolCheck(agent), capabilitiesCheck(agent));
  // A scratch directory: the check must not leave a session (or files from --live) in the user's project.
  const scratch = mkdtempSync(join(tmpdir(), "zc-pane-doctor-"));
  try {
    let session: SessionHandle | undefined;
    let error: unknown;
    try {
      session = await client.newSession({
        cwd: scratch,
        ...(options.connection.alias ? { alias: options.connection.alias } : {}),
      });
    } catch (caught) {
      error = caught;
    }
    checks.push(authCheck(client, error === undefined ? {} : { error }, env));
    if (session && options.live)
      checks.push(await liveCheck(client, session.sessionId, liveTimeout(env), () => permissions));
    if (session) await client.closeSession(session.sessionId).catch(() => false);
  } finally {
    await client.dispose();
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** Why no connection could even be resolved: no agent chosen, a bad token file, an unusable ZeroClaw config. */
function resolutionFailure(error: unknown): Check {
  if (error instanceof AgentSelectionError)
    return fail("agent", "agent", error.message, 'pass --agent NAME, --agent-cmd "CMD ARGS" or --demo');
  if (error instanceof GatewayTokenError) return tokenErrorCheck(error);
  if (error instanceof ZeroClawConfigError) return fail("gateway-config", "ZeroClaw config", error.message);
  return fail("agent", "agent", errorMessage(error));
}

function liveTimeout(env: NodeJS.ProcessEnv): number {
  const text = env[LIVE_TIMEOUT_ENV];
  return text !== undefined && /^\d+$/.test(text) && Number(text) > 0 ? Number(text) : LIVE_TIMEOUT_MS;
}

function report(target: string, checks: readonly Check[]): DoctorReport {
  return { target, checks, ok: checks.every((check) => check.status !== "fail") };
}
