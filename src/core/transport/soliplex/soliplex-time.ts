/**
 * A time the Soliplex server sent (`created`, `last_activity`, `finished`), in ms since the epoch, or
 * `NaN` when it is not a time. Soliplex writes Python `isoformat()` times; on SQLite installs they
 * carry no UTC offset, but they are UTC all the same, so a time without `Z` or `±hh:mm` is read as
 * UTC (`Date.parse` would read it as local time). Microseconds are cut to milliseconds.
 */
export function parseSoliplexTime(text: string | null | undefined): number {
  if (typeof text !== 'string') return Number.NaN;
  const match = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2})?)(?:[.,](\d+))?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i.exec(text.trim());
  if (!match) return Number.NaN;
  const [, date, clock, fraction, zone] = match;
  const millis = fraction ? `.${fraction.slice(0, 3).padEnd(3, '0')}` : '';
  const offset = !zone || /^z$/i.test(zone) ? 'Z' : zone.length === 3 ? `${zone}:00` : zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  return Date.parse(`${date}T${clock}${millis}${offset}`);
}
