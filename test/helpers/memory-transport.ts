import {
  Listeners,
  TransportClosedError,
  type Transport,
  type TransportClose,
  type TransportProblem,
} from "../../src/transport/transport.js";

/**
 * An in-memory transport for unit tests of the RPC core: `sent` records the exact JSON text we wrote,
 * `deliver` plays a message from the agent.
 */
export class MemoryTransport implements Transport {
  readonly sent: string[] = [];
  private readonly messages = new Listeners<{ message: unknown; raw: string }>();
  private readonly problems = new Listeners<TransportProblem>();
  private readonly closes = new Listeners<TransportClose>();
  closed: TransportClose | undefined;
  private readonly waiters: Array<() => void> = [];

  send(message: object): void {
    if (this.closed) throw new TransportClosedError(this.closed);
    this.sent.push(JSON.stringify(message));
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** The sent messages, parsed. */
  get sentMessages(): Array<Record<string, unknown>> {
    return this.sent.map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  /** Waits until at least `count` messages were sent. */
  async waitForSent(count: number): Promise<void> {
    while (this.sent.length < count) await new Promise<void>((resolve) => this.waiters.push(resolve));
  }

  deliver(message: unknown): void {
    this.messages.emit({ message, raw: JSON.stringify(message) });
  }

  onMessage(handler: (message: unknown, raw: string) => void): () => void {
    return this.messages.add(({ message, raw }) => handler(message, raw));
  }

  onProblem(handler: (problem: TransportProblem) => void): () => void {
    return this.problems.add(handler);
  }

  onClose(handler: (close: TransportClose) => void): () => void {
    return this.closes.add(handler);
  }

  /** Simulates the agent going away. */
  drop(message = "the agent exited with code 1"): void {
    if (this.closed) return;
    this.closed = { reason: "exited", message, exitCode: 1, signal: null };
    this.closes.emit(this.closed);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = { reason: "closed-by-us", message: "closed" };
    this.closes.emit(this.closed);
  }
}
