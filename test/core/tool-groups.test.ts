import { expect } from '@open-wc/testing';
import { EventType, type AgentCapabilities, type BaseEvent, type Message } from '@ag-ui/core';
import {
  RunOrchestrator,
  ToolRegistry,
  emptyConversation,
  threadToolState,
  type ClientTool,
  type RunRequest,
  type ThreadKey,
  type ToolGroup,
} from '../../src/core/index.js';
import { runFinished, runStarted, text, toolCall } from '../helpers/agui-events.js';
import { ScriptedTransport, type ScriptedRun } from '../helpers/scripted-transport.js';

const key: ThreadKey = { server: 'mock', room: '', thread: 't1' };
const tool = (name: string, execute: ClientTool['execute'] = () => `${name} ran`): ClientTool => ({
  name,
  description: `The ${name} tool`,
  execute,
});
const calendar: ToolGroup = {
  name: 'calendar',
  description: 'Read and change the calendar',
  tools: [tool('list_events'), tool('add_event')],
  systemPrompt: 'Dates are ISO 8601.',
  functionResult: 'Ask before adding events on weekends.',
  skills: [{ name: 'plan_week', description: 'Plan a week', systemPrompt: 'Plan Monday to Friday.', references: ['list_events'] }],
};

const names = (request: RunRequest) => request.tools.map((t) => t.name);
const toolMessages = (request: RunRequest) => request.messages.filter((m): m is Extract<Message, { role: 'tool' }> => m.role === 'tool');
const call = (id: string, name: string, args: object = {}): ScriptedRun => [runStarted(), ...toolCall(id, name, args, `a-${id}`), runFinished()];
const answer: ScriptedRun = [runStarted(), ...text(`m${Math.random()}`, 'done'), runFinished()];

function setup(runs: ScriptedRun[], registry: ToolRegistry, capabilities?: AgentCapabilities) {
  const transport = new ScriptedTransport(runs);
  const engine = new RunOrchestrator({ transport, toolRegistry: registry, ...(capabilities ? { capabilities: () => capabilities } : {}) });
  return { transport, engine };
}

