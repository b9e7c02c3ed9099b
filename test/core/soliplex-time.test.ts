import { expect } from '@open-wc/testing';
import { SoliplexTransport } from '../../src/core/index.js';
import { parseSoliplexTime } from '../../src/core/transport/soliplex/soliplex-time.js';

// Soliplex on SQLite writes times without a UTC offset; they are UTC all the same. (These tests tell
// UTC from local time only where the browser's zone is not UTC: run them with TZ=Asia/Tokyo, say.)

describe('Soliplex server times', () => {
  it('reads a time without an offset as UTC, with or without microseconds', () => {
    expect(parseSoliplexTime('2026-03-04T05:06:07')).to.equal(Date.UTC(2026, 2, 4, 5, 6, 7));
    expect(parseSoliplexTime('2026-03-04T05:06:07.123456')).to.equal(Date.UTC(2026, 2, 4, 5, 6, 7, 123));
    expect(parseSoliplexTime('2026-03-04 05:06:07.5')).to.equal(Date.UTC(2026, 2, 4, 5, 6, 7, 500));
  });

  it('keeps an explicit offset', () => {
    expect(parseSoliplexTime('2026-03-04T05:06:07Z')).to.equal(Date.UTC(2026, 2, 4, 5, 6, 7));
    expect(parseSoliplexTime('2026-03-04T05:06:07.123456+00:00')).to.equal(Date.UTC(2026, 2, 4, 5, 6, 7, 123));
    expect(parseSoliplexTime('2026-03-04T05:06:07+02:00')).to.equal(Date.UTC(2026, 2, 4, 3, 6, 7));
    expect(parseSoliplexTime('2026-03-04T05:06:07-0130')).to.equal(Date.UTC(2026, 2, 4, 6, 36, 7));
  });

  it('is NaN for what is not a time', () => {
    for (const text of ['', 'yesterday', null, undefined, '2026-13']) expect(Number.isNaN(parseSoliplexTime(text))).to.equal(true);
  });

  it('the thread list reads created and last_activity as UTC', async () => {
    const fetch = (async () =>
      Response.json({
        threads: [
          { room_id: 'r', thread_id: 'a', created: '2026-03-04T05:06:07.000001', last_activity: '2026-03-05T00:00:00', metadata: { name: 'A' } },
          { room_id: 'r', thread_id: 'b', created: '2026-03-04T05:06:07', last_activity: null, metadata: null },
        ],
      })) as unknown as typeof globalThis.fetch;
    const transport = new SoliplexTransport({ serverUrl: 'https://soliplex.test', room: 'r', fetch });
    const threads = await transport.listThreads(new AbortController().signal);
    expect(threads).to.deep.equal([
      { threadId: 'a', name: 'A', lastActivity: Date.UTC(2026, 2, 5) },
      { threadId: 'b', lastActivity: Date.UTC(2026, 2, 4, 5, 6, 7) },
    ]);
  });
});
