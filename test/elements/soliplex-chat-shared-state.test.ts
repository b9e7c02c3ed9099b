// Shared state both ways (issue 25, item 5), as the AG-UI dojo's shared-state recipe uses it: the page
// sets `agentState` and the next run's request carries it; the agent changes it (STATE_SNAPSHOT,
// STATE_DELTA) and `soliplex-state-change` fires once per change while `agentState` reads the new
// state; a reload keeps it (generic endpoint threads are kept in IndexedDB). Asserted on what the demo
// server received.
import { expect, fixture, html } from '@open-wc/testing';
import { type SoliplexChat, type SoliplexRunFinishedEvent, type SoliplexStateChangeEvent } from '../../src/index.js';
import { deepQuery, leave, until, waitFor } from './chat-fixture.js';
import { accessibleInBothThemes } from './a11y-themes.js';
import { finished, say, script, server, started } from '../helpers/agui-server.js';

function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = request.onerror = request.onblocked = () => resolve();
  });
}

const finishedOnce = (el: SoliplexChat) =>
  new Promise<SoliplexRunFinishedEvent>((resolve) => el.addEventListener('soliplex-run-finished', resolve, { once: true }));

/** The dojo's recipe card, as a page's `stateRenderer` would show it. */
const recipeCard = (state: unknown) => {
  const recipe = (state as { recipe?: { title?: string; servings?: number } } | undefined)?.recipe;
  return recipe ? html`<p class="recipe">${recipe.title} for ${recipe.servings}</p>` : html`<p class="recipe">No recipe</p>`;
};
const shownRecipe = (el: SoliplexChat) => deepQuery(el, '[part~="state"] .recipe')?.textContent ?? '';

function open(agentUrl: string, thread?: string) {
  return fixture<SoliplexChat>(
    thread
      ? html`<soliplex-chat agent-url=${agentUrl} thread=${thread} .stateRenderer=${recipeCard}></soliplex-chat>`
      : html`<soliplex-chat agent-url=${agentUrl} .stateRenderer=${recipeCard}></soliplex-chat>`,
  );
}

function stateChanges(el: SoliplexChat): SoliplexStateChangeEvent[] {
  const seen: SoliplexStateChangeEvent[] = [];
  el.addEventListener('soliplex-state-change', (event) => seen.push(event));
  return seen;
}

