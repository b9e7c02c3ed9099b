import { expect } from '@open-wc/testing';
// The registry's own module, as the CDN element imports it: not the core's index, which provides the
// JSON Schema check at once (there register() throws; see json-schema-tools.test.ts). Each test file
// runs in a fresh page, so the check's code is not there until a tool declared with JSON Schema asks for it.
import { ToolRegistry, type ClientTool, type JsonSchema } from '../../src/core/tools/tool-registry.js';

const tool = (name: string, parameters?: JsonSchema): ClientTool => ({ name, description: `The ${name} tool`, parameters, execute: () => name });
const refusal = (name: string, problem: string) => `Tool "${name}" has an invalid JSON Schema in its parameters: ${problem}`;
const outcome = (promise: Promise<unknown>) => promise.then(() => 'accepted', (error: Error) => `${error.name}: ${error.message}`);

describe('ToolRegistry before the JSON Schema check has loaded (the CDN element)', () => {
  it('takes a tool at once, checks it when the check arrives, and refuses a bad one with register()’s TypeError from then on', async () => {
    // What register() cannot judge without the check is still judged at once.
    expect(() => new ToolRegistry().register(tool('bad name'))).to.throw(TypeError, /Invalid tool name "bad name"/);
    const bad = tool('order', { type: 'object', properties: { id: { $ref: '#/definitions/missing' } } });
    const good = tool('forecast', { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] });
    const withBad = new ToolRegistry().register(good).register(bad);
    expect(withBad.tools.map((t) => t.name)).to.deep.equal(['forecast', 'order']);

    const message = refusal('order', '$ref "#/definitions/missing" at "#/properties/id" points to nothing in this schema');
    expect(await outcome(withBad.checked())).to.equal(`TypeError: ${message}`);
    const withGood = new ToolRegistry().register(good);
    expect(await withGood.checked()).to.equal(withGood);
    // Now that the check is there: synchronous again, for the refused tool and for a new one.
    expect(() => new ToolRegistry().register(bad)).to.throw(TypeError, message);
    expect(() => withGood.register(tool('parcel', { type: 'object', properties: { id: { type: 'text' } } }))).to.throw(
      TypeError,
      refusal('parcel', '"#/properties/id": unknown type "text"'),
    );
    // The refused tool can still be taken out of the registry that holds it.
    expect(await withBad.unregister('order').checked()).to.be.instanceOf(ToolRegistry);
  });
});
