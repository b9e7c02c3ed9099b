import { expect } from '@open-wc/testing';
import { runFinished, runStarted, text } from '../helpers/agui-events.js';
import { chatWith, deepQuery, settled, until, waitFor } from './chat-fixture.js';

// The message list's rare pieces (a turn's versions, the editor, subagent groups, attachments) are a
// chunk of their own, loaded with the first one shown or the first Edit. This file runs in a page of
// its own: a plain answer has not loaded them, the first Edit does.

const finished = (el: HTMLElement) => new Promise((resolve) => el.addEventListener('soliplex-run-finished', resolve, { once: true }));

describe('<soliplex-message-list> rare pieces, loaded on use', () => {
  it('opens the editor on the first Edit (styled, focused, the caret at the end), Escape back to Edit, Enter sends the edit', async () => {
    const { el, transport } = await chatWith([
      [runStarted(), ...text('a1', 'First answer.'), runFinished()],
      [runStarted(), ...text('a2', 'Second answer.'), runFinished()],
    ]);
    const first = finished(el);
    el.send('hello there');
    await first;
    await settled(el);
    const list = deepQuery(el, 'soliplex-message-list')!.shadowRoot!;
    const sheets = list.adoptedStyleSheets.length;
    const edit = await waitFor<HTMLButtonElement>(el, '[part~="edit-button"]');
    edit.click();
    const textarea = await waitFor<HTMLTextAreaElement>(el, '.editor textarea');
    await until(() => list.activeElement === textarea);
    expect(textarea.value).to.equal('hello there');
    expect(textarea.selectionStart).to.equal('hello there'.length);
    // Its styles came with it, into the list's root.
    expect(list.adoptedStyleSheets.length).to.equal(sheets + 1);
    expect(getComputedStyle(list.querySelector('.editor')!).display).to.equal('flex');
    expect(getComputedStyle(textarea).resize).to.equal('vertical');

    textarea.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    await until(() => deepQuery(el, '.editor') === undefined);
    expect(list.activeElement, 'back on Edit').to.equal(list.querySelector('[part~="edit-button"]'));

    list.querySelector<HTMLButtonElement>('[part~="edit-button"]')!.click();
    const again = await waitFor<HTMLTextAreaElement>(el, '.editor textarea');
    again.value = 'hello again';
    again.dispatchEvent(new Event('input'));
    await settled(el);
    const second = finished(el);
    again.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
    await second;
    expect(transport.requests.at(-1)!.messages.at(-1)).to.deep.include({ role: 'user', content: 'hello again' });
    // The earlier turn is kept as a version: its switcher shows, styled.
    const versions = await waitFor(el, '[part~="versions"]');
    expect(versions.querySelector('.position')!.textContent!.trim()).to.equal('2 / 2');
    expect(getComputedStyle(versions).fontVariantNumeric).to.equal('tabular-nums');
  });
});
