import {
  ACP_METHODS,
  parseEmptyResult,
  parseSetConfigOptionResult,
  type RestoreSessionResult,
  type SessionConfigOption,
  type SessionUpdate,
} from "../protocol/index.js";
import type { ClientCore } from "./client-core.js";
import { ClientError } from "./errors.js";
import {
  applySettingsUpdate,
  configOptionParams,
  setModelProblem,
  setModeProblem,
  settingsFromResult,
  type SessionSettings,
} from "./session-settings.js";

/**
 * Each session's modes, config options, legacy models and usage, kept current from the agent's results and
 * updates, and the requests that change them (`set_mode`, `set_config_option`, `set_model`). Every change is
 * emitted as a `session-settings` event.
 */
export class SettingsControl {
  private readonly bySession = new Map<string, SessionSettings>();

  constructor(private readonly core: ClientCore) {}

  /** The session's settings as last reported; undefined for an unknown session. */
  get(sessionId: string): SessionSettings | undefined {
    return this.bySession.get(sessionId);
  }

  /** A new session's settings, from the `session/new` result. */
  opened(sessionId: string, result: RestoreSessionResult): void {
    this.update(sessionId, settingsFromResult(result));
  }

  /** A restored session's settings: what the `load`/`resume` result carries, over what we had. */
  restored(sessionId: string, result: RestoreSessionResult): void {
    this.update(sessionId, { ...this.bySession.get(sessionId), ...settingsFromResult(result) });
  }

  /** Follows a `session/update` that touches the settings (mode, config options, usage). */
  follow(sessionId: string, update: SessionUpdate): void {
    const settings = applySettingsUpdate(this.bySession.get(sessionId) ?? {}, update);
    if (settings) this.update(sessionId, settings);
  }

  forget(sessionId: string): void {
    this.bySession.delete(sessionId);
  }

  /** `session/set_mode`, only to a mode the agent listed for the session. The current mode is updated on success. */
  async setMode(sessionId: string, modeId: string): Promise<void> {
    const problem = setModeProblem(this.core.agent.name, this.bySession.get(sessionId), modeId);
    if (problem) throw new ClientError(problem, "not-supported");
    await this.core.call(ACP_METHODS.sessionSetMode, { sessionId, modeId });
    const settings = this.bySession.get(sessionId) ?? {};
    if (settings.modes) this.update(sessionId, { ...settings, modes: { ...settings.modes, currentModeId: modeId } });
  }

  /**
   * `session/set_config_option` (how the model is chosen now: the option with `category: "model"`). Checked
   * against the options the agent listed; resolves with the full new set the agent answers with.
   */
  async setConfigOption(
    sessionId: string,
    configId: string,
    value: string | boolean,
  ): Promise<readonly SessionConfigOption[]> {
    const checked = configOptionParams(this.core.agent.name, this.bySession.get(sessionId), sessionId, configId, value);
    if ("problem" in checked) throw new ClientError(checked.problem, "not-supported");
    const parsed = parseSetConfigOptionResult(await this.core.call(ACP_METHODS.sessionSetConfigOption, checked.params));
    if (!parsed.ok)
      throw new ClientError(
        `the agent's session/set_config_option answer is not valid ACP: ${parsed.error}`,
        "agent-error",
      );
    this.update(sessionId, { ...this.bySession.get(sessionId), configOptions: parsed.value.configOptions });
    return parsed.value.configOptions;
  }

  /** Legacy `session/set_model`: sent only to agents that listed `models` for the session (it left the spec). */
  async setModel(sessionId: string, modelId: string): Promise<void> {
    const problem = setModelProblem(this.core.agent.name, this.bySession.get(sessionId), modelId);
    if (problem) throw new ClientError(problem, "not-supported");
    const parsed = parseEmptyResult(
      await this.core.call(ACP_METHODS.sessionSetModel, { sessionId, modelId }),
      ACP_METHODS.sessionSetModel,
    );
    if (!parsed.ok)
      throw new ClientError(`the agent's session/set_model answer is not valid ACP: ${parsed.error}`, "agent-error");
    const settings = this.bySession.get(sessionId) ?? {};
    if (settings.models)
      this.update(sessionId, { ...settings, models: { ...settings.models, currentModelId: modelId } });
  }

  private update(sessionId: string, settings: SessionSettings): void {
    this.bySession.set(sessionId, settings);
    this.core.emit({ type: "session-settings", sessionId, settings });
  }
}
