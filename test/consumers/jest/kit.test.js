// The README's Jest recipe (ESM mode, no transform) with the package's test kit: the engine runs a
// tool loop against a scripted transport, and the test asserts on what it sent.
import 'soliplex-chat'; // the element entry imports without a DOM
import { RunOrchestrator, ToolRegistry } from 'soliplex-chat/core';
import { ScriptedTransport, runFinished, runStarted, text, toolCall } from 'soliplex-chat/testing';

test('a tool call, then the answer, against a scripted transport', async () => {
  const transport = new ScriptedTransport([
    [runStarted(), ...toolCall('c1', 'add', { a: 2, b: 3 }, 'a1'), runFinished()],
    [runStarted(), ...text('a2', 'Five.'), runFinished()],
  ]);
  const toolRegistry = new ToolRegistry([
    {
      name: 'add',
      description: 'Adds',
      parameters: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
      execute: ({ a, b }) => a + b,
    },
  ]);
  const engine = new RunOrchestrator({ transport, toolRegistry });
  const outcome = await engine.send({ server: 'scripted', room: '', thread: 't1' }, 'What is 2 + 3?');
  expect(outcome).toBe('success');
  expect(transport.requests).toHaveLength(2);
  expect(transport.requests[1].messages.find((m) => m.role === 'tool')).toMatchObject({ toolCallId: 'c1', content: '5' });
  engine.dispose();
});
