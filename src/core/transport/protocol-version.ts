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
 * `a` against `b`, numerically component by component (a missing component is 0): negative when `a`
 * is older, 0 when equal, positive when newer; undefined when either is not a version.
 */
export function compareProtocolVersions(a: string, b: string): number | undefined {
  const x = components(a);
  const y = components(b);
  if (!x || !y) return undefined;
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * A readable warning for a producer's `RUN_STARTED.protocolVersion` that is newer than this client's
 * (compared numerically, component by component: 1.10 is newer than 1.9) or that cannot be read; the
 * run goes on either way (spec 1.1, versioning). Undefined for an absent, equal or older declaration.
 */
export function protocolVersionWarning(declared: unknown): string | undefined {
  if (declared === undefined) return undefined;
  const order = typeof declared === 'string' ? compareProtocolVersions(declared, AGUI_PROTOCOL_VERSION) : undefined;
  if (order === undefined) return `The agent declares AG-UI protocol version ${JSON.stringify(declared)}, which this chat cannot interpret; it speaks ${AGUI_PROTOCOL_VERSION} and goes on as if the agent did.`;
  return order > 0 ? `The agent speaks AG-UI ${declared as string}, newer than this chat's ${AGUI_PROTOCOL_VERSION}: what this chat does not know is stripped.` : undefined;
}

/**
 * Whether a peer speaking `peer` (configured, or declared on its `RUN_STARTED`) is known to be older
 * than 1.0, so that what is sent to it is downgraded (agui-downgrade.ts). Unknown means current.
 */
export function needsDowngrade(peer: string | undefined): peer is string {
  return peer !== undefined && (compareProtocolVersions(peer, '1.0') ?? 0) < 0;
}
