// The strings only optional parts use load with those parts (their English is in the parts' modules, not
// in chat-strings.ts): a shipped translation and a page's `strings` must still reach them, also when the
// part loads after the translation did, and again after a reload.
import { expect, fixture, html } from '@open-wc/testing';
import { ThreadIndex, type SoliplexChat, type SoliplexChatStringsOverrides, type SoliplexRunFinishedEvent } from '../../src/index.js';
import { deepQuery, deepQueryAll, settled, until, waitFor } from './chat-fixture.js';
import { finished, say, script, started } from '../helpers/agui-server.js';

const usage = (inputTokens: number, outputTokens: number) => ({ ...finished, usage: [{ model: 'm', inputTokens, outputTokens }] });
const extras = (el: SoliplexChat) => deepQueryAll(el, 'soliplex-answer-extras');
const text = (e: Element | undefined) => (e?.textContent ?? '').replace(/\s+/g, ' ').trim();
const buttonNamed = (host: Element, name: string) => deepQueryAll<HTMLButtonElement>(host, 'button').find((b) => b.getAttribute('aria-label') === name);

async function chat(agentUrl: string, lang: string, strings?: SoliplexChatStringsOverrides, thread?: string) {
  return fixture<SoliplexChat>(
    html`<soliplex-chat lang=${lang} agent-url=${agentUrl} thread=${thread ?? ''} show-usage .attachments=${true} .strings=${strings}></soliplex-chat>`,
  );
}

async function turn(el: SoliplexChat, message: string): Promise<void> {
  const done = new Promise<SoliplexRunFinishedEvent>((resolve) => el.addEventListener('soliplex-run-finished', resolve, { once: true }));
  expect(el.send(message)).to.equal(true);
  expect((await done).outcome).to.equal('success');
  await settled(el);
}

describe('<soliplex-chat> strings of lazily loaded parts', function () {
  this.timeout(30_000);

  it('shows the German of the usage line, the reason field and the Attach button, a page’s own words over it, again after a reload', async () => {
    const { agentUrl } = await script([[started, ...say('a1', 'Eine Antwort.'), usage(1200, 30)]]);
    const page: SoliplexChatStringsOverrides = { feedbackSend: 'Abschicken' };
    const el = await chat(agentUrl, 'de', page);
    // The attachment bar is an optional part: its button speaks German.
    const attach = await waitFor<HTMLButtonElement>(el, '[part~="attach-button"]');
    await until(() => attach.textContent!.trim() === 'Dateien anhängen');
    await turn(el, 'Hallo');
    await until(() => extras(el).length === 1);
    const answer = extras(el)[0]!;
    // The usage line (answer-extras-view, loaded with it): German numbers and words.
    await until(() => text(deepQuery(answer, '[part~="usage"]')) === 'Diese Antwort: 1.200 Token Eingabe, 30 Ausgabe · Gesamte Unterhaltung: 1.200 Eingabe, 30 Ausgabe');
    await until(() => !!buttonNamed(answer, 'Schlechte Antwort'));
    buttonNamed(answer, 'Schlechte Antwort')!.click();
    const input = await waitFor<HTMLInputElement>(answer, '[part~="feedback-reason"] input');
    expect(input.getAttribute('aria-label')).to.equal('Was war daran gut oder schlecht? (optional)');
    // The page's word wins over the translation.
    expect(text(deepQuery(answer, '[part~="feedback-reason"] button'))).to.equal('Abschicken');

    const thread = el.thread;
    const engine = el.engine!;
    el.remove();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await ThreadIndex.for(engine).flush();
    const again = await chat(agentUrl, 'de', { usageAnswer: (input, output) => `${input} rein, ${output} raus` }, thread);
    await until(() => extras(again).length === 1);
    await until(() => text(deepQuery(extras(again)[0]!, '[part~="usage"]')) === '1200 rein, 30 raus · Gesamte Unterhaltung: 1.200 Eingabe, 30 Ausgabe');
    // A file attached after the reload: its remove button, in German.
    const picker = deepQuery<HTMLInputElement>(again, '[part~="attachments"] input[type="file"]')!;
    const files = new DataTransfer();
    files.items.add(new File(['hi'], 'notiz.txt', { type: 'text/plain' }));
    picker.files = files.files;
    picker.dispatchEvent(new Event('change'));
    await until(() => deepQueryAll(again, '[part~="attachment"] button').length === 1);
    expect(deepQueryAll(again, '[part~="attachment"] button')[0]!.getAttribute('aria-label')).to.equal('notiz.txt entfernen');
  });

  it('words a tool call card (its own chunk) in German, with a page’s word over the translation', async () => {
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
    const el = await chat(agentUrl, 'de', { toolDetails: 'Mehr dazu' });
    await turn(el, 'Suche');
    const card = await waitFor(el, '[part~="tool-card"]');
    await until(() => /^Werkzeugaufruf /.test(card.getAttribute('aria-label') ?? ''));
    expect(text(deepQuery(el, '[part~="tool-details"] summary'))).to.equal('Mehr dazu');
  });
});
