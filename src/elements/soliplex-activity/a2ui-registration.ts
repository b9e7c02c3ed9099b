/**
 * Where the A2UI renderer comes from. `@a2ui/lit` depends on zod 3 and other packages a chat without
 * A2UI should not install, so it is opt-in on npm: `import 'soliplex-chat/a2ui'` (with `@a2ui/lit` and
 * `@a2ui/web_core` installed) provides it; the CDN build provides it always (bundled, loaded on use).
 * Until provided, an `a2ui-surface` activity shows as any other activity.
 */
let loader: (() => Promise<unknown>) | undefined;

/** Called by `soliplex-chat/a2ui` (and the CDN entry): the A2UI renderer's chunk, loaded with the first surface. */
export function provideA2uiRenderer(load: () => Promise<unknown>): void {
  loader = load;
}

/** The A2UI renderer's loader, if a page provided it. */
export function a2uiRenderer(): (() => Promise<unknown>) | undefined {
  return loader;
}
