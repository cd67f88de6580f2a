#!/usr/bin/env node
// The hostile peer (hostile-peer.mjs) as a stdio ACP agent: NDJSON on stdin/stdout, the script from
// $HOSTILE_SCRIPT, the received messages logged to $HOSTILE_LOG.
import { createInterface } from "node:readline";
import { hostilePeer } from "./hostile-peer.mjs";

const receive = hostilePeer((line) => process.stdout.write(`${line}\n`), {
  script: process.env.HOSTILE_SCRIPT,
  log: process.env.HOSTILE_LOG,
});
createInterface({ input: process.stdin, crlfDelay: Infinity }).on("line", (line) => {
  if (line.trim() === "") return;
  receive(JSON.parse(line));
});
