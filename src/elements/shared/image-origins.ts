/**
 * Which images from agent output may load (`image-origins`). An image loads the moment it renders, so
 * a prompt-injected agent can put private data in an image URL and the browser sends it: only origins
 * the page lists load by themselves; any other image is shown as a link the reader may follow.
 */

/** The origins of an `image-origins` value ('*': any http(s) origin), parsed once per value. */
const parsed = new Map<string, '*' | ReadonlySet<string>>();

function originsOf(value: string): '*' | ReadonlySet<string> {
  let origins = parsed.get(value);
  if (origins === undefined) {
    const tokens = value.split(/\s+/).filter(Boolean);
    origins = tokens.includes('*') ? '*' : new Set(tokens.map(originOf).filter((origin): origin is string => origin !== undefined));
    if (parsed.size > 16) parsed.clear();
    parsed.set(value, origins);
  }
  return origins;
}

/** `https://cdn.example/a/b.png` → `https://cdn.example`; undefined for anything but http(s). */
function originOf(url: string): string | undefined {
  try {
    const { protocol, origin } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' ? origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether an image at `url` may load by itself: an http(s) URL whose origin `imageOrigins` (the
 * attribute's value: space-separated origins, or `*`) lists. The default (none) allows nothing.
 */
export function imageMayLoad(url: string, imageOrigins: string | undefined): boolean {
  if (!imageOrigins) return false;
  const origin = originOf(url);
  if (origin === undefined) return false;
  const origins = originsOf(imageOrigins);
  return origins === '*' || origins.has(origin);
}
