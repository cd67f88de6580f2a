// A hostile ACP peer for the security tests: the same script runs as a stdio agent (hostile-agent.mjs) or
// behind a real WebSocket server on 127.0.0.1 (hostile-gateway.ts). Plain JS so tests need no build step.
//
// The script is a JSON file (the stdio agent takes its path from $HOSTILE_SCRIPT):
//   { "sessionId": "…",          the id session/new answers (default "hostile-1"): may carry escapes, "/../"
//     "stopReason": "…",          what session/prompt answers (default end_turn)
//     "prompt": [ACTION…] }       run in order on every session/prompt
// Actions:
//   {"do":"request","method":M,"params":P}   a request to the client; waits for its answer
//   {"do":"raw","line":L,"answers":N}        writes L as it is (a batch, an object id…); waits for N answers
//                                            (default 1) that match none of its own requests
//   {"do":"oversized","id":ID,"method":M,"bytes":N}  a request line of N bytes; waits for its answer
//   {"do":"text","text":T}                   an agent_message_chunk
//   {"do":"update","update":U}               any session/update
//   {"do":"stderr","text":T}                 written to stderr
//   {"do":"permission","toolCall":TC}        session/request_permission with allow/reject options; waits
//   {"do":"sleep","ms":N}                    waits (to let a background command run)
//   {"do":"wait_file","path":P}              polls (every 20 ms) until the file P holds a line
// In params, the strings "$SESSION", "$CWD" and "$TERMINAL" (the last terminalId the client returned) are
// replaced. Every message received is appended to $HOSTILE_LOG (one JSON line each), and every answer is
// also reported as text: `ANSWER <method> <json>`, so a test of `prompt` can read it on stdout.
import { appendFileSync, existsSync, readFileSync } from "node:fs";

/**
 * Runs the hostile script (`files.script`, a path) on one connection: `write(line)` sends a line; feed the
 * returned function every parsed message received. `files.log`: where received messages are recorded.
 */
export function hostilePeer(write, files) {
  const script = JSON.parse(readFileSync(files.script, "utf8"));
  const logFile = files.log;
  const sessionId = script.sessionId ?? "hostile-1";
  let cwd = "/";
  let terminalId = "";
  let nextId = 1;
  const waiting = [];
  const pending = new Map();

  const send = (message) => write(JSON.stringify(message));
  const text = (value) =>
    send({
      jsonrpc: "2.0",
      method: "session/update",
      params: { sessionId, update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text: value } } },
    });
  const fill = (value) => {
    if (typeof value === "string")
      return value.replaceAll("$SESSION", sessionId).replaceAll("$CWD", cwd).replaceAll("$TERMINAL", terminalId);
    if (Array.isArray(value)) return value.map(fill);
    if (value && typeof value === "object")
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v)]));
    return value;
  };
  const request = (method, params, id = `h-${nextId++}`) =>
    new Promise((resolve) => {
      pending.set(String(id), resolve);
      send({ jsonrpc: "2.0", id, method, params });
    });
  /** Waits for `count` answers that match no request of ours (id null, or the id a raw line carried). */
  const rawAnswers = (count) =>
    new Promise((resolve) => {
      const got = [];
      if (count === 0) return resolve(got);
      waiting.push((message) => {
        got.push(message);
        if (got.length < count) return false;
        resolve(got);
        return true;
      });
    });

  async function run(action) {
    switch (action.do) {
      case "request": {
        const answer = await request(action.method, fill(action.params));
        if (answer.result?.terminalId) terminalId = answer.result.terminalId;
        text(`ANSWER ${action.method} ${JSON.stringify(answer.error ?? answer.result)}\n`);
        return;
      }
      case "raw": {
        const answers = rawAnswers(action.answers ?? 1);
        write(action.line);
        text(`ANSWER raw ${JSON.stringify(await answers)}\n`);
        return;
      }
      case "oversized": {
        const answer = new Promise((resolve) => pending.set(String(action.id), resolve));
        const head = JSON.stringify({ jsonrpc: "2.0", id: action.id, method: action.method, params: { pad: "" } });
        write(head.replace('"pad":""', `"pad":"${"x".repeat(action.bytes)}"`));
        text(`ANSWER oversized ${JSON.stringify((await answer).error ?? null)}\n`);
        return;
      }
      case "text":
        return text(action.text);
      case "update":
        return send({ jsonrpc: "2.0", method: "session/update", params: { sessionId, update: fill(action.update) } });
      case "stderr":
        process.stderr.write(fill(action.text));
        return;
      case "permission": {
        const answer = await request("session/request_permission", {
          sessionId,
          toolCall: fill(action.toolCall),
          options: [
            { optionId: "allow", name: "Allow", kind: "allow_once" },
            { optionId: "reject", name: "Reject", kind: "reject_once" },
          ],
        });
        text(`ANSWER permission ${JSON.stringify(answer.result ?? answer.error)}\n`);
        return;
      }
      case "sleep":
        return new Promise((resolve) => setTimeout(resolve, action.ms));
      case "wait_file":
        while (!(existsSync(action.path) && readFileSync(action.path, "utf8").includes("\n")))
          await new Promise((resolve) => setTimeout(resolve, 20));
        return;
    }
  }

  function answerClient(message) {
    const { id, method, params } = message;
    const reply = (result) => send({ jsonrpc: "2.0", id, result });
    switch (method) {
      case "initialize":
        return reply({
          protocolVersion: 1,
          agentCapabilities: {
            loadSession: false,
            promptCapabilities: { image: false, embeddedContext: true },
            sessionCapabilities: { resume: {} },
          },
          agentInfo: { name: "hostile", version: "6.6.6" },
          authMethods: [],
        });
      case "session/new":
        cwd = params.cwd;
        return reply({ sessionId });
      case "session/resume":
        cwd = params.cwd;
        return reply({});
      case "session/prompt":
        void (async () => {
          for (const action of script.prompt ?? []) await run(action);
          reply({ stopReason: script.stopReason ?? "end_turn" });
        })();
        return;
      default:
        if (id !== undefined && id !== null) send({ jsonrpc: "2.0", id, error: { code: -32601, message: "nope" } });
    }
  }

  return function onMessage(message) {
    if (logFile) appendFileSync(logFile, `${JSON.stringify(message)}\n`);
    if (message.method !== undefined) return answerClient(message);
    const resolve = message.id === null ? undefined : pending.get(String(message.id));
    if (resolve) {
      pending.delete(String(message.id));
      return resolve(message);
    }
    if (waiting[0]?.(message)) waiting.shift();
  };
}
