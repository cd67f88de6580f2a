import { chmod, lstat, mkdir, readFile, readdir, stat, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ClientEvent } from "../../../src/client/events.js";
import { makeTempDir, startScriptedAgent, type ScriptedAgent } from "./scripted-agent.js";

let temp: Awaited<ReturnType<typeof makeTempDir>>;
let cwd: string;
let outside: string;
let agent: ScriptedAgent | undefined;

beforeEach(async () => {
  temp = await makeTempDir("zc-pane-fs-");
  cwd = join(temp.path, "project");
  outside = join(temp.path, "outside");
  await mkdir(join(cwd, "src"), { recursive: true });
  await mkdir(outside);
  await writeFile(join(cwd, "src", "main.py"), "line 1\nline 2\r\nline 3\nline 4\n");
  await writeFile(join(outside, "secret.txt"), "top secret\n");
});

afterEach(async () => {
  await agent?.client.dispose();
  agent = undefined;
  await temp.remove();
});

async function start(
  options: { missingFileReadsAsEmpty?: boolean; additionalDirectories?: string[] } = {},
): Promise<ScriptedAgent> {
  agent = await startScriptedAgent({ cwd, ...options });
  return agent;
}

function written(events: ClientEvent[]) {
  return events.filter((event) => event.type === "file-written");
}

