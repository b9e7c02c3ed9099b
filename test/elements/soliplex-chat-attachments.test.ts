import { expect } from '@open-wc/testing';
import type { ContentPart } from '@ag-ui/core';
import type { SoliplexRunFinishedEvent } from '../../src/index.js';
import { runFinished, runStarted, text } from '../helpers/agui-events.js';
import { chatWith, deepQuery, deepQueryAll, settled, until, waitFor } from './chat-fixture.js';

// A 1x1 PNG.
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));
const png = (name = 'dot.png') => new File([PNG], name, { type: 'image/png' });

function paste(target: Element, files: File[]) {
  const data = new DataTransfer();
  files.forEach((f) => data.items.add(f));
  target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, composed: true, cancelable: true }));
}

const answer = [runStarted('r1'), ...text('a1', 'Nice picture.'), runFinished()];

async function send(el: HTMLElement & { send(t: string): boolean }, text: string) {
  const input = deepQuery<HTMLTextAreaElement>(el, '[part~="input"]')!;
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await settled(el as never);
  deepQuery(el, '[part~="send-button"]')!.click();
}

describe('<soliplex-chat> attachments', () => {
  it('are off unless enabled', async () => {
    const { el } = await chatWith([answer]);
    await settled(el);
    expect(deepQuery(el, '[part~="attach-button"]')).to.equal(undefined);
  });

  it('paste → preview → sent as AG-UI content parts (text, then base64 image) and shown on the message', async () => {
    const { el, transport } = await chatWith([answer]);
    el.attachments = true;
    await waitFor(el, '[part~="attach-button"]');
    paste(deepQuery(el, '[part~="input"]')!, [png()]);
    await settled(el);
    const chip = await waitFor(el, '[part~="attachment"]');
    expect(chip.textContent).to.contain('dot.png');
    expect(chip.querySelector('img')).to.exist;
    const done = new Promise<SoliplexRunFinishedEvent>((r) => el.addEventListener('soliplex-run-finished', r));
    await send(el, 'what is this?');
    await done;
    const content = transport.requests[0]!.messages[0]!.content as ContentPart[];
    expect(content[0]).to.deep.equal({ type: 'text', text: 'what is this?' });
    expect(content[1]).to.deep.include({ type: 'image' });
    expect((content[1] as { source: unknown }).source).to.deep.equal({ type: 'data', mimeType: 'image/png', value: btoa(String.fromCharCode(...PNG)) });
    await settled(el);
    // The message list's attachments load with the first message that has some (a frame later).
    const shown = await waitFor<HTMLImageElement>(el, '[part~="message-attachment"]');
    expect(shown.alt).to.equal('Attachment: dot.png');
    expect(shown.src).to.match(/^data:image\/png;base64,/);
    expect(deepQueryAll(el, '[part~="attachment"]')).to.have.length(0); // the bar emptied
  });

  it('size, type and count limits refuse files with a reason; the upload hook sends URLs', async () => {
    const { el, transport } = await chatWith([answer]);
    const uploaded: string[] = [];
    el.attachments = {
      accept: ['image/*'],
      maxBytes: 100,
      maxFiles: 1,
      upload: async (file) => (uploaded.push(file.name), `https://files.example/${file.name}`),
    };
    await waitFor(el, '[part~="attach-button"]');
    paste(deepQuery(el, '[part~="input"]')!, [new File(['x'.repeat(200)], 'big.png', { type: 'image/png' }), new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' }), png('a.png'), png('b.png')]);
    await settled(el);
    const error = deepQuery(el, '[part~="attachment-error"]')!.textContent!;
    expect(error).to.contain('big.png is larger than');
    expect(error).to.contain('doc.pdf: this kind of file cannot be attached');
    expect(error).to.contain('b.png: no more files');
    expect(deepQueryAll(el, '[part~="attachment"]').map((a) => a.textContent!.trim().replace('×', '').trim())).to.deep.equal(['a.png']);
    await send(el, 'look');
    await until(() => transport.requests.length === 1);
    expect(uploaded).to.deep.equal(['a.png']);
    const content = transport.requests[0]!.messages[0]!.content as ContentPart[];
    expect((content[1] as { source: unknown }).source).to.deep.equal({ type: 'url', value: 'https://files.example/a.png', mimeType: 'image/png' });
  });

  it("the agent's capabilities turn attachments on for what it accepts", async () => {
    const { el } = await chatWith([answer]);
    el.capabilities = { multimodal: { input: { image: true } } };
    await waitFor(el, '[part~="attach-button"]');
    paste(deepQuery(el, '[part~="input"]')!, [new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' })]);
    await settled(el);
    expect(deepQuery(el, '[part~="attachment-error"]')!.textContent).to.contain('cannot be attached');
    await expect(el).to.be.accessible();
  });
});
