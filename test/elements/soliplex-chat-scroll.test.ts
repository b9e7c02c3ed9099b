import { expect, nextFrame } from '@open-wc/testing';
import { runFinished, runStarted, text } from '../helpers/agui-events.js';
import { deferred } from '../helpers/scripted-transport.js';
import { chatWith, deepQuery, settled, until } from './chat-fixture.js';

const long = Array.from({ length: 40 }, (_, i) => `Line ${i + 1} of a long answer.`).join('\n\n');

describe('<soliplex-chat> scrolling and strings', () => {
  it('sticks to the bottom while the reader is there, and stays put once they scroll up', async () => {
    const more = deferred();
    const { el } = await chatWith([
      [runStarted(), ...text('a1', long), runFinished()],
      [runStarted('r2'), ...text('a2', 'first part'), { $wait: more.promise }, ...text('a3', long), runFinished()],
    ]);
    el.style.height = '300px';
    el.send('long please');
    await until(() => deepQuery(el, '[part~="status"]')?.dataset['state'] === 'success');
    await settled(el);
    // The view follows the end once the frame is laid out (never by forcing layout in a render).
    await nextFrame();
    const scroller = deepQuery(el, '[part~="messages"]')!;
    const gap = () => scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight;
    expect(scroller.scrollHeight).to.be.greaterThan(scroller.clientHeight);
    // A loaded machine may lay out the last row (the message actions) a frame later: the pin follows it.
    await until(() => gap() < 2, 2000).catch(() => {});
    expect(gap()).to.be.lessThan(2);

    el.send('more');
    await until(() => scroller.textContent!.includes('first part'));
    await settled(el);
    await nextFrame();
    await until(() => gap() < 2, 2000).catch(() => {});
    expect(gap()).to.be.lessThan(2);
    scroller.scrollTop = 0;
    scroller.dispatchEvent(new Event('scroll'));
    more.resolve();
    await until(() => deepQuery(el, '[part~="status"]')?.dataset['state'] === 'success');
    await settled(el);
    await nextFrame();
    expect(scroller.scrollTop).to.equal(0);
  });

  it('merges partial strings over the English defaults', async () => {
    const { el } = await chatWith([[runStarted(), { $hang: true }]]);
    el.strings = { send: 'Envoyer', stop: 'Arrêter', thinking: 'Réflexion…', inputLabel: 'Votre message' };
    await settled(el);
    expect(deepQuery(el, '[part~="send-button"]')!.textContent!.trim()).to.equal('Envoyer');
    expect(deepQuery(el, '[part~="input"]')!.getAttribute('aria-label')).to.equal('Votre message');
    el.send('salut');
    await until(() => deepQuery(el, '[part~="status"]')?.textContent?.includes('Réflexion…') ?? false);
    await settled(el);
    expect(deepQuery(el, '[part~="stop-button"]')!.textContent!.trim()).to.equal('Arrêter');
    expect(deepQuery(el, '[part~="empty-state"]')).to.equal(undefined);
    el.stop();
  });
});