describe("fs/read_text_file", () => {
  it("reads the whole file, or `limit` lines from the 1-based `line`, terminators kept", async () => {
    const { call, sessionId } = await start();
    const path = join(cwd, "src", "main.py");
    expect(await call("fs/read_text_file", { sessionId, path }, 7)).toEqual({
      jsonrpc: "2.0",
      id: 7,
      result: { content: "line 1\nline 2\r\nline 3\nline 4\n" },
    });
    expect(await call("fs/read_text_file", { sessionId, path, line: 2, limit: 2 }, "r-2")).toEqual({
      jsonrpc: "2.0",
      id: "r-2",
      result: { content: "line 2\r\nline 3\n" },
    });
    expect((await call("fs/read_text_file", { sessionId, path, line: 4 })).result).toEqual({ content: "line 4\n" });
    expect((await call("fs/read_text_file", { sessionId, path, limit: 1 })).result).toEqual({ content: "line 1\n" });
    expect((await call("fs/read_text_file", { sessionId, path, line: 99, limit: 5 })).result).toEqual({ content: "" });
    expect((await call("fs/read_text_file", { sessionId, path, line: null, limit: null })).result).toEqual({
      content: "line 1\nline 2\r\nline 3\nline 4\n",
    });
  });

  it("decodes UTF-8", async () => {
    const { call, sessionId } = await start();
    await writeFile(join(cwd, "utf8.txt"), "héllo wörld ✓ 🎉\n");
    expect((await call("fs/read_text_file", { sessionId, path: join(cwd, "utf8.txt") })).result).toEqual({
      content: "héllo wörld ✓ 🎉\n",
    });
  });

  it("refuses ../ that climbs out of the cwd with -32602 naming the path and the allowed roots", async () => {
    const { call, sessionId } = await start();
    const escape = `${cwd}/../../../../../../../../etc/passwd`;
    expect(await call("fs/read_text_file", { sessionId, path: escape }, "esc")).toEqual({
      jsonrpc: "2.0",
      id: "esc",
      error: {
        code: -32602,
        message: `Invalid params: /etc/passwd is outside the session's directories; allowed: ${cwd}`,
        data: { path: "/etc/passwd", allowedRoots: [cwd] },
      },
    });
  });

  it("refuses an absolute path elsewhere, and a sibling directory whose name starts like the cwd", async () => {
    const { call, sessionId } = await start();
    const secret = join(outside, "secret.txt");
    expect(await call("fs/read_text_file", { sessionId, path: secret }, 1)).toEqual({
      jsonrpc: "2.0",
      id: 1,
      error: {
        code: -32602,
        message: `Invalid params: ${secret} is outside the session's directories; allowed: ${cwd}`,
        data: { path: secret, allowedRoots: [cwd] },
      },
    });
    await mkdir(`${cwd}-other`);
    await writeFile(`${cwd}-other/x.txt`, "x");
    expect((await call("fs/read_text_file", { sessionId, path: `${cwd}-other/x.txt` })).error).toMatchObject({
      code: -32602,
    });
  });

  it("refuses a symlink inside the cwd that points out, saying where it resolves", async () => {
    const { call, sessionId } = await start();
    const secret = join(outside, "secret.txt");
    await symlink(secret, join(cwd, "innocent.txt"));
    await symlink(outside, join(cwd, "linked-dir"));
    const viaFile = join(cwd, "innocent.txt");
    expect(await call("fs/read_text_file", { sessionId, path: viaFile }, "sym")).toEqual({
      jsonrpc: "2.0",
      id: "sym",
      error: {
        code: -32602,
        message: `Invalid params: ${viaFile} (it resolves to ${secret}) is outside the session's directories; allowed: ${cwd}`,
        data: { path: viaFile, allowedRoots: [cwd] },
      },
    });
    expect(
      (await call("fs/read_text_file", { sessionId, path: join(cwd, "linked-dir", "secret.txt") })).error,
    ).toMatchObject({ code: -32602 });
  });

  it("follows a symlink that stays inside the cwd", async () => {
    const { call, sessionId } = await start();
    await symlink(join(cwd, "src", "main.py"), join(cwd, "alias.py"));
    expect((await call("fs/read_text_file", { sessionId, path: join(cwd, "alias.py"), limit: 1 })).result).toEqual({
      content: "line 1\n",
    });
  });

  it("refuses a relative path", async () => {
    const { call, sessionId } = await start();
    expect((await call("fs/read_text_file", { sessionId, path: "src/main.py" })).error).toEqual({
      code: -32602,
      message: "Invalid params: path must be absolute (ACP requires absolute paths): src/main.py",
      data: { path: "src/main.py" },
    });
  });

  it("refuses a session this client does not hold with -32002 and data.sessionId", async () => {
    const { call } = await start();
    expect(await call("fs/read_text_file", { sessionId: "nope", path: join(cwd, "src", "main.py") }, 3)).toEqual({
      jsonrpc: "2.0",
      id: 3,
      error: {
        code: -32002,
        message: "Resource not found: session nope is not open in this client",
        data: { sessionId: "nope" },
      },
    });
  });

  it("answers a missing file with -32002 (resource not found), and invalid params with -32602", async () => {
    const { call, sessionId } = await start();
    const missing = join(cwd, "nope", "missing.txt");
    expect(await call("fs/read_text_file", { sessionId, path: missing }, "m")).toEqual({
      jsonrpc: "2.0",
      id: "m",
      error: { code: -32002, message: `Resource not found: ${missing}`, data: { path: missing } },
    });
    expect((await call("fs/read_text_file", { sessionId, path: join(cwd, "src") })).error).toMatchObject({
      code: -32602,
      message: `Invalid params: ${join(cwd, "src")} is not a regular file`,
    });
    expect(
      (await call("fs/read_text_file", { sessionId, path: join(cwd, "src", "main.py"), line: 0 })).error,
    ).toMatchObject({ code: -32602 });
  });

  it("reads a missing file as empty when missingFileReadsAsEmpty is set (gemini-cli issue 17588)", async () => {
    const { call, sessionId } = await start({ missingFileReadsAsEmpty: true });
    expect((await call("fs/read_text_file", { sessionId, path: join(cwd, "new.txt") })).result).toEqual({
      content: "",
    });
    // The quirk does not widen the roots.
    expect((await call("fs/read_text_file", { sessionId, path: join(outside, "nothing.txt") })).error).toMatchObject({
      code: -32602,
    });
  });

  it("allows the session's additional directories", async () => {
    const { call, sessionId, transport } = await start({ additionalDirectories: [outside] });
    expect(transport.sentMessages[1]).toMatchObject({
      method: "session/new",
      params: { cwd, additionalDirectories: [outside] },
    });
    expect((await call("fs/read_text_file", { sessionId, path: join(outside, "secret.txt") })).result).toEqual({
      content: "top secret\n",
    });
    expect((await call("fs/read_text_file", { sessionId, path: join(temp.path, "x.txt") })).error).toMatchObject({
      code: -32602,
      data: { allowedRoots: [cwd, outside] },
    });
  });

  it("refuses a whole read over 10 MiB but serves a line range of it", async () => {
    const { call, sessionId } = await start();
    const big = join(cwd, "big.log");
    const line = `${"x".repeat(1023)}\n`;
    await writeFile(big, line.repeat(11 * 1024));
    expect((await call("fs/read_text_file", { sessionId, path: big })).error).toEqual({
      code: -32602,
      message: `Invalid params: ${big} is 11 MiB, over the 10 MiB limit for one read; read it in parts with line and limit`,
      data: { path: big, size: 11 * 1024 * 1024, maxBytes: 10 * 1024 * 1024 },
    });
    expect((await call("fs/read_text_file", { sessionId, path: big, line: 11 * 1024, limit: 10 })).result).toEqual({
      content: line,
    });
  });
});

