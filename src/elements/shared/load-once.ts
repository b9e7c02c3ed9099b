/**
 * Loads a lazily defined part's module once, on its first use; a failed load (a network blip) is
 * logged and tried again on the next use.
 */
export function loadOnce(load: () => Promise<unknown>): () => void {
  let loading: Promise<unknown> | undefined;
  return () =>
    void (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      console.error('[soliplex-chat] a part could not be loaded', error);
    }));
}
