// Sign-in's and the documents picker's code load only where the server has them (scripts/size.mjs
// lists them as optional): a Soliplex room asks `GET /api/login` and `GET …/documents` first. A file of
// its own: a module, once loaded, stays loaded for the page, and the other room-extras tests load both.
import { loaded } from '../helpers/module-loads.js';
import { expect, fixture, html } from '@open-wc/testing';
import type { SoliplexChat, SoliplexRunFinishedEvent } from '../../src/index.js';
import { deepQuery, until, waitFor } from './chat-fixture.js';
import { finished, say, script, server, setServerToken, started } from '../helpers/agui-server.js';

const SIGN_IN = '/controllers/soliplex-sign-in-controller';
const DOCUMENTS = '/controllers/soliplex-documents-controller';
const VIEW = '/soliplex-chat/room-extras-view';
const PARTS = '/soliplex-chat/room-extras-parts';

describe('<soliplex-chat> sign-in and documents code', () => {
  it('loads neither where the server has neither, the documents picker with a room that lists documents, sign-in with a server that lists providers', async function () {
    this.timeout(30_000);
    const { room } = await script([[started, ...say('a1', 'Fine.'), finished]]);
    const el = await fixture<SoliplexChat>(html`<soliplex-chat server-url=${server} room=${room} no-persist></soliplex-chat>`);
    await waitFor(el, '[part~="welcome"]');
    const done = new Promise<SoliplexRunFinishedEvent>((resolve) => el.addEventListener('soliplex-run-finished', resolve, { once: true }));
    el.send('hello');
    expect((await done).outcome).to.equal('success');
    // Both questions were asked and answered (a resource entry is added when its answer has been read).
    await until(() => loaded('/api/login') && loaded(`/rooms/${room}/documents`));
    expect(loaded(SIGN_IN), 'sign-in').to.equal(false);
    expect(loaded(DOCUMENTS), 'documents').to.equal(false);
    expect(loaded(VIEW), 'their view').to.equal(false);
    expect(loaded(PARTS), 'how they are made').to.equal(false);
    el.remove();

    const withDocuments = await fixture<SoliplexChat>(html`<soliplex-chat server-url=${server} room="demo" no-persist></soliplex-chat>`);
    await waitFor(withDocuments, '[part~="documents-button"]');
    expect(loaded(DOCUMENTS), 'documents').to.equal(true);
    expect(loaded(PARTS), 'how they are made').to.equal(true);
    expect(loaded(SIGN_IN), 'sign-in').to.equal(false);
    withDocuments.remove();

    const { room: guarded } = await script([]);
    await setServerToken('room-secret', guarded);
    try {
      const signIn = await fixture<SoliplexChat>(html`<soliplex-chat server-url=${server} room=${guarded} no-persist></soliplex-chat>`);
      await waitFor(signIn, '[part~="sign-in-button"]');
      expect(loaded(SIGN_IN), 'sign-in').to.equal(true);
      expect(deepQuery(signIn, '[part~="sign-out-button"]')).to.equal(undefined);
    } finally {
      await setServerToken(null, guarded);
    }
  });
});
