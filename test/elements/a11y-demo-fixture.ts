import { expect, fixture, html } from '@open-wc/testing';
import { ToolRegistry, type ClientTool, type SoliplexChat, type ToolGroup } from '../../src/index.js';
import { deferred } from '../helpers/scripted-transport.js';
import { server } from '../helpers/agui-server.js';
import { deepQueryAll } from './chat-fixture.js';

// The demo page's chat for the accessibility tests of the screenshots' states (issue 24 item 10):
// the demo server's scripted model with the demo page's tools.

/** The demo page's tools (demo/demo-tools.js), the slow one held until the test lets it finish. */
export function demoTools() {
  let slow = deferred<string>();
  const tools: ClientTool[] = [
    {
      name: 'get_secret_number',
      title: 'Secret number',
      description: 'Get the secret number of a person',
      parameters: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      execute: ({ name }) => (String(name).toLowerCase() === 'bob' ? '7' : '42'),
    },
    {
      name: 'delete_note',
      title: 'Delete a note',
      description: 'Delete the note on the page',
      requiresApproval: true,
      execute: () => 'note deleted',
    },
    {
      name: 'slow_task',
      title: 'Slow task',
      description: 'Run the slow task (takes 3 seconds)',
      execute: (_args, { signal }) =>
        new Promise<string>((resolve, reject) => {
          void slow.promise.then(resolve);
          signal.addEventListener('abort', () => reject(new Error('stopped')));
        }),
    },
    {
      name: 'draw_chart',
      title: 'Sales chart',
      description: 'Draw a chart of the monthly sales',
      execute: () => ({
        content: [
          { type: 'text', text: 'Monthly sales: 3, 7, 4' },
          { type: 'binary', mimeType: 'image/png', data: PIXEL, filename: 'sales.png' },
        ],
      }),
    },
  ];
  const weather: ToolGroup = {
    name: 'weather',
    title: 'Weather tools',
    icon: '🌤',
    description: 'Weather tools: forecasts and temperatures for a city',
    tools: [
      {
        name: 'get_forecast',
        title: 'Weather forecast',
        description: 'The forecast for a city',
        parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
        execute: () => 'sunny, 24 °C',
      },
    ],
  };
  return {
    registry: new ToolRegistry(tools, [weather]),
    /** Lets the slow task finish (and arms the next one). */
    finishSlow: () => {
      slow.resolve('slow task finished');
      slow = deferred<string>();
    },
  };
}

/** A 4×4 PNG, blue. */
const PIXEL = 'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAEklEQVR4nGNkYPjPgAcwDZ4ZAGIOAQdJy6nFAAAAAElFTkSuQmCC';

export async function demoChat(attributes: { threadList?: boolean; width?: number; height?: number; lang?: string } = {}) {
  const { registry, finishSlow } = demoTools();
  const el = await fixture<SoliplexChat>(html`
    <soliplex-chat
      no-persist
      chat-title="Assistant"
      agent-url=${`${server}/agent`}
      ?thread-list=${!!attributes.threadList}
      lang=${attributes.lang ?? 'en'}
      .toolRegistry=${registry}
      style="display: block; width: ${attributes.width ?? 860}px; height: ${attributes.height ?? 640}px"
    ></soliplex-chat>
  `);
  return { el, finishSlow };
}

/** Each chat's last turn, finished (`soliplex-run-finished` fires once per turn, tool hops included). */
const turns = new WeakMap<SoliplexChat, Promise<unknown>>();
export function ask(el: SoliplexChat, text: string): void {
  turns.set(el, new Promise((resolve) => el.addEventListener('soliplex-run-finished', resolve, { once: true })));
  expect(el.send(text), `sent: ${text}`).to.equal(true);
}
export const done = (el: SoliplexChat) => turns.get(el);
export const textOf = (el: SoliplexChat) => deepQueryAll(el, '[part~="assistant-message"]').map((m) => m.textContent ?? '').join(' ');
