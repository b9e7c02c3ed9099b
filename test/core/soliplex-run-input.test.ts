import { expect } from '@open-wc/testing';
import type { Message, Tool } from '@ag-ui/core';
import { RunOrchestrator, ToolRegistry, type ClientTool, type RunRequest, type ThreadKey } from '../../src/core/index.js';
import { attachmentKey, hasAttachments, soliplexRunInput, soliplexToolContent } from '../../src/core/transport/soliplex/soliplex-run-input.js';
import { isPlainRun, plainSoliplexRunInput } from '../../src/core/transport/soliplex/soliplex-plain-input.js';
import { ScriptedTransport } from '../helpers/scripted-transport.js';
import { runFinished, runStarted, text, toolCall } from '../helpers/agui-events.js';

/**
 * What the AG-UI Python SDK's pydantic models (ag_ui/core/types.py, `ag-ui-protocol` 0.1.10 and
 * later, the range Soliplex accepts) refuse in a `RunAgentInput`, as a list of problems. Written from
 * the models' field types, not from the code under test: required `str` fields, the closed set of
 * message roles and of user content part types, the source union (`data` needs `mimeType`).
 */
function pythonModelProblems(body: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const str = (value: unknown, where: string) => typeof value === 'string' || problems.push(`${where} is not a string`);
  const optStr = (value: unknown, where: string) => value === undefined || value === null || str(value, where);
  str(body['threadId'], 'threadId');
  str(body['runId'], 'runId');
  optStr(body['parentRunId'], 'parentRunId');
  for (const key of ['state', 'forwardedProps']) if (!(key in body)) problems.push(`${key} is missing`);
  for (const key of ['messages', 'tools', 'context']) if (!Array.isArray(body[key])) problems.push(`${key} is not a list`);
  (body['tools'] as Record<string, unknown>[]).forEach((tool, i) => {
    str(tool['name'], `tools[${i}].name`);
    str(tool['description'], `tools[${i}].description`);
    if (!('parameters' in tool)) problems.push(`tools[${i}].parameters is missing`); // required before 0.1.14
  });
  (body['context'] as Record<string, unknown>[]).forEach((item, i) => {
    str(item['description'], `context[${i}].description`);
    str(item['value'], `context[${i}].value`);
  });
  if (body['resume'] !== undefined) {
    (body['resume'] as Record<string, unknown>[]).forEach((entry, i) => {
      str(entry['interruptId'], `resume[${i}].interruptId`);
      if (entry['status'] !== 'resolved' && entry['status'] !== 'cancelled') problems.push(`resume[${i}].status`);
    });
  }
  const source = (value: Record<string, unknown> | undefined, where: string) => {
    if (value?.['type'] === 'data') {
      str(value['value'], `${where}.value`);
      str(value['mimeType'], `${where}.mimeType`);
    } else if (value?.['type'] === 'url') {
      str(value['value'], `${where}.value`);
      optStr(value['mimeType'], `${where}.mimeType`);
    } else problems.push(`${where} is neither a data nor a url source`);
  };
  (body['messages'] as Record<string, unknown>[]).forEach((message, i) => {
    const where = `messages[${i}]`;
    str(message['id'], `${where}.id`);
    switch (message['role']) {
      case 'developer':
      case 'system':
      case 'reasoning':
        str(message['content'], `${where}.content`);
        break;
      case 'assistant':
        optStr(message['content'], `${where}.content`);
        for (const call of (message['toolCalls'] as { id?: unknown; type?: unknown; function?: Record<string, unknown> }[] | undefined) ?? []) {
          str(call.id, `${where}.toolCalls.id`);
          if (call.type !== 'function') problems.push(`${where}.toolCalls.type`);
          str(call.function?.['name'], `${where}.toolCalls.function.name`);
          str(call.function?.['arguments'], `${where}.toolCalls.function.arguments`);
        }
        break;
      case 'tool':
        str(message['content'], `${where}.content`);
        str(message['toolCallId'], `${where}.toolCallId`);
        optStr(message['error'], `${where}.error`);
        break;
      case 'user': {
        const content = message['content'];
        if (typeof content === 'string') break;
        if (!Array.isArray(content)) {
          problems.push(`${where}.content is neither a string nor a list`);
          break;
        }
        // Python accepts an empty list, but pydantic-ai then drops the user's turn without a word.
        if (content.length === 0) problems.push(`${where}.content is an empty list`);
        content.forEach((part: Record<string, unknown>, j) => {
          if (part['type'] === 'text') str(part['text'], `${where}.content[${j}].text`);
          else if (['image', 'audio', 'video', 'document'].includes(part['type'] as string)) source(part['source'] as Record<string, unknown>, `${where}.content[${j}].source`);
          else problems.push(`${where}.content[${j}] has type ${String(part['type'])}`);
        });
        break;
      }
      default:
        problems.push(`${where} has role ${String(message['role'])}`);
    }
  });
  return problems;
}

