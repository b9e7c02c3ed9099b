/**
 * A module imported on its first use and kept. `loaded` holds it from then on, for callers that must
 * not wait: an `import()` of a module already loaded still resolves a task later (time enough for a
 * frame to render in between). A failed load (a network blip) is tried again on the next `load()`.
 */
export class LazyModule<M> {
  loaded: M | undefined;
  #loading: Promise<M> | undefined;
  readonly #import: () => Promise<M>;

  constructor(importer: () => Promise<M>) {
    this.#import = importer;
  }

  load(): Promise<M> {
    this.#loading ??= this.#import().then(
      (module) => (this.loaded = module),
      (error: unknown) => {
        this.#loading = undefined;
        throw error;
      },
    );
    return this.#loading;
  }
}
