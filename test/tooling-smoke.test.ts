// Smoke test of the test tooling itself: TS + Lit decorators compile in the browser, the element
// renders, and the AG-UI server started by web-test-runner.config.mjs is reachable (CORS included).
import { expect, fixture, html } from '@open-wc/testing';
import { LitElement, html as litHtml } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import '../src/index.js';

// Needs esbuild to honour experimentalDecorators + useDefineForClassFields:false from
// tsconfig.json: otherwise the field shadows the reactive accessor and updates never render.
@customElement('tooling-smoke-probe')
class ToolingSmokeProbe extends LitElement {
  @property() label = 'before';
  override render() {
    return litHtml`<span>${this.label}</span>`;
  }
}

describe('tooling smoke', () => {
  it('compiles Lit decorators with reactive class fields', async () => {
    const el = await fixture<ToolingSmokeProbe>(html`<tooling-smoke-probe></tooling-smoke-probe>`);
    el.label = 'after';
    await el.updateComplete;
    expect(el.shadowRoot!.textContent).to.equal('after');
  });

  it('renders <soliplex-chat> into its shadow root', async () => {
    const el = await fixture(html`<soliplex-chat></soliplex-chat>`);
    expect(el).to.be.instanceOf(customElements.get('soliplex-chat'));
    expect(el.shadowRoot, 'shadow root').to.exist;
    await (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
    expect(el.shadowRoot!.querySelector('soliplex-composer'), 'composer').to.exist;
    expect(el.shadowRoot!.querySelector('[part~="empty-state"]')!.textContent).to.contain('How can I help');
  });

  it('exposes a live AG-UI server in globalThis.__AGUI_SERVER__', async () => {
    const url = (globalThis as { __AGUI_SERVER__?: unknown }).__AGUI_SERVER__;
    expect(url).to.be.a('string').and.match(/^http:\/\/[^/]+$/);
    const res = await fetch(`${url}/scripts`, { method: 'POST', body: JSON.stringify({ runs: [] }) });
    expect(res.status).to.equal(201);
  });
});