describe('tool groups', () => {
  it('offers a collapsed group as one tool; calling it expands the group for the next run', async () => {
    const registry = new ToolRegistry([tool('plain')]).registerGroup(calendar);
    const { transport, engine } = setup([call('c1', 'calendar'), call('c2', 'list_events'), answer, answer], registry);
    expect(await engine.send(key, 'What is on?')).to.equal('success');

    const [first, second, third] = transport.requests;
    expect(names(first!)).to.deep.equal(['plain', 'calendar', 'plan_week']);
    expect(first!.tools[1]!.description).to.contain('Read and change the calendar').and.contain('2 tools');
    expect(first!.context ?? []).to.deep.equal([]);
    expect(toolMessages(second!)[0]!.content).to.equal(
      'calendar expanded. Available functions: list_events, add_event\n\nAsk before adding events on weekends.',
    );
    expect(names(second!)).to.deep.equal(['plain', 'list_events', 'add_event', 'plan_week']);
    expect(second!.context).to.deep.include({ description: 'Instructions for the calendar tools', value: 'Dates are ISO 8601.' });
    expect(toolMessages(third!).at(-1)!.content).to.equal('list_events ran');
    const expansion = engine.snapshot(key).conversation.toolCalls['c1']!;
    expect(expansion.changes?.addedTools).to.deep.equal(['list_events', 'add_event']);

    // The expansion belongs to the thread: the next turn still has it, another thread does not.
    await engine.send(key, 'And tomorrow?');
    expect(names(transport.requests[3]!)).to.include('list_events').and.not.include('calendar');
    const other = setup([answer], registry);
    await other.engine.send({ ...key, thread: 't2' }, 'hi');
    expect(names(other.transport.requests[0]!)).to.include('calendar').and.not.include('list_events');
  });

  it('is pre-expanded with startCollapsed: false, and never collapses with collapseGroups: false', async () => {
    const open = setup([answer], new ToolRegistry().registerGroup({ ...calendar, startCollapsed: false }));
    await open.engine.send(key, 'hi');
    expect(names(open.transport.requests[0]!)).to.deep.equal(['list_events', 'add_event', 'plan_week']);

    const flat = setup([answer], new ToolRegistry().registerGroup(calendar).withSettings({ collapseGroups: false, instructions: 'Prefer tools.' }));
    await flat.engine.send(key, 'hi');
    expect(names(flat.transport.requests[0]!)).to.deep.equal(['list_events', 'add_event', 'plan_week']);
    expect(flat.transport.requests[0]!.context?.[0]).to.deep.equal({ description: 'Client tools', value: 'Prefer tools.' });
  });

  it('rejects a group whose name or skill name is taken, and registers immutably', () => {
    const registry = new ToolRegistry([tool('calendar')]);
    expect(() => registry.registerGroup(calendar)).to.throw(/already taken/);
    const grouped = new ToolRegistry().registerGroup(calendar);
    expect(() => grouped.register(tool('plan_week'))).to.throw(/already taken/);
    expect(new ToolRegistry().registerGroup(calendar)).to.not.equal(grouped);
    expect(grouped.get('add_event')?.name).to.equal('add_event');
    expect(grouped.groupOf('add_event')?.name).to.equal('calendar');
    expect(grouped.unregister('calendar').has('add_event')).to.equal(false);
  });

  it('derives expansion and active skills from a transcript loaded without tool state (a reload)', () => {
    const registry = new ToolRegistry().registerGroup(calendar);
    const base = { id: '', name: '', argsText: '{}', serverRun: false, status: 'completed' as const };
    const conversation = {
      ...emptyConversation,
      toolCalls: { a: { ...base, id: 'a', name: 'calendar' }, b: { ...base, id: 'b', name: 'plan_week' } },
    };
    const state = threadToolState(conversation, registry);
    expect(state.groups).to.deep.equal({ calendar: 'expanded' });
    expect(state.activeSkills).to.deep.equal(['plan_week']);
  });

  it('keeps an expansion a snapshot dropped after it ran and brought back answered by the server', async () => {
    // Property suite, seed -1935162193 (invariant 12): the call came back as the server's (answered by
    // the snapshot), but it ran here; its tool state had gone with the first snapshot.
    const registry = new ToolRegistry([tool('plain')]).registerGroup(calendar);
    const startingOver = { id: 'x', role: 'assistant', content: 'Starting over.' };
    const replayed: ScriptedRun = [
      runStarted(),
      { type: EventType.MESSAGES_SNAPSHOT, messages: [startingOver] } as BaseEvent,
      {
        type: EventType.MESSAGES_SNAPSHOT,
        messages: [
          startingOver,
          { id: 'a-c1', role: 'assistant', toolCalls: [{ id: 'c1', type: 'function', function: { name: 'calendar', arguments: '{}' } }] },
          { id: 't-c1', role: 'tool', toolCallId: 'c1', content: 'calendar expanded. Available functions: list_events, add_event' },
        ],
      } as BaseEvent,
      runFinished(),
    ];
    const { transport, engine } = setup([call('c1', 'calendar'), replayed, answer], registry);
    expect(await engine.send(key, 'What is on?')).to.equal('success');
    expect(engine.snapshot(key).conversation.toolCalls['c1']).to.include({ name: 'calendar', status: 'completed' });
    await engine.send(key, 'And tomorrow?');
    expect(names(transport.requests[2]!)).to.include('list_events').and.not.include('calendar');
  });
});

describe('skills', () => {
  it('activating a skill answers with its functions, expands its group and sends its prompt while active', async () => {
    const { transport, engine } = setup([call('s1', 'plan_week'), answer], new ToolRegistry().registerGroup(calendar));
    await engine.send(key, 'Plan my week');
    const second = transport.requests[1]!;
    expect(toolMessages(second)[0]!.content).to.equal('plan_week skill activated. Available functions: list_events');
    expect(names(second)).to.deep.equal(['list_events', 'add_event']);
    expect(second.context).to.deep.include({ description: 'Skill plan_week', value: 'Plan Monday to Friday.' });
  });
});

