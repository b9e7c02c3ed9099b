import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { LitElement, css, html as litHtml } from 'lit';
import type { SoliplexChat } from '../../src/index.js';
import { runFinished, runStarted, text } from '../helpers/agui-events.js';
import { chatWith, deepQuery, settled, until } from './chat-fixture.js';

const RED = 'rgb(255, 0, 0)';

/** A host component with its own shadow root, to check the chat works nested. */
class ChatHostProbe extends LitElement {
  static override styles = css`
    button { display: none; }
  `;
  override render() {
    return litHtml`<soliplex-chat thread="nested"></soliplex-chat><button>host's own</button>`;
  }
}
if (!customElements.get('chat-host-probe')) customElements.define('chat-host-probe', ChatHostProbe);

async function answered(): Promise<SoliplexChat> {
  const { el } = await chatWith([[runStarted(), ...text('a1', 'Styled answer'), runFinished()]]);
  el.send('style me');
  await until(() => deepQuery(el, '[part~="status"]')?.dataset['state'] === 'success');
  await settled(el);
  return el;
}

describe('<soliplex-chat> styling contract', () => {
  let style: HTMLStyleElement;
  afterEach(() => style?.remove());

  function pageCss(text: string) {
    style = document.createElement('style');
    style.textContent = text;
    document.head.append(style);
  }

  it('ignores page CSS aimed at its internals', async () => {
    pageCss(`
      soliplex-chat button { display: none !important; }
      * { color: red !important; font-family: cursive !important; }
      button, textarea, p, div { visibility: hidden !important; }
    `);
    const el = await answered();
    const send = deepQuery(el, '[part~="send-button"]')!;
    expect(getComputedStyle(send).display).to.not.equal('none');
    expect(getComputedStyle(send).visibility).to.equal('visible');
    const message = deepQuery(el, '[part~="assistant-message"]')!;
    expect(getComputedStyle(message).color).to.not.equal(RED);
    expect(getComputedStyle(message).fontFamily).to.not.contain('cursive');
    expect(getComputedStyle(deepQuery(el, '[part~="input"]')!).visibility).to.equal('visible');
  });

  it('applies documented parts and custom properties', async () => {
    pageCss(`
      soliplex-chat { --soliplex-chat-accent: rgb(1, 2, 3); --soliplex-chat-radius: 3px; }
      soliplex-chat::part(assistant-message) { color: rgb(0, 128, 0); }
      soliplex-chat::part(user-message) { border: 2px solid rgb(0, 0, 255); }
      soliplex-chat::part(input) { font-size: 21px; }
    `);
    const el = await answered();
    expect(getComputedStyle(deepQuery(el, '[part~="assistant-message"]')!).color).to.equal('rgb(0, 128, 0)');
    expect(getComputedStyle(deepQuery(el, '[part~="user-message"]')!).borderTopColor).to.equal('rgb(0, 0, 255)');
    expect(getComputedStyle(deepQuery(el, '[part~="input"]')!).fontSize).to.equal('21px');
    const send = deepQuery(el, '[part~="send-button"]')!;
    expect(getComputedStyle(send).backgroundColor).to.equal('rgb(1, 2, 3)');
    expect(getComputedStyle(send).borderTopLeftRadius).to.equal('3px');
  });

  it('does not leak its styles out', async () => {
    const wrapper = await fixture<HTMLDivElement>(html`<div><soliplex-chat></soliplex-chat><p class="message">page text</p><button>page</button></div>`);
    const pageButton = wrapper.querySelector('button')!;
    const plain = document.createElement('button');
    document.body.append(plain);
    expect(getComputedStyle(pageButton).backgroundColor).to.equal(getComputedStyle(plain).backgroundColor);
    expect(getComputedStyle(wrapper.querySelector('p')!).borderTopStyle).to.equal('none');
    plain.remove();
  });

  it('works inside another component’s shadow root', async () => {
    const host = await fixture<ChatHostProbe>(html`<chat-host-probe></chat-host-probe>`);
    await host.updateComplete;
    const chat = host.shadowRoot!.querySelector('soliplex-chat')!;
    await chat.updateComplete;
    const send = deepQuery(chat, '[part~="send-button"]')!;
    expect(getComputedStyle(send).display).to.not.equal('none');
    // A thread the page names is looked up in this browser's storage first (no empty state flashes before a kept conversation).
    await until(() => !!deepQuery(chat, '[part~="empty-state"]'));
    expect(deepQuery(chat, '[part~="empty-state"]')!.textContent).to.contain('How can I help');
  });

  it('switches themes by attribute and by prefers-color-scheme', async () => {
    const el = await fixture<SoliplexChat>(html`<soliplex-chat theme="light"></soliplex-chat>`);
    const root = () => getComputedStyle(deepQuery(el, '[part~="root"]')!).backgroundColor;
    expect(root()).to.equal('rgb(255, 255, 255)');
    el.theme = 'dark';
    await el.updateComplete;
    expect(root()).to.equal('rgb(13, 17, 23)');
    el.theme = 'auto';
    await el.updateComplete;
    await emulateMedia({ colorScheme: 'dark' });
    try {
      expect(root()).to.equal('rgb(13, 17, 23)');
      el.theme = 'light';
      await el.updateComplete;
      expect(root()).to.equal('rgb(255, 255, 255)');
    } finally {
      await emulateMedia({ colorScheme: 'light' });
    }
  });

  it('renders the header, footer and empty slots', async () => {
    const el = await fixture<SoliplexChat>(html`<soliplex-chat>
      <h2 slot="header">My bot</h2>
      <div slot="empty">Ask me anything</div>
      <small slot="footer">AI can be wrong</small>
    </soliplex-chat>`);
    const slots = [...el.shadowRoot!.querySelectorAll('slot')].map((s) => [s.name, s.assignedElements().map((e) => e.textContent)]);
    expect(slots).to.deep.include(['header', ['My bot']]);
    expect(slots).to.deep.include(['empty', ['Ask me anything']]);
    expect(slots).to.deep.include(['footer', ['AI can be wrong']]);
  });
});
