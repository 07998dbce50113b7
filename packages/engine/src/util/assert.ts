/** Programmer-error checks: these throw plain Errors, never EngineErrors, because a failure is a bug. */
export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`assertion failed: ${message}`);
}

export function assertNever(value: never, what: string): never {
  throw new Error(`unexpected ${what}: ${String(value)}`);
}

export function assertLength(array: ArrayLike<unknown>, length: number, what: string): void {
  if (array.length !== length) {
    throw new Error(`assertion failed: ${what} has length ${array.length}, expected ${length}`);
  }
}
