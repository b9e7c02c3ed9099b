import { expect } from '@open-wc/testing';
import { z } from 'zod';
import type { ClientTool, SoliplexRunFinishedEvent, SoliplexChat } from '../../src/index.js';
import { runFinished, runStarted, text, toolCall } from '../helpers/agui-events.js';
import { deferred, type ScriptedRun } from '../helpers/scripted-transport.js';
import { chatWith, deepQuery, deepQueryAll, settled, statusLine, until } from './chat-fixture.js';

const getSecretNumber: ClientTool<{ name: string }> = {
  name: 'get_secret_number',
  description: 'The secret number of a person',
  parameters: z.object({ name: z.string() }),
  execute: ({ name }) => ({ alice: 42, bob: 7 })[name],
};

const askTools: ScriptedRun = [
  runStarted('r1'),
  ...text('a0', 'Let me look them up.'),
  ...toolCall('c1', 'get_secret_number', { name: 'alice' }, 'a1'),
  ...toolCall('c2', 'get_secret_number', { name: 'bob' }, 'a1'),
  runFinished(),
];
const answer: ScriptedRun = (request) => {
  const results = request.messages.filter((m) => m.role === 'tool').map((m) => m.content as string);
  return [runStarted('r2'), ...text('a2', `The numbers are **${results.join('** and **')}**.`), runFinished()];
};

function toolCardStatuses(el: SoliplexChat): string[] {
  return deepQueryAll(el, '[part~="tool-card"]').map((card) => card.dataset['status']!);
}

