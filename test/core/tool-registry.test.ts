import { expect } from '@open-wc/testing';
import { z } from 'zod';
import { ToolRegistry, type ClientTool } from '../../src/core/index.js';

const tool = (name: string, extra: Partial<ClientTool> = {}): ClientTool => ({
  name,
  description: `The ${name} tool`,
  execute: () => name,
  ...extra,
});

describe('ToolRegistry', () => {
  it('is immutable: register and unregister return new registries', () => {
    const empty = new ToolRegistry();
    const one = empty.register(tool('a'));
    const two = one.register(tool('b'));
    expect(empty.tools).to.have.length(0);
    expect(one.tools.map((t) => t.name)).to.deep.equal(['a']);
    expect(two.has('b')).to.equal(true);
    expect(two.get('a')!.name).to.equal('a');
    const back = two.unregister('a');
    expect(back.tools.map((t) => t.name)).to.deep.equal(['b']);
    expect(two.has('a')).to.equal(true);
    expect(back.unregister('nope')).to.equal(back);
    expect(Object.isFrozen(two)).to.equal(true);
  });

  it('rejects invalid and duplicate names clearly', () => {
    const registry = new ToolRegistry([tool('a')]);
    expect(() => registry.register(tool('a'))).to.throw(/already registered/);
    expect(() => registry.register(tool('has space'))).to.throw(/Invalid tool name "has space"/);
    expect(() => registry.register(tool('x'.repeat(65)))).to.throw(/Invalid tool name/);
    expect(() => registry.register(tool(''))).to.throw(/Invalid tool name/);
    expect(() => new ToolRegistry([tool('a'), tool('a')])).to.throw(/already registered/);
  });

  it('declares zod parameters as JSON Schema', () => {
    const registry = new ToolRegistry([
      tool('lookup', { parameters: z.object({ city: z.string().describe('City name'), days: z.number().int().optional() }) }),
    ]);
    const [definition] = registry.definitions;
    expect(definition!.name).to.equal('lookup');
    expect(definition!.description).to.equal('The lookup tool');
    const parameters = definition!.parameters as { type: string; properties: Record<string, { type: string; description?: string }>; required: string[] };
    expect(parameters.type).to.equal('object');
    expect(parameters.properties['city']).to.include({ type: 'string', description: 'City name' });
    expect(parameters.required).to.deep.equal(['city']);
  });

  it('keeps plain JSON Schema parameters as given and validates against them', async () => {
    const schema = { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] };
    const registry = new ToolRegistry([tool('count', { parameters: schema })]);
    expect(registry.definitions[0]!.parameters).to.deep.equal(schema);
    const entry = registry.entry('count')!;
    expect((await entry.validate({ n: 1 })).success).to.equal(true);
    const bad = await entry.validate({ n: 'one' });
    expect(bad.success === false && bad.issues[0]!.path).to.deep.equal(['n']);
  });

  it('declares a tool without parameters as an empty object schema', () => {
    expect(new ToolRegistry([tool('now')]).definitions[0]!.parameters).to.deep.equal({ type: 'object', properties: {} });
  });

  it('rejects a tool without execute', () => {
    expect(() => new ToolRegistry([{ name: 'x', description: '' } as unknown as ClientTool])).to.throw(/no execute/);
  });
});
