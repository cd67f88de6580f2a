import { errorMessage } from "./error-message.js";
/**
 * Waits for `promise` or `ms`, whichever comes first, without leaving a timer behind: resolves with the
 * promise's value, or `undefined` when the time ran out; a rejection passes through.
 */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  return new Promise<T | undefined>((resolve, reject) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(errorMessage(error)));
      },
    );
  });
}
