import { EventEmitter } from "node:events";

/** A TTY stdin that never types anything: for renders driven only through the store (budgets, bench). */
export class QuietStdin extends EventEmitter {
  readonly isTTY = true;
  setEncoding() {}
  setRawMode() {}
  read() {
    return null;
  }
  resume() {}
  pause() {}
  ref() {}
  unref() {}
}
