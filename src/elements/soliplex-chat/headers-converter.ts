/** Reads the `headers` attribute: a JSON object of header names to values. */
export const headersConverter = {
  fromAttribute(value: string | null): Record<string, string> | undefined {
    if (!value) return undefined;
    try {
      const parsed: unknown = JSON.parse(value);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, string>;
    } catch {
      // Fall through: a broken attribute means no headers, reported below.
    }
    console.error('[soliplex-chat] the headers attribute must be a JSON object');
    return undefined;
  },
};
