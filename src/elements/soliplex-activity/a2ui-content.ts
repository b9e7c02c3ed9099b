/**
 * The content of an `a2ui-surface` activity as `@ag-ui/a2ui-middleware` sends it: the surface's A2UI
 * v0.9 operations under `a2ui_operations` once painted, a `status` before (`building`, `retrying`,
 * `failed`, one activity id for the whole lifecycle, each snapshot replacing the last).
 */
export const A2UI_ACTIVITY_TYPE = 'a2ui-surface';

/** The operations (objects only), or undefined when the content carries none. */
export function a2uiOperations(content: Readonly<Record<string, unknown>>): readonly Record<string, unknown>[] | undefined {
  const operations = content['a2ui_operations'];
  if (!Array.isArray(operations)) return undefined;
  return operations.filter((op): op is Record<string, unknown> => op !== null && typeof op === 'object' && !Array.isArray(op));
}

/** The pre-paint status, when the content has one the middleware defines. */
export function a2uiStatus(content: Readonly<Record<string, unknown>>): 'building' | 'retrying' | 'failed' | undefined {
  const status = content['status'];
  return status === 'building' || status === 'retrying' || status === 'failed' ? status : undefined;
}

/** The basic catalog's components that fetch their `url` by themselves when they render. */
const MEDIA = new Set(['Image', 'Video', 'AudioPlayer']);

/**
 * The operation with the chat's image rule applied (`image-origins`, README "Nothing in model output
 * fetches by itself"): an Image, Video or AudioPlayer whose `url` is not an `http(s)` URL of a listed
 * origin (an inline `data:` image excepted) becomes a caption showing the URL as text. A URL bound to
 * the data model cannot be checked before it loads, so it is shown as text the same way.
 */
export function withMediaRule(
  operation: Readonly<Record<string, unknown>>,
  mayLoad: (url: string) => boolean,
): Readonly<Record<string, unknown>> {
  const update = operation['updateComponents'] as { components?: unknown } | undefined;
  if (!update || typeof update !== 'object' || !Array.isArray(update.components)) return operation;
  const components = update.components.map((component: unknown) => {
    if (component === null || typeof component !== 'object') return component;
    const { id, component: type, url, weight } = component as Record<string, unknown>;
    if (typeof type !== 'string' || !MEDIA.has(type)) return component;
    if (typeof url === 'string' && (mayLoad(url) || (type === 'Image' && /^data:image\//i.test(url)))) return component;
    return { id, component: 'Text', text: url ?? '', variant: 'caption', ...(weight !== undefined ? { weight } : {}) };
  });
  return { ...operation, updateComponents: { ...update, components } };
}
