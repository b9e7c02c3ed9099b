import { expect, fixture, html } from '@open-wc/testing';
import type { Message } from '@ag-ui/core';
import { RunOrchestrator, SoliplexTransport, ToolRegistry, type ClientTool } from '../../src/core/index.js';
import type { SoliplexChat, SoliplexRunFinishedEvent, SoliplexToolResultEvent } from '../../src/index.js';
import { deepQueryAll, settled, statusLine, until } from './chat-fixture.js';
import { finished, say, script, server, started } from '../helpers/agui-server.js';
import '../../src/index.js';

/**
 * Soliplex: a client tool still running when the page went away (issue 20, item 2). The server keeps
 * the run that asked for it, finished, and no later run: after the reload the call is `interrupted`
 * with Run again (never run by itself), and Continue goes on without it. A reload here is the chat
 * removed and a fresh one on a fresh engine; test/e2e/soliplex-reload.test.mjs does a real one.
 */

const askTool = [
  started,
  { type: 'TOOL_CALL_START', toolCallId: 'call-1', toolCallName: 'count_files' },
  { type: 'TOOL_CALL_ARGS', toolCallId: 'call-1', delta: '{"folder":"docs"}' },
  { type: 'TOOL_CALL_END', toolCallId: 'call-1' },
  finished,
];

function countFiles(calls: string[], hang = false): ClientTool {
  return {
    name: 'count_files',
    description: 'Counts the files in a folder',
    parameters: { type: 'object', properties: { folder: { type: 'string' } } },
    execute: ({ folder }: { folder: string }) => {
      calls.push(folder);
      return hang ? new Promise<string>(() => {}) : '42 files';
    },
  };
}

const finishedOnce = (el: SoliplexChat) =>
  new Promise<SoliplexRunFinishedEvent>((resolve) => el.addEventListener('soliplex-run-finished', resolve, { once: true }));
const buttonNamed = (el: SoliplexChat, name: string) => deepQueryAll<HTMLButtonElement>(el, 'button').find((b) => b.textContent?.trim() === name);
const toolStatus = (el: SoliplexChat) => deepQueryAll(el, '[part~="tool-status"]').map((s) => s.textContent?.trim() ?? '');

/** A thread whose last run asked for count_files, left while the tool ran; then a chat reopened on it. */
async function leftWhileToolRan(nextRun: object[]) {
  const { room, requests } = await script([askTool, nextRun]);
  const before: string[] = [];
  const first = await fixture<SoliplexChat>(
    html`<soliplex-chat server-url=${server} room=${room} no-persist .toolRegistry=${new ToolRegistry([countFiles(before, true)])}></soliplex-chat>`,
  );
  first.send('how many files?');
  await until(() => before.length === 1);
  const thread = first.thread;
  first.remove(); // the page goes away while the tool runs
  const calls: string[] = [];
  const engine = new RunOrchestrator({ transport: new SoliplexTransport({ serverUrl: server, room }) });
  const el = await fixture<SoliplexChat>(
    html`<soliplex-chat .engine=${engine} .toolRegistry=${new ToolRegistry([countFiles(calls)])} server-url=${server} room=${room} thread=${thread}></soliplex-chat>`,
  );
  await until(() => toolStatus(el).length === 1 && (statusLine(el)?.textContent ?? '').includes('reloaded'));
  await settled(el);
  return { el, calls, requests };
}

describe('<soliplex-chat> a client tool running at reload (Soliplex)', () => {
  it('comes back interrupted, never run by itself; Run again runs it once and the loop goes on to the answer', async () => {
    const { el, calls, requests } = await leftWhileToolRan([started, ...say('a2', 'There are 42 files.'), finished]);
    expect(toolStatus(el)[0]).not.to.contain('Not answered');
    expect(buttonNamed(el, 'Continue'), 'Continue in the status line').to.exist;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(calls, 'not run by itself').to.deep.equal([]);
    const results: SoliplexToolResultEvent[] = [];
    el.addEventListener('soliplex-tool-result', (e) => results.push(e));
    const done = finishedOnce(el);
    buttonNamed(el, 'Run again')!.click();
    expect((await done).outcome).to.equal('success');
    expect(calls).to.deep.equal(['docs']);
    expect(results.map((r) => r.call.status)).to.deep.equal(['completed']);
    const sent = (await requests()).at(-1)!.body as { messages: Message[] };
    expect(sent.messages.find((m) => m.role === 'tool')).to.include({ toolCallId: 'call-1', content: '42 files' });
    await until(() => deepQueryAll(el, '[part~="assistant-message"]').some((m) => m.textContent?.includes('There are 42 files.')));
  });

  it('Continue goes on without it: the model is told it did not complete', async () => {
    const { el, calls, requests } = await leftWhileToolRan([started, ...say('a2', 'The count did not finish.'), finished]);
    const done = finishedOnce(el);
    buttonNamed(el, 'Continue')!.click();
    expect((await done).outcome).to.equal('success');
    expect(calls).to.deep.equal([]);
    const sent = (await requests()).at(-1)!.body as { messages: Message[] };
    const tool = sent.messages.find((m) => m.role === 'tool') as { content: string } | undefined;
    expect(tool?.content).to.contain('did not complete');
  });
});
