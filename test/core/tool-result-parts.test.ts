import { expect } from '@open-wc/testing';
import type { AgentCapabilities } from '@ag-ui/core';
import { RunOrchestrator, SoliplexTransport, ToolRegistry, createAgUiHttpTransport, type ClientTool, type ResultPart, type ThreadKey, type Transport } from '../../src/core/index.js';
import { finished, say, script, server, started } from '../helpers/agui-server.js';

/**
 * A page tool's structured result goes back "as the agent takes it" (issue 25; spec 1.1, tool calls:
 * a tool message's content is a string or parts; capabilities: absent is undeclared): as content
 * parts when the agent declares it accepts each medium the result carries (`multimodal.input`), or
 * when the page says so (`resultContent: 'parts'`); as text otherwise; to Soliplex always as text.
 * Each through the real transport to the demo server, asserting the tool message the server received.
 */

type Body = { messages: { id: string; role: string; content?: unknown }[] };

const PNG = 'iVBORw0KGgo=';
const image: ResultPart = { type: 'binary', mimeType: 'image/png', data: PNG, filename: 'chart.png' };
const csv: ResultPart = { type: 'binary', mimeType: 'text/csv', url: 'https://example.com/sales.csv', filename: 'sales.csv' };
const pdf: ResultPart = { type: 'binary', mimeType: 'application/pdf', url: 'https://example.com/q3.pdf', filename: 'q3.pdf' };
const tool = (parts: ResultPart[]): ClientTool => ({ name: 'chart', description: 'Draws a chart', execute: () => ({ content: [{ type: 'text', text: 'Sales chart' }, ...parts] }) });

/** The tool message the agent received with the continuation of one `chart` call. */
async function sentResult(parts: ResultPart[], { capabilities, resultContent, soliplex }: { capabilities?: AgentCapabilities; resultContent?: 'parts' | 'text'; soliplex?: boolean } = {}) {
  const { agentUrl, room, requests } = await script<Body>([
    [started, { type: 'TOOL_CALL_START', toolCallId: 'c1', toolCallName: 'chart' }, { type: 'TOOL_CALL_ARGS', toolCallId: 'c1', delta: '{}' }, { type: 'TOOL_CALL_END', toolCallId: 'c1' }, finished],
    [started, ...say('a1', 'Nice chart.'), finished],
  ]);
  const transport: Transport = soliplex ? new SoliplexTransport({ serverUrl: server, room }) : createAgUiHttpTransport({ url: agentUrl });
  const registry = resultContent ? new ToolRegistry([tool(parts)]).withSettings({ resultContent }) : new ToolRegistry([tool(parts)]);
  const engine = new RunOrchestrator({ transport, toolRegistry: registry, ...(capabilities ? { capabilities: () => capabilities } : {}) });
  const key: ThreadKey = soliplex ? await engine.createThread(server, room) : { server: agentUrl, room: '', thread: 'parts' };
  expect(await engine.send(key, 'chart please')).to.equal('success');
  const bodies = (await requests()).map((r) => r.body).filter((b) => Array.isArray(b?.messages));
  return bodies.at(-1)!.messages.find((m) => m.role === 'tool')!.content;
}

const imagePart = { type: 'image', source: { type: 'data', value: PNG, mimeType: 'image/png' }, metadata: { filename: 'chart.png' } };

describe('structured tool results as the agent takes them, through the real transports', () => {
  it('an agent that declares nothing gets text (the file named, not its bytes)', async () => {
    const content = await sentResult([image]);
    expect(content).to.be.a('string').and.contain('Sales chart').and.contain('[image/png file "chart.png"').and.not.contain(PNG);
  });

  it('an agent that declares it accepts images gets content parts', async () => {
    expect(await sentResult([image], { capabilities: { multimodal: { input: { image: true } } } })).to.deep.equal([{ type: 'text', text: 'Sales chart' }, imagePart]);
  });

  it('a medium the agent does not declare sends the whole result as text; a PDF goes as a part to one that takes PDFs', async () => {
    const images = { multimodal: { input: { image: true, pdf: true } } };
    expect(await sentResult([image, csv], { capabilities: images })).to.be.a('string').and.contain('text/csv file "sales.csv" at https://example.com/sales.csv');
    const content = (await sentResult([pdf], { capabilities: images })) as { type: string }[];
    expect(content.map((p) => p.type)).to.deep.equal(['text', 'document']);
  });

  it('a result of text alone goes as text, whatever the agent accepts', async () => {
    expect(await sentResult([], { capabilities: { multimodal: { input: { image: true, file: true } } } })).to.equal('Sales chart');
  });

  it("the page's resultContent decides over the capabilities: 'parts' to an agent that declares nothing, 'text' to one that accepts", async () => {
    expect(await sentResult([image], { resultContent: 'parts' })).to.deep.equal([{ type: 'text', text: 'Sales chart' }, imagePart]);
    expect(await sentResult([image], { resultContent: 'text', capabilities: { multimodal: { input: { image: true } } } })).to.be.a('string');
  });

  it('a Soliplex room gets text even when parts were chosen (its Python models take no parts)', async () => {
    const content = await sentResult([image], { soliplex: true, resultContent: 'parts', capabilities: { multimodal: { input: { image: true } } } });
    expect(content).to.be.a('string').and.contain('Sales chart').and.not.contain(PNG);
  });
});
