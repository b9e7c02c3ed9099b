import { expect } from '@open-wc/testing';
import type { Message } from '@ag-ui/core';
import {
  MAX_TOOL_RESULT_CHARS,
  RunOrchestrator,
  ToolRegistry,
  createAgUiHttpTransport,
  type ClientTool,
  type ThreadKey,
} from '../../src/core/index.js';
import { toolCall } from '../helpers/agui-events.js';
import { finished, say, script, started, type RecordedRequest } from '../helpers/agui-server.js';

type Recorded = RecordedRequest<{ messages: (Message & { toolCallId?: string; error?: string })[] }>;

/** A tool with no parameters that returns (or throws) what `produce` makes. */
const returning = (name: string, produce: () => unknown): ClientTool => ({
  name,
  description: `returns a ${name}`,
  parameters: { type: 'object', properties: {} },
  execute: produce,
});

/**
 * Runs one turn in which the model calls each tool once, against the real demo server, and returns
 * the tool messages the server received in the continuation, by tool name.
 */
async function contentsSentFor(tools: ClientTool[]): Promise<Record<string, { content: string; error?: string }>> {
  const { agentUrl, requests } = await script([
    [started, ...tools.flatMap((tool, i) => toolCall(`c${i}`, tool.name, {}, 'a1')), finished],
    [started, ...say('a2', 'Thanks.'), finished],
  ]);
  const engine = new RunOrchestrator({ transport: createAgUiHttpTransport({ url: agentUrl }), toolRegistry: new ToolRegistry(tools) });
  const key: ThreadKey = { server: agentUrl, room: '', thread: crypto.randomUUID() };
  expect(await engine.send(key, 'Call every tool')).to.equal('success');
  const recorded = (await requests()) as Recorded[];
  expect(recorded).to.have.length(2);
  const sent: Record<string, { content: string; error?: string }> = {};
  for (const message of recorded[1]!.body.messages) {
    if (message.role !== 'tool') continue;
    const index = Number(message.toolCallId!.slice(1));
    expect(message.content, `${tools[index]!.name}: a tool message's content is text`).to.be.a('string');
    sent[tools[index]!.name] = { content: message.content as string, ...(message.error ? { error: message.error } : {}) };
  }
  expect(Object.keys(sent)).to.have.members(tools.map((tool) => tool.name));
  return sent;
}

