// The English of the status line's rare states, of the list's extras (versions, the editor, subagent
// groups) and of a code block loads with that code (run-status-strings.ts, list-extras-strings.ts,
// code-block-strings.ts), not with the chat. A shipped translation and a page's `strings` must still
// reach them, also after a reload. This file runs in a page of its own: the loads below are the page's
// first (dynamic imports are real here, as they are in the CDN build).
import { expect, fixture, html } from '@open-wc/testing';
import { ThreadIndex, type SoliplexChat, type SoliplexChatStringsOverrides, type SoliplexRunFinishedEvent } from '../../src/index.js';
import { LocalThreadSync } from '../../src/core/threads/local-thread-sync.js';
import { deepQuery, deepQueryAll, settled, statusLine, until, waitFor } from './chat-fixture.js';
import { finished, say, script, server, setServerToken, started } from '../helpers/agui-server.js';
import { loaded } from '../helpers/module-loads.js';

const label = (e: Element | undefined | null) => e?.getAttribute('aria-label') ?? undefined;
const text = (e: Element | undefined | null) => (e?.textContent ?? '').replace(/\s+/g, ' ').trim();
const finishedRun = (el: SoliplexChat) =>
  new Promise<SoliplexRunFinishedEvent>((resolve) => el.addEventListener('soliplex-run-finished', resolve as EventListener, { once: true }));

async function chat(agentUrl: string, lang: string, strings: SoliplexChatStringsOverrides | undefined, thread: string) {
  return fixture<SoliplexChat>(html`<soliplex-chat lang=${lang} agent-url=${agentUrl} thread=${thread} .strings=${strings}></soliplex-chat>`);
}

async function leave(el: SoliplexChat): Promise<void> {
  const engine = el.engine!;
  await until(() => !!LocalThreadSync.of(engine), 20_000);
  el.remove();
  await new Promise((resolve) => setTimeout(resolve, 0));
  await ThreadIndex.for(engine).flush();
}

