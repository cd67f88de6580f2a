import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  ConfigFileError,
  configFilePath,
  formatPath,
  loadConfigFile,
  notifySettingsOf,
  parseConfigText,
} from "../../src/config/config-file.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function configHome(text?: string): { env: NodeJS.ProcessEnv; path: string } {
  const root = mkdtempSync(join(tmpdir(), "zc-pane-config-"));
  dirs.push(root);
  const env = { XDG_CONFIG_HOME: root };
  const path = configFilePath(env);
  if (text !== undefined) {
    mkdirSync(join(root, "zc-pane"));
    writeFileSync(path, text);
  }
  return { env, path };
}

/** The error message a config text gives, with the path shortened to `F`. */
function problem(config: unknown): string {
  try {
    parseConfigText(typeof config === "string" ? config : JSON.stringify(config), "F");
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigFileError);
    return (error as Error).message;
  }
  throw new Error("expected the config to be refused");
}

describe("the config file", () => {
  it("lives at $XDG_CONFIG_HOME/zc-pane/config.json, else ~/.config/zc-pane/config.json", () => {
    expect(configFilePath({ XDG_CONFIG_HOME: "/x" }, "/home/me")).toBe("/x/zc-pane/config.json");
    expect(configFilePath({}, "/home/me")).toBe("/home/me/.config/zc-pane/config.json");
  });

  it("may be missing", () => {
    const { env, path } = configHome();
    expect(loadConfigFile(configFilePath(env))).toEqual({ path, found: false, config: {} });
  });

  it("reads agents, defaultAgent and keys (a single key spec becomes a list)", () => {
    const { env } = configHome(
      JSON.stringify({
        agents: {
          mine: {
            command: "my-agent",
            args: ["--acp"],
            env: { MY_MODE: "fast" },
            cwd: "~/work",
            quirks: { missingFileReadsAsEmpty: true },
          },
          gemini: { args: ["--acp", "--debug"] },
        },
        defaultAgent: "mine",
        keys: { "turn.cancel": "escape", "tool.toggle": ["ctrl+o", "ctrl+e"] },
      }),
    );
    expect(loadConfigFile(configFilePath(env))).toMatchObject({
      found: true,
      config: {
        agents: {
          mine: {
            command: "my-agent",
            args: ["--acp"],
            env: { MY_MODE: "fast" },
            cwd: "~/work",
            quirks: { missingFileReadsAsEmpty: true },
          },
          gemini: { args: ["--acp", "--debug"] },
        },
        defaultAgent: "mine",
        keys: { "turn.cancel": ["escape"], "tool.toggle": ["ctrl+o", "ctrl+e"] },
      },
    });
  });

  it("names the bad field, and what is wrong with it", () => {
    expect(problem({ agents: { gemini: { args: ["--acp", 1] } } })).toBe(
      "F: agents.gemini.args[1]: expected a string, got number 1",
    );
    expect(problem({ agents: { gemini: { args: "--acp" } } })).toBe(
      'F: agents.gemini.args: expected an array, got string "--acp"',
    );
    expect(problem({ agents: { mine: { comand: "x" } } })).toBe("F: unknown field agents.mine.comand");
    expect(problem({ defaultagent: "claude" })).toBe("F: unknown field defaultagent");
    expect(problem({ agents: { gemini: { quirks: { emptyReads: true } } } })).toBe(
      "F: unknown field agents.gemini.quirks.emptyReads",
    );
    expect(problem({ agents: { "my agent": { command: "x" } } })).toBe(
      'F: agents["my agent"]: agent names use letters, digits, `.`, `_` and `-`',
    );
    expect(problem({ agents: { mine: { command: "  " } } })).toBe(
      "F: agents.mine.command: must be a non-empty program name or path",
    );
    expect(problem({ agents: { mine: { env: { A: 1 } } } })).toBe(
      "F: agents.mine.env.A: expected a string, got number 1",
    );
    expect(problem({ defaultAgent: null })).toBe("F: defaultAgent: expected a string, got null");
    expect(problem([])).toBe("F: the file: expected an object, got an array");
  });

  it("says when the file is not JSON, or cannot be read", () => {
    expect(problem('{"agents": {')).toMatch(/^F is not valid JSON: /);
    const { env, path } = configHome("{}");
    chmodSync(path, 0o000);
    // Root reads anything: the check only means something for ordinary users.
    if (process.getuid?.() !== 0)
      expect(() => loadConfigFile(configFilePath(env))).toThrow(`cannot read ${path}: permission denied`);
    chmodSync(path, 0o600);
  });

  it("formats paths the way they are written in JSON", () => {
    expect(formatPath(["agents", "gemini", "args", 0])).toBe("agents.gemini.args[0]");
    expect(formatPath(["keys", "turn.cancel"])).toBe('keys["turn.cancel"]');
  });
});

describe("notify settings", () => {
  it("defaults to the bell, takes a desktop method, and needs notifyCommand for command", () => {
    expect(notifySettingsOf(parseConfigText("{}", "F"), "F")).toEqual({ method: "bell" });
    expect(notifySettingsOf(parseConfigText('{"notify":"osc9"}', "F"), "F")).toEqual({ method: "osc9" });
    expect(
      notifySettingsOf(parseConfigText('{"notify":"command","notifyCommand":["notify-send","-a","zc"]}', "F"), "F"),
    ).toEqual({ method: "command", command: ["notify-send", "-a", "zc"] });
    expect(() => notifySettingsOf(parseConfigText('{"notify":"command"}', "F"), "F")).toThrow(
      'F: notifyCommand: missing (needed by "notify": "command")',
    );
    expect(problem({ notify: "popup" })).toContain("notify:");
  });
});
