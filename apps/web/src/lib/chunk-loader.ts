/**
 * A chunk fetched on first need (`load`), once — again after a failure — and kept (`loaded`), so
 * that a screen needing it later renders it at once, without a fallback. `load` may be called
 * ahead of the need (a preload).
 */
export function chunkLoader<T>(importer: () => Promise<T>) {
  let pending: Promise<T> | null = null;
  let value: T | null = null;
  return {
    load(): Promise<T> {
      pending ??= importer().then(
        (mod) => (value = mod),
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
    /** The chunk once it is here, else null. */
    loaded(): T | null {
      return value;
    },
  };
}