describe('<soliplex-chat> strings of the rare states and the list’s extras', function () {
  this.timeout(40_000);

  it('a plain answer loads none of their code; a busy wait, a code block, versions and the editor then speak German, the page’s words over it, again after a reload', async () => {
    const code = 'Here:\n\n```js\nlet x = 1;\n```\n';
    const { agentUrl } = await script([
      [started, ...say('a1', 'A plain answer.'), finished],
      [{ $status: 503, headers: { 'Retry-After': '30' } }],
      [started, ...say('a2', code), finished],
      [started, ...say('a3', code), finished],
    ]);
    const page: SoliplexChatStringsOverrides = { retryNow: 'Sofort', previousVersion: 'Zurück', editSend: 'Los' };
    const thread = crypto.randomUUID();
    const el = await chat(agentUrl, 'de', page, thread);
    let done = finishedRun(el);
    el.send('Hallo');
    expect((await done).outcome).to.equal('success');
    await settled(el);
    for (const chunk of ['run-status-extras', 'message-list-extras', '/code-block']) expect(loaded(chunk), `a plain answer does not load ${chunk}`).to.equal(false);

    // A busy server: the countdown in German (the translation), Retry now in the page's word.
    done = finishedRun(el);
    el.send('Nochmal');
    await until(() => deepQuery(el, '[part~="retry-button"]') !== undefined);
    await until(() => /^Neuer Versuch in /.test(text(statusLine(el).querySelector('.countdown'))));
    expect(text(deepQuery(el, '[part~="retry-button"]'))).to.equal('Sofort');
    deepQuery<HTMLButtonElement>(el, '[part~="retry-button"]')!.click();
    expect((await done).outcome).to.equal('success');

    // The answer's code block: its button in German.
    await until(() => text(deepQuery(el, '.copy-code')) === 'Code kopieren');

    // Regenerate: the versions in German, the previous button in the page's word.
    done = finishedRun(el);
    deepQueryAll<HTMLButtonElement>(el, '[part~="regenerate-button"]').at(-1)!.click();
    expect((await done).outcome).to.equal('success');
    await until(() => label(deepQuery(el, '[part~="versions"]')) === 'Version 2 von 2');
    const arrows = () => [...deepQuery(el, '[part~="versions"]')!.querySelectorAll('button')].map(label);
    expect(arrows()).to.deep.equal(['Zurück', 'Nächste Version']);

    // The inline editor: its label and Cancel in German, Send in the page's word.
    deepQueryAll<HTMLButtonElement>(el, '[part~="edit-button"]').at(-1)!.click();
    const editor = await waitFor<HTMLTextAreaElement>(el, '.editor textarea');
    expect(label(editor)).to.equal('Ihre Nachricht bearbeiten');
    expect([...editor.closest('.editor')!.querySelectorAll('button')].map(text)).to.deep.equal(['Abbrechen', 'Los']);
    editor.closest('.editor')!.querySelector<HTMLButtonElement>('button:not(.primary)')!.click();
    await until(() => !deepQuery(el, '.editor'));

    // A reload, with other words from the page: the versions and the code block keep speaking German.
    await leave(el);
    const again = await chat(agentUrl, 'de', { nextVersion: 'Vor', copyCode: 'Kopieren' }, thread);
    await until(() => label(deepQuery(again, '[part~="versions"]')) === 'Version 2 von 2');
    expect([...deepQuery(again, '[part~="versions"]')!.querySelectorAll('button')].map(label)).to.deep.equal(['Vorherige Version', 'Vor']);
    await until(() => text(deepQuery(again, '.copy-code')) === 'Kopieren');
  });

  it('words a tool card’s Arguments (shared with the approval and interrupt cards) and Result in German, with a page’s word over the translation', async () => {
    const { agentUrl } = await script([
      [
        started,
        { type: 'TOOL_CALL_START', toolCallId: 't1', toolCallName: 'search_docs', parentMessageId: 'm1' },
        { type: 'TOOL_CALL_ARGS', toolCallId: 't1', delta: '{"query":"AG-UI"}' },
        { type: 'TOOL_CALL_END', toolCallId: 't1' },
        { type: 'TOOL_CALL_RESULT', messageId: 'r1', toolCallId: 't1', content: 'found' },
        ...say('a1', 'Gefunden.'),
        finished,
      ],
    ]);
    const el = await chat(agentUrl, 'de', { result: 'Ausgabe' }, crypto.randomUUID());
    const done = finishedRun(el);
    el.send('Suche');
    expect((await done).outcome).to.equal('success');
    const details = await waitFor<HTMLDetailsElement>(el, '[part~="tool-details"]');
    details.querySelector('summary')!.click(); // its content is made when it opens
    await until(() => [...details.querySelectorAll('p.label')].map(text).join() === 'Argumente,Ausgabe');
  });

  it('words a Soliplex room’s Sign in and Documents buttons in German, with a page’s word over the translation', async () => {
    const { room } = await script([]);
    await setServerToken('room-secret', room);
    try {
      const signIn = await fixture<SoliplexChat>(html`<soliplex-chat lang="de" server-url=${server} room=${room} no-persist></soliplex-chat>`);
      const button = await waitFor(signIn, '[part~="sign-in-button"]');
      await until(() => text(button) === 'Anmelden');
    } finally {
      await setServerToken(null, room);
    }
    const documents = await fixture<SoliplexChat>(html`<soliplex-chat lang="de" server-url=${server} room="demo" no-persist></soliplex-chat>`);
    await until(() => text(deepQuery(documents, '[part~="documents-button"]')) === 'Dokumente');
    const own = await fixture<SoliplexChat>(html`<soliplex-chat lang="de" server-url=${server} room="demo" no-persist .strings=${{ documents: 'Akten' }}></soliplex-chat>`);
    await until(() => text(deepQuery(own, '[part~="documents-button"]')) === 'Akten');
  });

  it('a page that words one subagent status keeps the English of the others', async () => {
    const { agentUrl } = await script([
      [
        started,
        { type: 'SUBAGENT_STARTED', subagentRunId: 'sub1', name: 'researcher' },
        { type: 'TEXT_MESSAGE_START', messageId: 's1', role: 'assistant', subagentRunId: 'sub1' },
        { type: 'TEXT_MESSAGE_CONTENT', messageId: 's1', delta: 'Found it.', subagentRunId: 'sub1' },
        { type: 'TEXT_MESSAGE_END', messageId: 's1', subagentRunId: 'sub1' },
        { type: 'SUBAGENT_FINISHED', subagentRunId: 'sub1' },
        { type: 'SUBAGENT_STARTED', subagentRunId: 'sub2', name: 'checker' },
        { type: 'TEXT_MESSAGE_START', messageId: 's2', role: 'assistant', subagentRunId: 'sub2' },
        { type: 'TEXT_MESSAGE_CONTENT', messageId: 's2', delta: 'Checking.', subagentRunId: 'sub2' },
        { type: 'TEXT_MESSAGE_END', messageId: 's2', subagentRunId: 'sub2' },
        { type: 'SUBAGENT_ERROR', subagentRunId: 'sub2', message: 'offline' },
        ...say('a1', 'Summary.'),
        finished,
      ],
    ]);
    const el = await chat(agentUrl, 'en', { subagentStatus: { completed: 'Finished' } }, crypto.randomUUID());
    const done = finishedRun(el);
    el.send('research');
    expect((await done).outcome).to.equal('success');
    await until(() => deepQueryAll(el, '[part~="subagent-summary"]').length === 2);
    expect(deepQueryAll(el, '[part~="subagent-summary"]').map(text)).to.deep.equal(['researcher: Finished', 'checker: Failed']);
  });
});