/** The chat leaves the page (its engine is disposed, as on a reload); resolves once what it kept is written. */
describe('<soliplex-chat> shared state (agentState, soliplex-state-change)', () => {
  beforeEach(() => deleteDatabase('soliplex-chat-threads'));

  it("sends the page's agentState with the next run, shows it at once, and fires no state change for it", async () => {
    const { agentUrl, requests } = await script<{ state?: unknown }>([
      [started, ...say('a1', 'Made it vegan.'), finished],
      [started, ...say('a2', 'Still vegan.'), finished],
    ]);
    const el = await open(agentUrl);
    await el.engineReady;
    const changes = stateChanges(el);
    expect(el.agentState).to.deep.equal({});
    expect(shownRecipe(el)).to.equal('No recipe');

    const edited = { recipe: { title: 'Pancakes', servings: 2 }, rag: { top_k: 3 } };
    el.agentState = edited;
    expect(el.agentState).to.deep.equal(edited);
    await el.updateComplete;
    expect(shownRecipe(el)).to.equal('Pancakes for 2');

    let done = finishedOnce(el);
    el.send('make it vegan');
    expect((await done).outcome).to.equal('success');
    expect((await requests())[0].body.state).to.deep.equal(edited);

    // A second edit replaces the first, for the thread's next run.
    el.agentState = { recipe: { title: 'Waffles', servings: 4 } };
    done = finishedOnce(el);
    el.send('and now?');
    await done;
    expect((await requests())[1].body.state).to.deep.equal({ recipe: { title: 'Waffles', servings: 4 } });
    expect(changes).to.have.length(0);
  });

  it("fires soliplex-state-change once per change the agent makes (snapshot, delta), and agentState reads it, after a reload too", async function () {
    this.timeout(30_000); // axe in both themes on a shared machine
    const snapshot = { recipe: { title: 'Soup', servings: 4 } };
    const { agentUrl, requests } = await script<{ state?: unknown }>([
      [
        started,
        { type: 'STATE_SNAPSHOT', snapshot },
        ...say('a1', 'Soup it is.'),
        { type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/recipe/servings', value: 6 }] },
        // A delta whose test fails changes nothing: no event for it.
        { type: 'STATE_DELTA', delta: [{ op: 'test', path: '/recipe/servings', value: 99 }, { op: 'replace', path: '/recipe/servings', value: 99 }] },
        finished,
      ],
      [started, ...say('a2', 'For eight, then.'), finished],
    ]);
    const el = await open(agentUrl);
    await el.engineReady;
    const changes = stateChanges(el);
    const done = finishedOnce(el);
    el.send('a soup please');
    await done;

    expect(changes.map((e) => e.state)).to.deep.equal([snapshot, { recipe: { title: 'Soup', servings: 6 } }]);
    for (const event of changes) {
      expect(event.threadKey.thread).to.equal(el.thread);
      expect(event.threadKey.server).to.equal(agentUrl);
      expect(event.detail).to.deep.equal({ threadKey: event.threadKey, state: event.state });
      expect(event.composed && event.bubbles).to.equal(true);
    }
    expect(el.agentState).to.deep.equal({ recipe: { title: 'Soup', servings: 6 } });
    await el.updateComplete;
    expect(shownRecipe(el)).to.equal('Soup for 6');
    await accessibleInBothThemes(el, "the page's state renderer");

    // A reload: the thread comes back from this browser with the agent's state.
    const thread = el.thread;
    await leave(el);
    const reloaded = await open(agentUrl, thread);
    await until(() => shownRecipe(reloaded) === 'Soup for 6');
    expect(reloaded.agentState).to.deep.equal({ recipe: { title: 'Soup', servings: 6 } });

    // The page edits the agent's state; the next run works from the edit.
    reloaded.agentState = { recipe: { title: 'Soup', servings: 8 } };
    const again = finishedOnce(reloaded);
    reloaded.send('for eight');
    await again;
    expect((await requests())[1].body.state).to.deep.equal({ recipe: { title: 'Soup', servings: 8 } });
  });

  it("keeps the page's agentState across a reload, and sends what the page set before the chat had an engine", async () => {
    const { agentUrl, requests } = await script<{ state?: unknown }>([
      [started, ...say('a1', 'Noted.'), finished],
      [started, ...say('a2', 'Still noted.'), finished],
    ]);
    const el = await open(agentUrl);
    await el.engineReady;
    let done = finishedOnce(el);
    el.send('first');
    await done;
    el.agentState = { recipe: { title: 'Bread', servings: 1 } };
    const thread = el.thread;
    await leave(el);

    const reloaded = await open(agentUrl, thread);
    await until(() => shownRecipe(reloaded) === 'Bread for 1');
    expect(reloaded.agentState).to.deep.equal({ recipe: { title: 'Bread', servings: 1 } });
    reloaded.remove();

    // Set before the chat is on the page, so before it has an engine: the thread gets it once it has one.
    const chat = document.createElement('soliplex-chat') as SoliplexChat;
    chat.setAttribute('agent-url', agentUrl);
    chat.setAttribute('thread', thread);
    chat.stateRenderer = recipeCard;
    chat.agentState = { recipe: { title: 'Bagels', servings: 3 } };
    expect(chat.engine).to.equal(undefined);
    expect(chat.agentState).to.deep.equal({ recipe: { title: 'Bagels', servings: 3 } });
    document.body.append(chat);
    try {
      await chat.engineReady;
      await until(() => shownRecipe(chat) === 'Bagels for 3');
      done = finishedOnce(chat);
      chat.send('second');
      await done;
      expect((await requests())[1].body.state).to.deep.equal({ recipe: { title: 'Bagels', servings: 3 } });
    } finally {
      chat.remove();
    }
  });

  it("on a Soliplex room, merges the Documents picker's filter into the page's state", async function () {
    this.timeout(30_000); // the demo room's model on a shared machine
    const documents = Object.values(
      ((await (await fetch(`${server}/api/v1/rooms/demo/documents`)).json()) as { document_set: Record<string, { id: string }> }).document_set,
    );
    const el = await fixture<SoliplexChat>(html`<soliplex-chat server-url=${server} room="demo" no-persist></soliplex-chat>`);
    (await waitFor(el, '[part~="documents-button"]', 15_000)).click();
    await until(() => !!deepQuery(el, '[part~="documents"] input[type="checkbox"]'));
    deepQuery<HTMLInputElement>(el, '[part~="documents"] input[type="checkbox"]')!.click();
    el.agentState = { recipe: { title: 'Soup', servings: 2 }, rag: { top_k: 3 } };
    const done = finishedOnce(el);
    el.send('which documents?');
    expect((await done).outcome).to.equal('success');
    const stored = (await (await fetch(`${server}/api/v1/rooms/demo/agui/${el.thread}`)).json()) as {
      runs: Record<string, { run_input?: { state?: unknown } }>;
    };
    // The new thread's initial state (the server's `rag` keys), the page's over it, the picker's filter over both.
    const sent = Object.values(stored.runs).at(-1)?.run_input?.state as { recipe?: unknown; rag?: Record<string, unknown> };
    expect(sent.recipe).to.deep.equal({ title: 'Soup', servings: 2 });
    expect(sent.rag).to.include({ top_k: 3, document_filter: `id = '${documents[0].id}'` });
    expect(sent.rag?.['citations']).to.deep.equal([]);
  });
});