describe("fs/write_text_file", () => {
  it("creates a new file and its missing directories, answers {}, and emits file-written without old text", async () => {
    const { call, sessionId, events } = await start();
    const path = join(cwd, "docs", "new", "notes.md");
    expect(await call("fs/write_text_file", { sessionId, path, content: "# Notes\n" }, 9)).toEqual({
      jsonrpc: "2.0",
      id: 9,
      result: {},
    });
    expect(await readFile(path, "utf8")).toBe("# Notes\n");
    expect(written(events)).toEqual([{ type: "file-written", sessionId, path, created: true, newText: "# Notes\n" }]);
  });

  it("overwrites atomically, keeps the mode, leaves no temporary file, and emits the old and new text", async () => {
    const { call, sessionId, events } = await start();
    const path = join(cwd, "src", "main.py");
    await chmod(path, 0o640);
    expect((await call("fs/write_text_file", { sessionId, path, content: "print('é')\n" })).result).toEqual({});
    expect(await readFile(path, "utf8")).toBe("print('é')\n");
    expect((await stat(path)).mode & 0o777).toBe(0o640);
    expect(await readdir(join(cwd, "src"))).toEqual(["main.py"]);
    expect(written(events)).toEqual([
      {
        type: "file-written",
        sessionId,
        path,
        created: false,
        oldText: "line 1\nline 2\r\nline 3\nline 4\n",
        newText: "print('é')\n",
      },
    ]);
  });

  it("writes through a symlink that stays inside to its target, leaving the link in place", async () => {
    const { call, sessionId } = await start();
    const link = join(cwd, "alias.py");
    await symlink(join(cwd, "src", "main.py"), link);
    expect((await call("fs/write_text_file", { sessionId, path: link, content: "new\n" })).result).toEqual({});
    expect(await readFile(join(cwd, "src", "main.py"), "utf8")).toBe("new\n");
    expect((await lstat(link)).isSymbolicLink()).toBe(true);
  });

  it("refuses writes outside the roots, through an escaping symlinked directory, or via a dangling link", async () => {
    const { call, sessionId, events } = await start();
    await symlink(outside, join(cwd, "linked-dir"));
    await symlink(join(outside, "not-yet.txt"), join(cwd, "dangling.txt"));
    const viaDir = join(cwd, "linked-dir", "planted.txt");
    expect(await call("fs/write_text_file", { sessionId, path: viaDir, content: "x" }, "w1")).toEqual({
      jsonrpc: "2.0",
      id: "w1",
      error: {
        code: -32602,
        message: `Invalid params: ${viaDir} (it resolves to ${join(outside, "planted.txt")}) is outside the session's directories; allowed: ${cwd}`,
        data: { path: viaDir, allowedRoots: [cwd] },
      },
    });
    expect(
      (await call("fs/write_text_file", { sessionId, path: `${cwd}/../outside/secret.txt`, content: "x" })).error,
    ).toMatchObject({ code: -32602 });
    expect(
      (await call("fs/write_text_file", { sessionId, path: join(cwd, "dangling.txt"), content: "x" })).error,
    ).toEqual({
      code: -32602,
      message: `Invalid params: ${join(cwd, "dangling.txt")} is a symlink to a missing target; refusing to follow it`,
      data: { path: join(cwd, "dangling.txt") },
    });
    expect(await readdir(outside)).toEqual(["secret.txt"]);
    expect(await readFile(join(outside, "secret.txt"), "utf8")).toBe("top secret\n");
    expect(written(events)).toEqual([]);
  });

  it("refuses an unknown session, and answers -32601 when fs is switched off", async () => {
    const { call } = await start();
    expect(
      (await call("fs/write_text_file", { sessionId: "other", path: join(cwd, "a.txt"), content: "" })).error,
    ).toEqual({
      code: -32002,
      message: "Resource not found: session other is not open in this client",
      data: { sessionId: "other" },
    });
    await agent!.client.dispose();
    agent = await startScriptedAgent({ cwd, capabilities: { fs: false } });
    const params = JSON.parse(agent.transport.sent[0]!) as { params: { clientCapabilities: unknown } };
    expect(params.params.clientCapabilities).toEqual({
      fs: { readTextFile: false, writeTextFile: false },
      terminal: true,
      session: { notices: {}, compaction: {}, configOptions: { boolean: {} } },
      _meta: { terminal_output: true },
    });
    expect(
      await agent.call("fs/write_text_file", { sessionId: agent.sessionId, path: join(cwd, "a.txt"), content: "" }, 5),
    ).toEqual({
      jsonrpc: "2.0",
      id: 5,
      error: { code: -32601, message: "Method not found: fs/write_text_file is not offered to this agent" },
    });
  });
});

describe("initialize", () => {
  it("advertises fs and terminal, and no elicitation key", async () => {
    const { transport } = await start();
    expect(transport.sent[0]).toBe(
      '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1,"clientCapabilities":{"fs":{"readTextFile":true,"writeTextFile":true},"terminal":true,"session":{"notices":{},"compaction":{},"configOptions":{"boolean":{}}},"_meta":{"terminal_output":true}},"clientInfo":{"name":"zc-pane","version":"0.1.0"}}}',
    );
  });
});
