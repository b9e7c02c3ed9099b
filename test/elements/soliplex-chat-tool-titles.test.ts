import { expect } from '@open-wc/testing';
import { z } from 'zod';
import { ToolRegistry, type ClientTool, type ToolGroup } from '../../src/index.js';
import { runFinished, runStarted, text, toolCall } from '../helpers/agui-events.js';
import { deferred } from '../helpers/scripted-transport.js';
import { chatWith, deepQuery, deepQueryAll, settled, statusLine, until, waitFor } from './chat-fixture.js';
import { server } from '../helpers/agui-server.js';
import { entry, nameOf, newChatButton, threadsChat, untilEntry } from './thread-fixture.js';

// Issue 24, item 2: tools speak people's language.

describe('<soliplex-chat>: tools by their titles', () => {
  it('the status line, the card, the approval and the live region say the title and icon, not the identifier', async () => {
    const gate = deferred<string>();
    const forecast: ClientTool<{ city: string }> = {
      name: 'get_forecast',
      title: 'Weather forecast',
      icon: '🌤',
      description: 'The forecast for a city',
      parameters: z.object({ city: z.string() }),
      execute: () => gate.promise,
    };
    const deleteNote: ClientTool<{ id: string }> = {
      name: 'delete_note',
      title: 'Delete a note',
      description: 'Deletes a note',
      parameters: z.object({ id: z.string() }),
      requiresApproval: true,
      execute: () => 'deleted',
    };
    const { el } = await chatWith(
      [
        [runStarted(), ...toolCall('c1', 'get_forecast', { city: 'Oslo' }), runFinished()],
        [runStarted('r2'), ...toolCall('c2', 'delete_note', { id: 'n1' }), runFinished()],
        [runStarted('r3'), ...text('a3', 'Sunny, and the note is gone.'), runFinished()],
      ],
      [forecast, deleteNote],
    );
    el.send('weather in Oslo, then delete my note');
    await until(() => statusLine(el)?.textContent?.includes('Executing') ?? false);
    expect(statusLine(el).textContent).to.contain('Executing Weather forecast…').and.not.contain('get_forecast');
    // The transcript renders at most every 33 ms (thread-controller.ts): the card may follow the status line by a frame.
    await until(() => deepQuery(el, '[part~="tool-card"]')?.getAttribute('aria-label')?.endsWith('Executing') ?? false);
    const card = deepQuery(el, '[part~="tool-card"]')!;
    expect(deepQuery(card, '[part~="tool-name"]')!.textContent).to.equal('Weather forecast');
    expect(card.textContent).to.contain('🌤').and.contain('city: "Oslo"').and.not.contain('get_forecast');
    expect(card.getAttribute('aria-label')).to.equal('Tool call Weather forecast: Executing');
    gate.resolve('sunny');

    await waitFor(el, '[part~="approval-card"]');
    const approval = deepQuery(el, '[part~="approval-card"]')!;
    expect(approval.textContent).to.contain('The assistant wants to run Delete a note. Allow it?').and.not.contain('delete_note');
    // The status line's approval wait comes from its rare states' chunk (a frame later in a fresh page).
    await until(() => statusLine(el).textContent!.includes('Waiting for your approval'));
    expect(statusLine(el).textContent).to.contain('Waiting for your approval: Delete a note');
    deepQuery(el, '[part~="approve-button"]')!.click();
    await until(() => statusLine(el).dataset['state'] === 'success');
    await settled(el);
    const log = deepQuery(el, '[role="log"]')!.textContent!;
    expect(log).to.contain('Weather forecast: Completed').and.contain('Delete a note: Completed').and.not.contain('get_forecast');
    await expect(el).to.be.accessible();
  });

  it("a group's expansion is one muted line with the group's title; the full detail is on hover", async () => {
    const group: ToolGroup = {
      name: 'weather_tools',
      title: 'Weather',
      icon: '☁',
      description: 'Weather tools',
      systemPrompt: 'Instructions for the weather tools',
      tools: [{ name: 'get_temperature', description: 'Temperature', execute: () => '12' }],
    };
    const { el } = await chatWith(
      [
        [runStarted(), ...toolCall('g1', 'weather_tools', {}), runFinished()],
        [runStarted('r2'), ...text('a2', 'Tools ready.'), runFinished()],
      ],
    );
    el.toolRegistry = new ToolRegistry([], [group]);
    el.send('weather please');
    await until(() => statusLine(el)?.dataset['state'] === 'success');
    await settled(el);
    const line = deepQuery(el, '[part~="tool-changes"]')!;
    expect(line.textContent!.replace(/\s+/g, ' ').trim()).to.equal('☁Weather ready');
    expect(line.getAttribute('title')).to.contain('Added tools: get_temperature').and.contain('Added context');
    expect(deepQueryAll(el, '[part~="tool-card"]'), 'no card for the expansion').to.have.length(0);
  });

  it('a call without arguments shows none: no "()" and no "{}"', async () => {
    const now: ClientTool = { name: 'get_time', description: 'The time', execute: () => '12:00' };
    const { el } = await chatWith(
      [[runStarted(), ...toolCall('c1', 'get_time', {}), runFinished()], [runStarted('r2'), ...text('a2', 'Noon.'), runFinished()]],
      [now],
    );
    el.send('time?');
    await until(() => statusLine(el)?.dataset['state'] === 'success');
    await until(() => !!deepQuery(el, '[part~="tool-card"]'));
    const card = deepQuery(el, '[part~="tool-card"]')!;
    const details = deepQuery<HTMLDetailsElement>(card, '[part~="tool-details"]')!;
    details.open = true;
    await until(() => card.textContent!.includes('Result'));
    expect(card.textContent).to.not.contain('()').and.not.contain('{}').and.not.contain('Arguments');
    expect(deepQuery(card, '[part~="tool-name"]')!.textContent).to.equal('get_time');
  });

  it('an approval of a call without arguments shows no empty arguments box', async () => {
    const deleteNote: ClientTool = { name: 'delete_note', title: 'Delete a note', description: 'Deletes the note', requiresApproval: true, execute: () => 'deleted' };
    const { el } = await chatWith([[runStarted(), ...toolCall('c1', 'delete_note', {}), runFinished()], [runStarted('r2'), ...text('a2', 'Gone.'), runFinished()]], [deleteNote]);
    el.send('delete the note');
    const card = await waitFor(el, '[part~="approval-card"]');
    await settled(el);
    expect(card.textContent).to.contain('Delete a note').and.not.contain('{}');
    expect(deepQuery(el, '[part~="approval-arguments"]')).to.equal(undefined);
    await expect(el).to.be.accessible();
  });

  it("the thread list's badges name a tool by its title, as the chat does, in the entry's accessible name too", async () => {
    const gate = deferred<string>();
    const secret: ClientTool<{ name: string }> = {
      name: 'get_secret_number',
      title: 'Secret number',
      description: 'The secret number of a person',
      parameters: z.object({ name: z.string() }),
      execute: () => gate.promise,
    };
    const { el, list } = await threadsChat(`${server}/agent`, new ToolRegistry([secret]));
    el.send('What is the secret number for alice?');
    const running = await untilEntry(list, 'What is the secret number for alice?', (_, badge) => badge.startsWith('Executing'));
    expect(running.querySelector('[part~="badge"]')!.textContent!.trim()).to.equal('Executing Secret number');
    expect(nameOf(running)).to.equal('What is the secret number for alice?, running, Executing Secret number');
    // In the background too (another thread on screen), and nowhere the identifier.
    newChatButton(list).click();
    await settled(el);
    expect(nameOf(entry(list, 'What is the secret number for alice?')!)).to.equal('What is the secret number for alice?, running, Executing Secret number');
    expect(list.shadowRoot!.textContent).to.not.contain('get_secret_number');
    gate.resolve('17');
    await untilEntry(list, 'What is the secret number for alice?', (name) => name === 'What is the secret number for alice?, unread');
  });
});
