import { expect, fixture, html } from '@open-wc/testing';
import { ThreadIndex, type SoliplexChat, type SoliplexRunFinishedEvent, type UsagePrices } from '../../src/index.js';
import { deepQuery, deepQueryAll, settled, until } from './chat-fixture.js';
import { finished, say, script, server, started } from '../helpers/agui-server.js';

// Issue 24, item 7: a price table (`usagePrices`) turns the usage line's tokens into cost.

const finishedOnce = (el: SoliplexChat) => new Promise<SoliplexRunFinishedEvent>((resolve) => el.addEventListener('soliplex-run-finished', resolve, { once: true }));
const extras = (el: SoliplexChat) => deepQueryAll(el, 'soliplex-answer-extras');
const text = (e: Element | undefined) => (e?.textContent ?? '').replace(/\s+/g, ' ').trim();
const usageLines = (el: SoliplexChat) => extras(el).map((x) => text(deepQuery(x, '[part~="usage"]')));

async function turn(el: SoliplexChat, words: string): Promise<void> {
  const done = finishedOnce(el);
  expect(el.send(words)).to.equal(true);
  expect((await done).outcome).to.equal('success');
  await settled(el);
  await customElements.whenDefined('soliplex-answer-extras');
  await settled(el);
}

const prices: UsagePrices = { currency: 'EUR', default: { input: 1, output: 4 }, models: { 'gpt-x': { input: 2.5, output: 10, cachedInput: 1.25 } } };

describe('<soliplex-chat> usage prices', () => {
  it('shows each answer’s cost and the thread’s by the table (per model, cached input at its price), in the chat’s language, and again after a reload', async () => {
    const run = (usage: object[]) => ({ ...finished, usage });
    const { agentUrl } = await script([
      // 400,000 in (100,000 of them cached) and 20,000 out on gpt-x: 300,000 × 2.5 + 100,000 × 1.25 + 20,000 × 10 per million = 1.075 €.
      [started, ...say('a1', 'First.'), run([{ model: 'gpt-x', inputTokens: 400_000, cachedInputTokens: 100_000, outputTokens: 20_000 }])],
      // An unknown model: the default price. 3,000 × 1 + 500 × 4 per million = 0.005 €.
      [started, ...say('a2', 'Second.'), run([{ model: 'other', inputTokens: 3_000, outputTokens: 500 }])],
    ]);
    const el = await fixture<SoliplexChat>(html`<soliplex-chat agent-url=${agentUrl} show-usage .usagePrices=${prices}></soliplex-chat>`);
    await turn(el, 'one');
    await turn(el, 'two');
    await until(() => usageLines(el)[1]!.includes('€'));
    expect(usageLines(el)).to.deep.equal([
      'This answer: 400,000 tokens in, 20,000 out (≈ €1.08)',
      'This answer: 3,000 tokens in, 500 out (≈ €0.005) · Thread: 403,000 in, 20,500 out (≈ €1.08)',
    ]);

    // Without a table: tokens only.
    el.usagePrices = undefined;
    await settled(el);
    await until(() => !usageLines(el).join('').includes('€'));
    expect(usageLines(el)).to.deep.equal(['This answer: 400,000 tokens in, 20,000 out', 'This answer: 3,000 tokens in, 500 out · Thread: 403,000 in, 20,500 out']);

    // In German: the words and the amounts as German writes them.
    const thread = el.thread;
    const engine = el.engine!;
    el.remove();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await ThreadIndex.for(engine).flush();
    const again = await fixture<SoliplexChat>(html`<soliplex-chat lang="de" agent-url=${agentUrl} thread=${thread} show-usage .usagePrices=${prices}></soliplex-chat>`);
    await until(() => extras(again).length === 2 && usageLines(again)[1]!.includes('€') && usageLines(again)[1]!.startsWith('Diese'));
    const de = (n: number) => new Intl.NumberFormat('de').format(n);
    const euro = (n: number, small = false) => new Intl.NumberFormat('de', { style: 'currency', currency: 'EUR', ...(small ? { maximumSignificantDigits: 2 } : {}) }).format(n);
    expect(usageLines(again)).to.deep.equal(
      [
        `Diese Antwort: ${de(400_000)} Token Eingabe, ${de(20_000)} Ausgabe (≈ ${euro(1.075)})`,
        `Diese Antwort: ${de(3_000)} Token Eingabe, 500 Ausgabe (≈ ${euro(0.005, true)}) · Gesamte Unterhaltung: ${de(403_000)} Eingabe, ${de(20_500)} Ausgabe (≈ ${euro(1.08)})`,
      ].map((line) => line.replace(/\s+/g, ' ')),
    );
    expect(usageLines(again)[0]).to.contain('1,08 €'); // German writes the amount so
  });

  it('prices a Soliplex run’s usage (its usage route names no model) by the default price', async () => {
    const el = await fixture<SoliplexChat>(html`<soliplex-chat server-url=${server} room="demo" show-usage .usagePrices=${{ currency: 'USD', default: { input: 3, output: 15 } }}></soliplex-chat>`);
    await turn(el, 'hello there');
    const [runId] = Object.keys(((await (await fetch(`${server}/api/v1/rooms/demo/agui/${el.thread}`)).json()) as { runs: Record<string, unknown> }).runs).slice(-1);
    const usage = (await (await fetch(`${server}/api/v1/rooms/demo/agui/${el.thread}/${runId}/usage`)).json()) as { input_tokens: number; output_tokens: number };
    const cost = (usage.input_tokens * 3 + usage.output_tokens * 15) / 1e6;
    const amount = new Intl.NumberFormat('en', { style: 'currency', currency: 'USD', ...(cost < 0.1 ? { maximumSignificantDigits: 2 } : {}) }).format(cost);
    await until(() => usageLines(el)[0]!.includes('$'));
    expect(usageLines(el)[0]).to.equal(
      `This answer: ${usage.input_tokens.toLocaleString('en')} tokens in, ${usage.output_tokens.toLocaleString('en')} out (≈ ${amount}) · Thread: ${usage.input_tokens.toLocaleString('en')} in, ${usage.output_tokens.toLocaleString('en')} out (≈ ${amount})`,
    );
  });
});
