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
 * Whether a peer speaking `peer` (configured, or declared on its `RUN_STARTED`) is known to be older
 * than 1.0, so that what is sent to it is downgraded (agui-downgrade.ts). Unknown means current.
 */
export function needsDowngrade(peer: string | undefined): peer is string {
  return peer !== undefined && (compareProtocolVersions(peer, '1.0') ?? 0) < 0;
}