describe('structured results', () => {
  const chart: ClientTool = {
    name: 'chart',
    description: 'Draws a chart',
    execute: () => ({
      content: [
        { type: 'text', text: 'Sales chart' },
        { type: 'json', value: { total: 3 } },
        { type: 'binary', mimeType: 'image/png', data: 'iVBORw0KGgo=', filename: 'chart.png' },
      ],
    }),
  };

  it('sends AG-UI content parts to a model that accepts their media and keeps the raw value on the call', async () => {
    const { transport, engine } = setup([call('c1', 'chart'), answer], new ToolRegistry([chart]), { multimodal: { input: { image: true } } });
    await engine.send(key, 'chart please');
    expect(toolMessages(transport.requests[1]!)[0]!.content).to.deep.equal([
      { type: 'text', text: 'Sales chart' },
      { type: 'text', text: '{"total":3}' },
      { type: 'image', source: { type: 'data', value: 'iVBORw0KGgo=', mimeType: 'image/png' }, metadata: { filename: 'chart.png' } },
    ]);
    const settled = engine.snapshot(key).conversation.toolCalls['c1']!;
    expect((settled.resultValue as { content: unknown[] }).content).to.have.length(3);
    expect(settled.result).to.contain('Sales chart').and.contain('image/png file "chart.png"');
  });

  it('sends a text description instead with resultContent: "text"', async () => {
    const { transport, engine } = setup([call('c1', 'chart'), answer], new ToolRegistry([chart]).withSettings({ resultContent: 'text' }), { multimodal: { input: { image: true } } });
    await engine.send(key, 'chart please');
    const content = toolMessages(transport.requests[1]!)[0]!.content;
    expect(content).to.be.a('string').and.contain('{"total":3}').and.contain('[image/png file "chart.png"');
  });

  it('keeps the old meaning of other values (an object with a non-part content is JSON)', async () => {
    const odd = tool('odd', () => ({ content: 'not a part' }));
    const { transport, engine } = setup([call('c1', 'odd'), answer], new ToolRegistry([odd]));
    await engine.send(key, 'go');
    expect(toolMessages(transport.requests[1]!)[0]!.content).to.equal('{"content":"not a part"}');
  });
});

describe('augmentation', () => {
  it('injects a group, hides a tool and adds context from the continuation run, and says what changed', async () => {
    const unlock = tool('unlock', () => ({
      content: { type: 'text', text: 'Unlocked' },
      augmentation: {
        injectGroups: [{ name: 'admin', description: 'Admin tools', tools: [tool('reset_password')], startCollapsed: false }],
        hideTools: ['unlock'],
        addContext: [{ description: 'Role', value: 'The user is an admin.' }],
      },
    }));
    const { transport, engine } = setup([call('c1', 'unlock'), call('c2', 'reset_password'), answer], new ToolRegistry([unlock]));
    await engine.send(key, 'unlock');
    const [first, second, third] = transport.requests;
    expect(names(first!)).to.deep.equal(['unlock']);
    expect(names(second!)).to.deep.equal(['reset_password']);
    expect(second!.context).to.deep.include({ description: 'Role', value: 'The user is an admin.' });
    expect(toolMessages(third!).at(-1)!.content).to.equal('reset_password ran');
    expect(engine.snapshot(key).conversation.toolCalls['c1']!.changes).to.deep.equal({
      addedTools: ['reset_password'],
      removedTools: ['unlock'],
      addedContext: ['Role'],
    });
  });

  it('expands and collapses groups; a hidden tool cannot be called', async () => {
    const toggle = tool('toggle', () => ({ content: { type: 'text', text: 'ok' }, augmentation: { expandGroups: ['calendar'], hideTools: ['plain'] } }));
    const { transport, engine } = setup([call('c1', 'toggle'), call('c2', 'plain'), answer], new ToolRegistry([toggle, tool('plain')]).registerGroup(calendar));
    await engine.send(key, 'go');
    expect(names(transport.requests[1]!)).to.deep.equal(['toggle', 'list_events', 'add_event', 'plan_week']);
    expect(toolMessages(transport.requests[2]!).at(-1)!.content).to.contain('"plain" is not available');
  });
});
