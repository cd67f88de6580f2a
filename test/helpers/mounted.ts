/**
 * Every Ink instance a test mounted: `test/setup.ts` unmounts what is left after each test, so a test that
 * fails before its own `unmount()` no longer leaks a live instance (timers, stdin listeners) into the next.
 * No Ink import here: the setup file loads this before Ink may read the environment.
 */
const mounted = new Set<{ unmount(): void }>();

/** Registers a mounted instance; returns it. */
export function trackMounted<T extends { unmount(): void }>(instance: T): T {
  mounted.add(instance);
  return instance;
}

/** Unmounts every instance still registered (Ink's unmount is idempotent). */
export function unmountAll(): void {
  for (const instance of mounted) instance.unmount();
  mounted.clear();
}