/** A sent message, loosely typed for assertions. */
interface SentMessage {
  readonly [key: string]: unknown;
  readonly role: string;
  readonly content: string & { type: string; text: string; source: unknown }[];
  readonly toolCalls: { function: { arguments: string }; encryptedValue?: string }[];
}

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const request = (messages: Message[], extra: Partial<RunRequest> = {}) => ({
  threadId: 'thread-1',
  messages,
  tools: [] as Tool[],
  state: { rag: { document_filter: null } },
  ...extra,
});

describe('soliplexRunInput: what the AG-UI Python models accept', () => {
  it('sends a structured tool result as one text: text as is, JSON as JSON text, files by name and URL, never base64', () => {
    const messages = [
      { id: 'u1', role: 'user', content: 'Chart it' },
      { id: 'a1', role: 'assistant', toolCalls: [{ id: 'c1', type: 'function', function: { name: 'chart', arguments: '{}' } }] },
      {
        id: 't1',
        role: 'tool',
        toolCallId: 'c1',
        content: [
          { type: 'text', text: 'Here is the chart.' },
          { type: 'text', text: '{"points":3}' },
          { type: 'image', source: { type: 'data', value: PNG, mimeType: 'image/png' }, metadata: { filename: 'chart.png' } },
          { type: 'document', source: { type: 'url', value: 'https://files.example/report.pdf', mimeType: 'application/pdf' }, metadata: { filename: 'report.pdf' } },
        ],
      },
    ] as unknown as Message[];
    const body = soliplexRunInput(request(messages), 'run-1');
    expect(pythonModelProblems(body)).to.deep.equal([]);
    const tool = (body['messages'] as Record<string, unknown>[])[2]!;
    expect(tool['content']).to.be.a('string');
    const lines = (tool['content'] as string).split('\n');
    expect(lines[0]).to.equal('Here is the chart.');
    expect(JSON.parse(lines[1]!)).to.deep.equal({ points: 3 });
    expect(lines[2]).to.contain('image "chart.png" (image/png)');
    expect(lines[3]).to.equal('[file "report.pdf" (application/pdf) at https://files.example/report.pdf]');
    expect(tool['content']).not.to.contain(PNG.slice(0, 20));
  });

  it('keeps a failed tool message\'s error text (a str field of ToolMessage)', () => {
    const messages = [
      { id: 'a1', role: 'assistant', toolCalls: [{ id: 'c1', type: 'function', function: { name: 'x', arguments: '' } }] },
      { id: 't1', role: 'tool', toolCallId: 'c1', content: 'Denied by the user.', error: 'Denied by the user.' },
    ] as unknown as Message[];
    const body = soliplexRunInput(request(messages), 'run-1');
    expect(pythonModelProblems(body)).to.deep.equal([]);
    const [assistant, tool] = body['messages'] as SentMessage[];
    expect(assistant!['toolCalls'][0].function.arguments).to.equal('{}');
    expect(tool).to.deep.equal({ id: 't1', role: 'tool', toolCallId: 'c1', content: 'Denied by the user.', error: 'Denied by the user.' });
  });

  it('maps every role the engine emits, drops the ones Python refuses, and leaves client-only fields out', () => {
    const messages = [
      { id: 's1', role: 'system', content: 'Be brief.' },
      { id: 'd1', role: 'developer', content: 'Use tools.' },
      { id: 'u1', role: 'user', content: 'Hi', subagentRunId: 'sub-1' },
      { id: 'r1', role: 'reasoning', content: 'Thinking', encryptedValue: '{"signature":"abc"}' },
      { id: 'a1', role: 'assistant', content: 'Hello', subagentRunId: 'sub-1', toolCalls: [{ id: 'c1', type: 'function', function: { name: 'x', arguments: '{"a":1}' }, encryptedValue: 'tk' }] },
      { id: 't1', role: 'tool', toolCallId: 'c1', content: 'ok' },
      { id: 'act1', role: 'activity', activityType: 'progress', content: { step: 1 } },
      { id: 'z1', role: 'mystery', content: 'x' },
    ] as unknown as Message[];
    const body = soliplexRunInput(request(messages), 'run-1');
    expect(pythonModelProblems(body)).to.deep.equal([]);
    const sent = body['messages'] as SentMessage[];
    expect(sent.map((m) => m['role'])).to.deep.equal(['system', 'developer', 'user', 'reasoning', 'assistant', 'tool']);
    expect(JSON.stringify(body)).not.to.contain('subagentRunId');
    expect(sent[3]!['encryptedValue']).to.equal('{"signature":"abc"}');
    expect(sent[4]!['toolCalls'][0].encryptedValue).to.equal('tk');
  });

  it('a run of text messages only takes the short path, with the same body; anything more takes the full one', () => {
    const plain = [
      { id: 's1', role: 'system', content: 'Be brief.' },
      { id: 'd1', role: 'developer', content: 'Plain.' },
      { id: 'u1', role: 'user', content: 'Hi', subagentRunId: 'sub-1', name: 'me' },
      { id: 'a0', role: 'assistant', content: '' },
      { id: 'a1', role: 'assistant', content: 'Hello', subagentRunId: 'sub-1', toolCalls: [] },
      { id: 'act1', role: 'activity', activityType: 'progress', content: { step: 1 } },
      { id: 'u2', role: 'user', content: 'More' },
    ] as unknown as Message[];
    for (const source of [request(plain), request([]), request(plain, { parentRunId: 'p-1', forwardedProps: { x: 1 }, context: [], state: undefined })]) {
      expect(isPlainRun(source)).to.equal(true);
      expect(plainSoliplexRunInput(source, 'run-1')).to.deep.equal(soliplexRunInput(source, 'run-1'));
      expect(pythonModelProblems(plainSoliplexRunInput(source, 'run-1'))).to.deep.equal([]);
    }
    const more: Partial<RunRequest>[] = [
      { tools: [{ name: 't', description: 'd', parameters: {} }] },
      { context: [{ description: 'page', value: '/x' }] },
      { resume: [{ interruptId: 'i1', status: 'resolved' }] },
      { messages: [{ id: 'u', role: 'user', content: [{ type: 'text', text: 'parts' }] }] as Message[] },
      { messages: [{ id: 'a', role: 'assistant', toolCalls: [{ id: 'c', type: 'function', function: { name: 'x', arguments: '{}' } }] }] as Message[] },
      { messages: [{ id: 'a', role: 'assistant', content: 'x', encryptedValue: 'e' }] as unknown as Message[] },
      { messages: [{ id: 'r', role: 'reasoning', content: 'x' }] as unknown as Message[] },
      { messages: [{ id: 't', role: 'tool', toolCallId: 'c', content: 'ok' }] as Message[] },
      { messages: [{ id: 'z', role: 'mystery', content: 'x' }] as unknown as Message[] },
    ];
    for (const extra of more) expect(isPlainRun(request(plain, extra)), JSON.stringify(extra)).to.equal(false);
  });

  it('ids are the URL\'s, and every required envelope field is present', () => {
    const body = soliplexRunInput({ threadId: 't-9', messages: [], tools: [], state: undefined, parentRunId: 'p-1' }, 'r-9');
    expect(body).to.include({ threadId: 't-9', runId: 'r-9', parentRunId: 'p-1' });
    expect(body['state']).to.deep.equal({});
    expect(body['forwardedProps']).to.deep.equal({});
    expect(body['context']).to.deep.equal([]);
    expect(pythonModelProblems(body)).to.deep.equal([]);
  });

  it('gives every tool a description and parameters, and every context item a string value', () => {
    const tools = [{ name: 'noargs' } as unknown as Tool, { name: 'full', description: 'd', parameters: { type: 'object', properties: { a: { type: 'string' } } } }];
    const context = [{ description: 'page', value: { url: '/x' } as unknown as string }];
    const body = soliplexRunInput({ ...request([]), tools, context }, 'r');
    expect(pythonModelProblems(body)).to.deep.equal([]);
    expect((body['tools'] as object[])[0]).to.deep.equal({ name: 'noargs', description: '', parameters: { type: 'object', properties: {} } });
    expect((body['context'] as object[])[0]).to.deep.equal({ description: 'page', value: '{"url":"/x"}' });
  });

  it('sends resume entries in the ResumeEntry shape, and none when there is nothing to resume', () => {
    const resume = [{ interruptId: 'i1', status: 'resolved' as const, payload: { approved: true } }, { interruptId: 'i2', status: 'cancelled' as const }];
    const body = soliplexRunInput({ ...request([]), resume }, 'r');
    expect(pythonModelProblems(body)).to.deep.equal([]);
    expect(body['resume']).to.deep.equal(resume);
    expect('resume' in soliplexRunInput(request([]), 'r')).to.equal(false);
  });

  it('sends user images inline as image parts, names uploaded files in the text, and never sends an empty part list', () => {
    const messages = [
      {
        id: 'u1',
        role: 'user',
        content: [
          { type: 'text', text: 'Look' },
          { type: 'image', source: { type: 'data', value: PNG, mimeType: 'image/png' }, metadata: { filename: 'a.png', size: 70 } },
          { type: 'document', source: { type: 'data', value: 'JVBERi0=', mimeType: 'application/pdf' }, metadata: { filename: 'spec.pdf' } },
          { type: 'image', source: { type: 'file', value: 'file-123', mimeType: 'image/png' } },
        ],
      },
      { id: 'u2', role: 'user', content: [{ type: 'text', text: '' }, { type: 'document', source: { type: 'url', value: 'https://x.example/a.txt', mimeType: 'text/plain' } }] },
    ] as unknown as Message[];
    expect(hasAttachments(messages)).to.equal(true);
    const body = soliplexRunInput(request(messages), 'r', new Map([[attachmentKey('u1', 2), 'spec.pdf']]));
    expect(pythonModelProblems(body)).to.deep.equal([]);
    const [first, second] = body['messages'] as SentMessage[];
    expect(first!.content.map((p) => p.type)).to.deep.equal(['text', 'image', 'text', 'text']);
    expect(first!['content'][1].source).to.deep.equal({ type: 'data', value: PNG, mimeType: 'image/png' });
    expect(first!['content'][2].text).to.equal('[file "spec.pdf" (application/pdf), uploaded to this thread]');
    expect(JSON.stringify(first)).not.to.contain('JVBERi0=');
    // Text only: one string, as Soliplex's own client sends.
    expect(second!['content']).to.equal('[file (text/plain) at https://x.example/a.txt]');
    expect(hasAttachments([{ id: 'u', role: 'user', content: [{ type: 'text', text: 'x' }] } as Message])).to.equal(false);
  });

  it('describes inline bytes by size, never by content', () => {
    const content = soliplexToolContent([{ type: 'audio', source: { type: 'data', value: 'A'.repeat(4096), mimeType: 'audio/wav' }, metadata: { filename: 'a.wav' } } as never]);
    expect(content).to.equal('[audio "a.wav" (audio/wav), 3 KB, shown to the user]');
  });

  it('what the engine sends after a tool with a structured result passes the Python models', async () => {
    const chart: ClientTool = {
      name: 'chart',
      description: 'Draws a chart',
      execute: () => ({ content: [{ type: 'json', value: { points: [1, 2] } }, { type: 'binary', mimeType: 'image/png', data: PNG, filename: 'c.png' }] }),
    };
    const transport = new ScriptedTransport([
      [runStarted(), ...toolCall('c1', 'chart', {}), runFinished()],
      [runStarted(), ...text('m2', 'Done.'), runFinished()],
    ]);
    // An agent that declares it takes images: the engine sends content parts ...
    const engine = new RunOrchestrator({ transport, toolRegistry: new ToolRegistry([chart]), capabilities: () => ({ multimodal: { input: { image: true } } }) });
    const key: ThreadKey = { server: 'https://s.example', room: 'r', thread: 'thread' };
    expect(await engine.send(key, 'Chart please')).to.equal('success');
    const continuation = transport.requests[1]!;
    expect(Array.isArray(continuation.messages.find((m) => m.role === 'tool')!.content)).to.equal(true);
    // ... which become what Soliplex accepts.
    const body = soliplexRunInput(continuation, 'run-2');
    expect(pythonModelProblems(body)).to.deep.equal([]);
    const tool = (body['messages'] as Record<string, unknown>[]).find((m) => m['role'] === 'tool')!;
    expect(tool['content']).to.match(/^\{"points":\[1,2\]\}\n\[image "c.png" \(image\/png\)/);
  });
});
