import { Text } from "ink";
import { useEffect, useState } from "react";

/** `59:12`, or `1:00:00` from an hour up: whole seconds, rounded up so 0:00 means the time is over. */
export function formatRemaining(remainingMs: number): string {
  const total = Math.max(0, Math.ceil(remainingMs / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
}

/**
 * Milliseconds until the shown value next changes, plus a small margin: a timer that fires a hair early
 * would otherwise see the same second and schedule a second render within the same second.
 */
export function nextTickDelay(remainingMs: number): number {
  return (remainingMs % 1000 || 1000) + 15;
}

/** Props of {@link Countdown}. */
export interface CountdownProps {
  /** When the request arrived (`Date.now()` ms). */
  readonly receivedAt: number;
  /** The agent's own timeout for answering, after which it denies the call itself. */
  readonly timeoutSecs: number;
}

/**
 * "answer within 59:12" until the agent's timeout, then "time is up" (the agent has denied it by then).
 * It is its own component so that its once-a-second state change re-renders this line only, and its timer
 * stops once the time is up.
 */
export function Countdown({ receivedAt, timeoutSecs }: CountdownProps) {
  const deadline = receivedAt + timeoutSecs * 1000;
  const [now, setNow] = useState(() => Date.now());
  const remaining = deadline - now;
  useEffect(() => {
    if (remaining <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), nextTickDelay(remaining));
    return () => clearTimeout(timer);
  }, [remaining]);
  if (remaining <= 0) return <Text color="red">time is up</Text>;
  return <Text color={remaining < 60_000 ? "yellow" : undefined}>answer within {formatRemaining(remaining)}</Text>;
}
