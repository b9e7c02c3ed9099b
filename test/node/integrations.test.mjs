// The framework integrations generated from (or checked against) custom-elements.json.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { angularWrappers } from '../../scripts/angular-wrappers.mjs';

const root = new URL('../../', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('custom-elements.json', root), 'utf8'));
const chat = manifest.modules.flatMap((m) => m.declarations ?? []).find((d) => d.tagName === 'soliplex-chat');

test("soliplex-chat/react has a prop for every event of <soliplex-chat> that is not deprecated, and none for those that are", () => {
  const source = readFileSync(new URL('src/react/index.ts', root), 'utf8');
  const wrapped = [...source.matchAll(/^\s+on\w+: '(soliplex-[a-z-]+)' as EventName</gm)].map(([, name]) => name);
  const events = chat.events.filter((e) => e.name.startsWith('soliplex-'));
  assert.deepEqual(wrapped.sort(), events.filter((e) => !e.deprecated).map((e) => e.name).sort());
  assert.ok(events.some((e) => e.deprecated), 'the manifest marks the deprecated events');
});

test('soliplex-chat/angular keeps a deprecated input and output, typed, with a @deprecated tag', () => {
  const element = {
    name: 'XChat',
    tagName: 'x-chat',
    members: [
      { kind: 'field', name: 'threadList', type: { text: 'boolean' }, description: 'Shows the thread list.' },
      { kind: 'field', name: 'threads', type: { text: 'boolean' }, description: 'Shows the thread list.', deprecated: 'use `threadList`.' },
    ],
    events: [
      { name: 'soliplex-run-started', type: { text: 'SoliplexRunStartedEvent' }, description: 'A turn started.' },
      { name: 'soliplex-exchange-request', type: { text: 'SoliplexExchangeRequestEvent' }, description: 'Deprecated: use `soliplex-run-started`.', deprecated: 'use `soliplex-run-started`.' },
    ],
  };
  const { dts } = angularWrappers([element], { typesFrom: 'x', defineFrom: 'x' });
  assert.match(dts, /\/\*\* Shows the thread list\. \*\/\n {2}threadList: XChat\['threadList'\];/);
  assert.match(dts, /\/\*\*\n {3}\* Shows the thread list\.\n {3}\* @deprecated use `threadList`\.\n {3}\*\/\n {2}threads: XChat\['threads'\];/);
  assert.match(dts, /\/\*\*\n {3}\* `soliplex-exchange-request`\n {3}\* @deprecated use `soliplex-run-started`\.\n {3}\*\/\n {2}readonly soliplexExchangeRequest: OutputRef<SoliplexExchangeRequestEvent>;/);
  assert.match(dts, /\/\*\* `soliplex-run-started`: A turn started\. \*\/\n {2}readonly soliplexRunStarted: OutputRef<SoliplexRunStartedEvent>;/);
});