describe('tool results reach the model as something meaningful', () => {
  it('describes cycles, BigInts, Maps, Sets, functions, DOM nodes and errors, never [object Object]', async () => {
    const sent = await contentsSentFor([
      returning('circular', () => {
        const order: Record<string, unknown> = { id: 'A-1', lines: [{ sku: 'x' }] };
        order['self'] = order;
        (order['lines'] as Record<string, unknown>[])[0]!['order'] = order;
        return order;
      }),
      returning('bigint', () => ({ balance: 12345678901234567890n, small: 7n })),
      returning('map_and_set', () => ({ prices: new Map<string, number>([['apple', 3], ['pear', 4]]), tags: new Set(['red', 'ripe']) })),
      returning('map_with_object_keys', () => new Map<object, string>([[{ id: 1 }, 'one']])),
      returning('function', () => ({ label: 'helper', run: function compute() {} })),
      returning('dom_node', () => {
        const element = document.createElement('section');
        element.id = 'summary';
        element.className = 'card wide';
        element.innerHTML = '<h2>Total</h2>  <p>42 apples</p>';
        return element;
      }),
      returning('error_value', () => new TypeError('the field "due" is not a date')),
      returning('thrown_object', () => {
        throw { code: 'E_QUOTA', limit: 10n };
      }),
      returning('special_numbers', () => ({ ratio: NaN, max: Infinity, when: new Date(Date.UTC(2026, 0, 2)) })),
    ]);

    for (const [name, { content }] of Object.entries(sent)) {
      expect(content, name).to.not.contain('[object Object]');
      expect(content, name).to.not.equal('{}');
    }
    expect(JSON.parse(sent['circular']!.content)).to.deep.equal({
      id: 'A-1',
      lines: [{ sku: 'x', order: '[circular reference to $]' }],
      self: '[circular reference to $]',
    });
    expect(sent['bigint']!.content).to.equal('{"balance":12345678901234567890,"small":7}');
    expect(JSON.parse(sent['map_and_set']!.content)).to.deep.equal({ prices: { apple: 3, pear: 4 }, tags: ['red', 'ripe'] });
    expect(JSON.parse(sent['map_with_object_keys']!.content)).to.deep.equal([[{ id: 1 }, 'one']]);
    expect(JSON.parse(sent['function']!.content)).to.deep.equal({ label: 'helper', run: '[function compute]' });
    const node = JSON.parse(sent['dom_node']!.content) as string;
    expect(node).to.contain('<section id="summary" class="card wide">').and.to.contain('Total 42 apples').and.not.contain('<h2>');
    expect(JSON.parse(sent['error_value']!.content)).to.deep.equal({ name: 'TypeError', message: 'the field "due" is not a date' });
    expect(sent['thrown_object']!.error).to.contain('"code":"E_QUOTA"').and.to.contain('"limit":10');
    expect(JSON.parse(sent['special_numbers']!.content)).to.deep.equal({ ratio: 'NaN', max: 'Infinity', when: '2026-01-02T00:00:00.000Z' });
  });

  it('bounds very large results and says what was left out', async () => {
    const sent = await contentsSentFor([
      returning('many_rows', () => Array.from({ length: 200_000 }, (_, i) => ({ row: i, name: `item ${i}` }))),
      returning('long_text', () => 'word '.repeat(100_000)),
      returning('deep', () => {
        let nested: Record<string, unknown> = { bottom: true };
        // Deeper than JSON.stringify can go (it throws a RangeError): the safe writer cuts it off.
        for (let i = 0; i < 200_000; i++) nested = { down: nested };
        return nested;
      }),
    ]);
    const rows = sent['many_rows']!.content;
    expect(rows.length).to.be.at.most(MAX_TOOL_RESULT_CHARS);
    const parsed = JSON.parse(rows) as unknown[];
    expect(parsed[0]).to.deep.equal({ row: 0, name: 'item 0' });
    expect(parsed.at(-1)).to.match(/^\[… \d+ more items left out\]$/);
    const kept = parsed.length - 1;
    expect(parsed.at(-1)).to.equal(`[… ${200_000 - kept} more items left out]`);

    const text = sent['long_text']!.content;
    expect(text.length).to.be.at.most(MAX_TOOL_RESULT_CHARS);
    expect(text.startsWith('word word ')).to.equal(true);
    expect(text).to.match(/\[\d+ more characters left out\]$/);

    const deep = sent['deep']!.content;
    expect(() => JSON.parse(deep)).to.not.throw();
    expect(deep).to.contain('[object nested too deep, left out]');
  });

  it('reads of a huge result only about what it sends: the walk stops near the bound (a 20 MB result froze the page for seconds)', async () => {
    let reads = 0;
    const row = (i: number) => ({
      id: i,
      get text() {
        reads++;
        return 'lorem ipsum dolor sit amet, consectetur adipiscing elit ';
      },
    });
    const sent = await contentsSentFor([returning('huge_rows', () => ({ rows: Array.from({ length: 200_000 }, (_, i) => row(i)) }))]);
    const { rows } = JSON.parse(sent['huge_rows']!.content) as { rows: unknown[] };
    expect(rows.at(-1)).to.match(/^\[… \d+ more items left out\]$/);
    const kept = rows.length - 1;
    expect(kept).to.be.within(500, 2_000);
    // Each row kept is read by the check for plain data and by the writer; the other 198,000 and more never.
    expect(reads, 'rows read').to.be.below(kept * 3);
  });
});
