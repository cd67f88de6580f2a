#!/usr/bin/env node
// Replays the agent side of a wire capture (`../shared/captures/*.jsonl`) as a real stdio ACP agent:
//   node test/helpers/replay-agent/replay-agent.mjs CAPTURE.jsonl
// Plain JS so tests and tmux panes run it without a build step.
//
// The capture is a script, played in order:
//   - a request the client sent (c->a): wait until our client sends a request of that method; the captured
//     response is later sent back under our client's id. A captured client request our client never sends
//     (Codex's `authenticate` when no --auth was given) is skipped once the client asks for something later.
//   - a notification the client sent (`session/cancel`): wait until our client sends it.
//   - a message the agent sent (a->c): sent as captured. A request of the agent's (`session/request_permission`,
//     `fs/*`, `terminal/*`) waits for our client's answer, whatever it is, before the script goes on.
// Captured paths under /home/user/project are rewritten to the session's real cwd, captured terminal ids to the
// ids our client returned. Requests the capture never saw are refused with -32601 (method not found).
// Every message received is appended to $REPLAY_LOG (one JSON line each) when it is set, for assertions on
// what a real agent would have received.
import { appendFileSync, readFileSync } from "node:fs";
import { createInterface } from "node:readline";

const CAPTURE_CWD = "/home/user/project";
const capturePath = process.argv[2];
if (!capturePath) {
  process.stderr.write("usage: replay-agent.mjs CAPTURE.jsonl\n");
  process.exit(2);
}
const steps = readFileSync(capturePath, "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line));
const log = process.env.REPLAY_LOG;

/** Messages from the client not consumed by the script yet. */
const inbox = [];
let wake = () => {};
/** Captured client request id → our client's id (undefined: skipped, never sent by our client). */
const liveIds = new Map();
/** Exact string replacements applied to everything sent (cwd, terminal ids). */
const substitutions = [];
let cursor = 0;

const isRequest = (msg) => typeof msg.method === "string" && msg.id !== undefined;
const isNotification = (msg) => typeof msg.method === "string" && msg.id === undefined;
const isResponse = (msg) => msg.method === undefined && msg.id !== undefined;

function send(message) {
  let text = JSON.stringify(message);
  for (const [from, to] of substitutions) text = text.split(from).join(to);
  process.stdout.write(`${text}\n`);
}

/** Client methods the rest of the script still waits for. */
function methodsAhead(from) {
  const methods = new Set();
  for (let i = from; i < steps.length; i++)
    if (steps[i].dir === "c->a" && steps[i].msg.method) methods.add(steps[i].msg.method);
  return methods;
}

function receive(message) {
  if (log) appendFileSync(log, `${JSON.stringify(message)}\n`);
  if (isRequest(message) && !methodsAhead(cursor).has(message.method)) {
    process.stdout.write(
      `${JSON.stringify({ jsonrpc: "2.0", id: message.id, error: { code: -32601, message: `Method not found: ${message.method}` } })}\n`,
    );
    return;
  }
  inbox.push(message);
  wake();
}

/** Waits until `find` picks a message from the inbox, removes it and returns it. */
async function take(find) {
  for (;;) {
    const index = find();
    if (index !== -1) return inbox.splice(index, 1)[0];
    await new Promise((resolve) => {
      wake = resolve;
    });
  }
}

async function play() {
  for (; cursor < steps.length; cursor++) {
    const { dir, msg } = steps[cursor];
    if (dir === "c->a") {
      if (isRequest(msg)) {
        const live = await takeRequestOrSkip(msg.method);
        liveIds.set(msg.id, live?.id);
        const cwd = live?.params?.cwd;
        if (typeof cwd === "string" && !substitutions.some(([from]) => from === CAPTURE_CWD))
          substitutions.push([CAPTURE_CWD, cwd]);
      } else if (isNotification(msg)) {
        await take(() => inbox.findIndex((m) => isNotification(m) && m.method === msg.method));
      }
      // The client's captured answers to the agent's requests were awaited when the request was sent.
      continue;
    }
    if (isResponse(msg)) {
      if (!liveIds.has(msg.id) || liveIds.get(msg.id) === undefined) continue;
      send({ ...msg, id: liveIds.get(msg.id) });
    } else if (isRequest(msg)) {
      send(msg);
      const answer = await take(() => inbox.findIndex((m) => isResponse(m) && m.id === msg.id));
      learnIds(msg.id, answer);
    } else {
      send(msg);
    }
  }
}

/** Waits for the client's request of `method`; undefined when a later request of the script came first. */
async function takeRequestOrSkip(method) {
  for (;;) {
    const index = inbox.findIndex((m) => isRequest(m) && m.method === method);
    if (index !== -1) return inbox.splice(index, 1)[0];
    if (inbox.some((m) => isRequest(m) && methodsAhead(cursor + 1).has(m.method))) return undefined;
    await new Promise((resolve) => {
      wake = resolve;
    });
  }
}

/** A terminal id our client chose replaces the captured one in everything sent later. */
function learnIds(agentRequestId, answer) {
  const captured = steps.find(
    (step, index) => index > cursor && step.dir === "c->a" && isResponse(step.msg) && step.msg.id === agentRequestId,
  );
  const from = captured?.msg?.result?.terminalId;
  const to = answer?.result?.terminalId;
  if (typeof from === "string" && typeof to === "string" && from !== to) substitutions.push([from, to]);
}

const lines = createInterface({ input: process.stdin });
lines.on("line", (line) => {
  if (line.trim() === "") return;
  try {
    receive(JSON.parse(line));
  } catch {
    process.stderr.write(`replay-agent: not JSON: ${line.slice(0, 200)}\n`);
  }
});
lines.on("close", () => process.exit(0));
play().then(
  () => process.stderr.write("replay-agent: capture replayed to its end\n"),
  (error) => {
    process.stderr.write(`replay-agent: ${error?.stack ?? error}\n`);
    process.exit(1);
  },
);
