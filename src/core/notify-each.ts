/**
 * Calls each listener with `value`; one that throws is logged (`[soliplex-chat] <what> listener threw`)
 * and the others still run. Pass a copy when a listener may add or remove listeners meanwhile.
 */
export function notifyEach<T>(listeners: Iterable<(value: T) => void>, value: T, what: string): void {
  for (const listener of listeners) {
    try {
      listener(value);
    } catch (error) {
      console.error(`[soliplex-chat] ${what} listener threw`, error);
    }
  }
}
