import { ACP_METHODS } from "../protocol/index.js";
import { createLogger } from "../log/logger.js";
import { RpcError } from "../rpc/errors.js";
import { decideAuthMethod, describeAuthMethods, type AuthOptions } from "./auth.js";
import type { ClientCore } from "./client-core.js";
import { ClientError } from "./errors.js";

const log = createLogger("client");

/** An `agent` method may wait for the user to finish a browser login; longer than that, something is stuck. */
const AUTHENTICATE_TIMEOUT_MS = 5 * 60_000;

/**
 * `authenticate`, sent when a session-opening request answers "authentication required" (or on demand), with
 * the method `--auth`, the environment or the pane's picker chose (see {@link decideAuthMethod}).
 */
export class Authentication {
  private authenticatedMethod: string | undefined;

  constructor(
    private readonly core: ClientCore,
    private readonly options: AuthOptions | undefined,
  ) {}

  /** The method of the last successful `authenticate` on this connection, if any (for `/status` and `doctor`). */
  get authenticatedWith(): string | undefined {
    return this.authenticatedMethod;
  }

  /**
   * `authenticate` with one of the agent's methods. A `terminal` method is refused: the spec has the client
   * run the agent interactively instead.
   */
  async authenticate(methodId: string): Promise<void> {
    const agent = this.core.agent;
    const method = agent.authMethods.find((candidate) => candidate.id === methodId);
    if (!method)
      throw new ClientError(
        `${agent.name} offers no authentication method "${methodId}". ${describeAuthMethods(agent.authMethods, this.options)}`,
        "auth-required",
      );
    if (method.type === "terminal")
      throw new ClientError(
        `"${methodId}" is a terminal login: it is run in a terminal, not sent to the agent`,
        "not-supported",
      );
    log.info("authenticating", { agent: agent.name, methodId });
    await this.core.call(ACP_METHODS.authenticate, { methodId }, AUTHENTICATE_TIMEOUT_MS);
    this.authenticatedMethod = methodId;
  }

  /**
   * Runs a session-opening request; when the agent answers "authentication required" (-32000 for standard
   * agents, -32010 for ZeroClaw), picks a method (`--auth`, a usable `env_var` method, or the pane's picker),
   * sends `authenticate` and runs the request once more. Without a usable method it fails with a message
   * that lists the methods and what each needs.
   */
  async around<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (!(error instanceof RpcError && error.kind === "auth-required")) throw error;
      const agent = this.core.agent;
      const decision = await decideAuthMethod(agent.name, agent.authMethods, this.options);
      if (decision.kind === "fail") throw new ClientError(decision.message, "auth-required", { cause: error });
      await this.authenticate(decision.method.id);
      try {
        return await request();
      } catch (retryError) {
        if (!(retryError instanceof RpcError && retryError.kind === "auth-required")) throw retryError;
        throw new ClientError(
          `${agent.name} still requires authentication after authenticate with "${decision.method.id}": ${retryError.remoteMessage}`,
          "auth-required",
          { cause: retryError },
        );
      }
    }
  }
}
