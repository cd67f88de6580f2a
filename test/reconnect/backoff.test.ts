import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Backoff } from "../../src/client/reconnect/backoff.js";
import { isRetryableFailure, Reconnector, shouldReconnect } from "../../src/client/reconnect/reconnector.js";
import { ClientError } from "../../src/client/errors.js";

describe("Backoff", () => {
  it("doubles from 1 s and caps at 30 s", () => {
    const backoff = new Backoff({ random: () => 0.5 });
    const delays = Array.from({ length: 8 }, () => backoff.next());
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it("keeps every delay within ±20 % of its base", () => {
    const low = new Backoff({ random: () => 0 });
    const high = new Backoff({ random: () => 0.999999 });
    expect(low.next()).toBe(800);
    expect(high.next()).toBe(1200);
    const random = new Backoff();
    for (let n = 0; n < 200; n++) {
      const base = random.baseDelay(random.attempt);
      const delay = random.next();
      expect(delay).toBeGreaterThanOrEqual(base * 0.8);
      expect(delay).toBeLessThanOrEqual(base * 1.2);
    }
  });

  it("starts over at 1 s after a reset", () => {
    const backoff = new Backoff({ random: () => 0.5 });
    backoff.next();
    backoff.next();
    backoff.next();
    backoff.reset();
    expect(backoff.next()).toBe(1000);
  });
});

describe("Reconnector with fake timers", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const unreachable = () =>
    new ClientError("cannot connect", "connection", {
      cause: { name: "WebSocketConnectError", close: { reason: "error", handshake: "refused", message: "refused" } },
    });

  it("waits 1, 2, 4, … 30 s between failed attempts, then resets after a success", async () => {
    let failures = 7;
    const attemptTimes: number[] = [];
    const waits: number[] = [];
    let restored = 0;
    const start = Date.now();
    const reconnector = new Reconnector({
      backoff: { random: () => 0.5 },
      attempt: async () => {
        attemptTimes.push(Date.now() - start);
        if (failures-- > 0) throw unreachable();
      },
      onWaiting: ({ retryAt }) => waits.push(retryAt - Date.now()),
      onRestored: () => restored++,
      onFatal: () => expect.unreachable(),
    });
    reconnector.start();
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000 + 8000 + 16000 + 30000 + 30000 + 30000);
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect(attemptTimes).toEqual([1000, 3000, 7000, 15000, 31000, 61000, 91000, 121000]);
    expect(restored).toBe(1);
    expect(reconnector.reconnecting).toBe(false);

    // A new outage starts again at 1 s.
    waits.length = 0;
    reconnector.start();
    expect(waits).toEqual([1000]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(restored).toBe(2);
  });

  it("retries at once on retryNow, and stops on a refused token", async () => {
    let calls = 0;
    let fatal: unknown;
    const reconnector = new Reconnector({
      backoff: { random: () => 0.5 },
      attempt: async () => {
        calls++;
        if (calls === 1) throw unreachable();
        throw new ClientError("401", "connection", {
          cause: {
            name: "WebSocketConnectError",
            close: { reason: "error", handshake: "unauthorized", message: "401" },
          },
        });
      },
      onWaiting: () => undefined,
      onFatal: (error) => (fatal = error),
    });
    reconnector.start();
    reconnector.retryNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(1);
    reconnector.retryNow();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toBe(2);
    expect((fatal as Error).message).toBe("401");
    expect(reconnector.reconnecting).toBe(false);
  });

  it("does nothing after stop", async () => {
    const attempt = vi.fn(async () => undefined);
    const reconnector = new Reconnector({ attempt, onWaiting: () => undefined, onFatal: () => undefined });
    reconnector.start();
    reconnector.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempt).not.toHaveBeenCalled();
  });
});

describe("what reconnects by itself", () => {
  it("a dropped socket and a gateway that is not up yet; not an exited agent nor a refused token", () => {
    expect(shouldReconnect({ reason: "socket-closed", message: "dropped" })).toBe(true);
    expect(shouldReconnect({ reason: "error", message: "x", handshake: "timeout" } as never)).toBe(true);
    expect(shouldReconnect({ reason: "error", message: "x", handshake: "unauthorized" } as never)).toBe(false);
    expect(shouldReconnect({ reason: "exited", message: "x", exitCode: 1 })).toBe(false);
    expect(shouldReconnect({ reason: "closed-by-us", message: "x" })).toBe(false);
    expect(isRetryableFailure(new ClientError("unknown session", "unknown-session"))).toBe(false);
    expect(isRetryableFailure(new ClientError("lost", "connection"))).toBe(true);
  });
});
