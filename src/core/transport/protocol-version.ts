/**
 * The AG-UI version this client speaks and declares on every run it starts (`RunAgentInput.protocolVersion`).
 * `@ag-ui/core`'s own `PROTOCOL_VERSION` still says "1.0"; the widget follows the 1.1 processing rules.
 */
export const AGUI_PROTOCOL_VERSION = '1.1';

/** A version as its numeric components (`MAJOR.MINOR`, older peers `0.0.PATCH`), or undefined when it is not one. */
function components(version: string): number[] | undefined {
  return /^\d+(\.\d+){1,2}$/.test(version) ? version.split('.').map(Number) : undefined;
}

/**
 * A readable warning for a producer's `RUN_STARTED.protocolVersion` that is newer than this client's
 * (compared numerically, component by component: 1.10 is newer than 1.9) or that cannot be read; the
 * run goes on either way (spec 1.1, versioning). Undefined for an absent, equal or older declaration.
 */
export function protocolVersionWarning(declared: unknown): string | undefined {
  if (declared === undefined) return undefined;
  const theirs = typeof declared === 'string' ? components(declared) : undefined;
  if (!theirs) return `The agent declares AG-UI protocol version ${JSON.stringify(declared)}, which this chat cannot interpret; it speaks ${AGUI_PROTOCOL_VERSION} and goes on as if the agent did.`;
  const ours = components(AGUI_PROTOCOL_VERSION)!;
  for (let i = 0; i < Math.max(ours.length, theirs.length); i++) {
    const a = theirs[i] ?? 0;
    const b = ours[i] ?? 0;
    if (a !== b) return a > b ? `The agent speaks AG-UI ${declared as string}, newer than this chat's ${AGUI_PROTOCOL_VERSION}: what this chat does not know is stripped.` : undefined;
  }
  return undefined;
}