describe('<soliplex-chat> secret-number loop', () => {
  it('renders both tool cards, the final answer, one run-finished, and never shows idle between runs', async () => {
    // A phase shorter than a frame is never on screen (the view renders once per frame), so the tools
    // run until "Executing…" has been: its words come with the status line's rare states, a chunk a
    // fresh page loads with the first tools, which a loaded machine may take a while over.
    const executingSeen = deferred();
    const slowly: ClientTool<{ name: string }> = {
      ...getSecretNumber,
      execute: (args, context) => executingSeen.promise.then(() => getSecretNumber.execute(args, context)),
    };
    // The first answer's text stays open until "Writing…" has been on screen: on a loaded machine a
    // stream can otherwise start and end within one frame, and the state is never rendered to be seen.
    const writingSeen = deferred();
    const [start, ...rest] = askTools;
    const textEnd = rest.findIndex((e) => (e as { type?: string }).type === 'TEXT_MESSAGE_END');
    const askSlowly: ScriptedRun = [start!, ...rest.slice(0, textEnd), { $wait: writingSeen.promise }, ...rest.slice(textEnd)];
    const { el } = await chatWith([askSlowly, answer], [slowly]);
    const finished: SoliplexRunFinishedEvent[] = [];
    el.addEventListener('soliplex-run-finished', (e) => finished.push(e));
    const started: Event[] = [];
    el.addEventListener('soliplex-run-started', (e) => started.push(e));

    // Record every state the status line shows while the turn runs.
    const seen: string[] = [];
    const statusRoot = deepQuery(el, 'soliplex-run-status')!.shadowRoot!;
    const observer = new MutationObserver(() => {
      const line = statusRoot.querySelector<HTMLElement>('[part~="status"]');
      if (line) seen.push(`${line.dataset['state']}|${line.textContent!.trim()}`);
      if (seen.at(-1) === 'running|Writing…') writingSeen.resolve();
      if (seen.at(-1)?.startsWith('running|Executing')) executingSeen.resolve();
    });
    observer.observe(statusRoot, { subtree: true, childList: true, attributes: true, characterData: true });

    expect(el.send('What are the secret numbers of alice and bob?')).to.equal(true);
    await until(() => finished.length > 0);
    await settled(el);
    observer.disconnect();

    // The cards render from the list's extras and their own chunk, each loaded with the first call.
    await until(() => toolCardStatuses(el).length === 2);
    expect(toolCardStatuses(el)).to.deep.equal(['completed', 'completed']);
    const assistants = deepQueryAll(el, '[part~="assistant-message"]');
    const last = assistants.at(-1)!;
    expect(last.textContent).to.contain('42').and.to.contain('7');
    expect(last.querySelectorAll('strong')).to.have.length(2);
    expect(deepQuery(el, '[part~="user-message"]')!.textContent).to.contain('alice and bob');

    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(finished).to.have.length(1);
    expect(finished[0]!.outcome).to.equal('success');
    expect(started).to.have.length(1);

    const states = seen.map((s) => s.split('|')[0]);
    const end = states.lastIndexOf('success');
    expect(end, 'the turn ends in success').to.be.greaterThan(0);
    expect(states.slice(0, end).every((s) => s === 'running'), seen.join('\n')).to.equal(true);
    expect(seen.some((s) => s.startsWith('running|Executing get_secret_number and get_secret_number…')), seen.join('\n')).to.equal(true);
    expect(seen.some((s) => s === 'running|Thinking…')).to.equal(true);
    expect(seen.some((s) => s === 'running|Writing…')).to.equal(true);
    expect(statusLine(el).textContent!.trim()).to.equal('');
  });

  it('renders no frame between a run\'s RUN_FINISHED and the end of its stream: the view waits for the hop', async () => {
    const streamEnd = deferred();
    const { el, engine } = await chatWith([
      [
        runStarted('r1'),
        ...text('a0', 'Let me ask first.'),
        // The interrupt card is the first visible change the finished run makes (a stream that breaks
        // the protocol, say RUN_FINISHED with a text still open, fails at the engine's checks instead).
        runFinished({ type: 'interrupt', interrupts: [{ id: 'q1', reason: 'confirmation', message: 'Go on?' }] }),
        { $wait: streamEnd.promise },
      ],
    ]);
    const card = () => deepQuery(el, '[part~="interrupt-card"]');
    // The first frame after RUN_FINISHED was applied (this frame callback is asked for after the view's would be).
    const firstFrame = new Promise<boolean>((resolve) => {
      const stop = engine.registry.subscribe((snapshot) => {
        if (!snapshot.conversation.runFinished) return;
        stop();
        requestAnimationFrame(() => resolve(!!card()));
      });
    });
    el.send('go');
    await until(() => deepQuery(el, '[data-message-id="a0"]')?.getAttribute('aria-busy') === 'false');
    expect(await firstFrame, 'the finished run is not rendered while its stream is open').to.equal(false);
    streamEnd.resolve();
    await until(() => !!card());
  });

  it('shows "Calling X…" while a call streams and live arguments in its card', async () => {
    const { el } = await chatWith([
      [runStarted(), { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'get_secret_number' } as never,
        { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{"name":"al' } as never, { $hang: true }],
    ], [getSecretNumber]);
    el.send('go');
    await until(() => statusLine(el)?.textContent?.includes('Calling get_secret_number…') ?? false);
    // Opened, the details show the arguments as they stream.
    await until(() => !!deepQuery(el, '[part~="tool-card"] summary'));
    deepQuery(el, '[part~="tool-card"] summary')!.click();
    await until(() => deepQuery(el, '[part~="tool-card"] pre')?.textContent === '{"name":"al');
    expect(deepQuery(el, '[part~="tool-card"]')!.dataset['status']).to.equal('streaming');
    expect(deepQuery(el, '[part~="stop-button"]'), 'stop button while running').to.exist;
    el.stop();
    await until(() => statusLine(el).dataset['state'] === 'cancelled');
    expect(statusLine(el).textContent).to.contain('Stopped.');
    // The call cut off mid-arguments is stopped, not failed.
    await until(() => deepQuery(el, '[part~="tool-card"]')!.dataset['status'] === 'cancelled');
    expect(deepQuery(el, '[part~="send-button"]')).to.exist;
  });
});
