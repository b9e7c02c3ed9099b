/* global window, document */
// Tool hop on the CDN build over real HTTP (issue 26, item 7): from the demo server writing
// RUN_FINISHED (a `$mark` step, on its clock) to the continuation request arriving, for 1, 5 and 20
// instant client tools. The widget is dist/cdn/soliplex-chat.js on a page served over HTTP; the raw
// baseline, on the same page, reads the same SSE, runs the same tools and posts the continuation.
// Repetitions interleaved (raw, widget, …), medians. Nothing is asserted: read the ratios.
//
//   npm run build && node scripts/bench-hop-cdn.mjs            # REPS=9 CALLS=1,5,20 by default
//   PROFILE=hop.json node scripts/bench-hop-cdn.mjs            # also: CPU profiles of the widget's hops,
//                                                              # RUN_FINISHED chunk → continuation fetch,
//                                                              # summed by function (self time)
//   BASE=test-results/base-cdn node scripts/bench-hop-cdn.mjs  # also another CDN build (a copy of an
//                                                              # earlier dist/cdn under the repo), on a
//                                                              # page of its own, interleaved: raw, this
//                                                              # build, the base, …; and the work each
//                                                              # hop does (snapshots, events) in both
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { findChromium } from './chromium-path.mjs';
import { startDemoServers } from './demo-servers.mjs';

const REPS = Number(process.env.REPS ?? 9);
const CALLS = (process.env.CALLS ?? '1,5,20').split(',').map(Number);
const PROFILE = process.env.PROFILE;
const BASE = process.env.BASE?.replace(/^\/+|\/+$/g, '');
if (BASE && !existsSync(new URL(`../${BASE}/soliplex-chat.js`, import.meta.url))) {
  console.error(`No CDN build in ${BASE}: copy an earlier dist/cdn there.`);
  process.exit(1);
}
if (!existsSync(new URL('../dist/cdn/soliplex-chat.js', import.meta.url))) {
  console.error('No CDN build: run `npm run build` first.');
  process.exit(1);
}

const servers = await startDemoServers({});
const aguiServer = new URL(servers.agentUrl).origin;
const browser = await chromium.launch({ executablePath: findChromium() ?? '/usr/bin/chromium' });
try {
  async function open(build) {
    const opened = await browser.newPage();
    opened.on('pageerror', (error) => console.error('page error:', error));
    await opened.goto(`${servers.url}/test/bench/hop-cdn.html${build ? `?build=/${build}` : ''}`);
    await opened.waitForFunction(() => window.ready);
    return opened;
  }
  const page = await open();
  const basePage = BASE ? await open(BASE) : undefined;

  /** A script of two runs: `n` tool calls then RUN_FINISHED (marked), and the answer to the continuation. */
  async function scripted(n) {
    const say = (id, text) => [
      { type: 'TEXT_MESSAGE_START', messageId: id, role: 'assistant' },
      { type: 'TEXT_MESSAGE_CONTENT', messageId: id, delta: text },
      { type: 'TEXT_MESSAGE_END', messageId: id },
    ];
    const calls = Array.from({ length: n }, (_, i) => [
      { type: 'TOOL_CALL_START', toolCallId: `c${i}`, toolCallName: `tool_${i}`, parentMessageId: 'm1' },
      { type: 'TOOL_CALL_ARGS', toolCallId: `c${i}`, delta: `{"q":"x${i}"}` },
      { type: 'TOOL_CALL_END', toolCallId: `c${i}` },
    ]).flat();
    const runs = [
      // The pause lets the client read (and render) the calls before the run ends.
      [{ type: 'RUN_STARTED' }, ...say('m1', 'Let me check.'), ...calls, { $delay: 30 }, { $mark: 'finished' }, { type: 'RUN_FINISHED' }],
      [{ type: 'RUN_STARTED' }, ...say('m2', 'Done.'), { type: 'RUN_FINISHED' }],
    ];
    const { id, agentUrl } = await (await fetch(`${aguiServer}/scripts`, { method: 'POST', body: JSON.stringify({ runs }) })).json();
    return {
      agentUrl,
      async hop() {
        const requests = await (await fetch(`${aguiServer}/scripts/${id}/requests`)).json();
        const marks = await (await fetch(`${aguiServer}/scripts/${id}/marks`)).json();
        await fetch(`${aguiServer}/scripts/${id}`, { method: 'DELETE' });
        if (requests.length !== 2) throw new Error(`expected 2 requests, got ${requests.length}`);
        return requests[1].receivedAt - marks.finished;
      },
    };
  }

  async function raw(n) {
    const { agentUrl, hop } = await scripted(n);
    await page.evaluate(
      async ({ agentUrl, n }) => {
        const tools = Array.from({ length: n }, (_, i) => ({
          name: `tool_${i}`,
          description: `Instant tool ${i}`,
          parameters: { type: 'object', properties: { q: { type: 'string' } } },
          execute: (args) => `result ${i} for ${args.q ?? ''}`,
        }));
        const registry = new Map(tools.map((t) => [t.name, t]));
        const messages = [{ id: 'u', role: 'user', content: 'go' }];
        const post = (body) => fetch(agentUrl, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
        const response = await post({ threadId: 't', runId: 'r1', messages, tools: tools.map(({ name, description, parameters }) => ({ name, description, parameters })) });
        const calls = new Map();
        let text = '';
        let continuation;
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          const frames = buffer.split('\n\n');
          buffer = frames.pop();
          for (const frame of frames) {
            if (!frame.startsWith('data: ')) continue;
            const event = JSON.parse(frame.slice(6));
            if (event.type === 'TEXT_MESSAGE_CONTENT') text += event.delta;
            else if (event.type === 'TOOL_CALL_START') calls.set(event.toolCallId, { name: event.toolCallName, args: '' });
            else if (event.type === 'TOOL_CALL_ARGS') calls.get(event.toolCallId).args += event.delta;
            else if (event.type === 'RUN_FINISHED') {
              const results = [...calls].map(([id, c]) => ({ id, content: String(registry.get(c.name).execute(JSON.parse(c.args))) }));
              const assistant = { id: 'm1', role: 'assistant', content: text, toolCalls: [...calls].map(([id, c]) => ({ id, type: 'function', function: { name: c.name, arguments: c.args } })) };
              continuation = post({ threadId: 't', runId: 'r2', messages: [...messages, assistant, ...results.map((r) => ({ id: `tm-${r.id}`, role: 'tool', toolCallId: r.id, content: r.content }))] });
            }
          }
        }
        await (await continuation).text();
      },
      { agentUrl, n },
    );
    return hop();
  }

  let made = 0;
  async function widget(n, on = page) {
    const { agentUrl, hop } = await scripted(n);
    const { outcome, work } = await on.evaluate(
      async ({ agentUrl, n, thread }) => {
        const tools = Array.from({ length: n }, (_, i) => ({
          name: `tool_${i}`,
          description: `Instant tool ${i}`,
          parameters: { type: 'object', properties: { q: { type: 'string' } } },
          execute: (args) => `result ${i} for ${args.q ?? ''}`,
        }));
        const el = document.createElement('soliplex-chat');
        el.style.height = '400px';
        el.setAttribute('agent-url', agentUrl);
        el.setAttribute('thread', thread);
        el.toolRegistry = new window.ToolRegistry(tools);
        document.body.append(el);
        // The engine's chunk is there and the chat follows its turns before it sends.
        await el.engineReady;
        el.requestUpdate();
        await el.updateComplete;
        // Profiling or counting: the RUN_FINISHED chunk reaching the page → the continuation's fetch.
        const original = window.fetch;
        let inHop = false;
        const work = { snapshots: 0, engineEvents: 0, pageEvents: 0, pageMs: 0 };
        const stops = [];
        if (window.profiling || window.counting) {
          let count = 0;
          window.fetch = async (input, init) => {
            if (++count === 2) {
              if (inHop) work.pageMs = performance.now() - work.pageMs;
              inHop = false;
              if (window.profiling) console.profileEnd('hop');
            }
            const response = await original(input, init);
            if (count !== 1) return response;
            const watch = new TransformStream({
              transform(chunk, controller) {
                if (new TextDecoder().decode(chunk).includes('RUN_FINISHED')) {
                  inHop = true;
                  work.pageMs = performance.now();
                  if (window.profiling) console.profile('hop');
                }
                controller.enqueue(chunk);
              },
            });
            return new Response(response.body.pipeThrough(watch), { status: response.status, headers: response.headers });
          };
        }
        if (window.counting) {
          // What one hop delivers: snapshots to one more subscriber of the thread, engine events, the page's events.
          const engine = await el.engineReady;
          // From the snapshot that has the run finished (a chunk may also carry the calls before it).
          let finishedSeen = false;
          stops.push(
            engine.registry.subscribe((snapshot) => {
              finishedSeen ||= inHop && snapshot.conversation.runFinished;
              if (inHop && finishedSeen) work.snapshots++;
            }),
          );
          stops.push(engine.on(() => inHop && finishedSeen && work.engineEvents++));
          const names = ['soliplex-tool-planned', 'soliplex-tool-call', 'soliplex-tool-executing', 'soliplex-tool-result', 'soliplex-message', 'soliplex-run-continued'];
          const onPageEvent = () => inHop && finishedSeen && work.pageEvents++;
          for (const name of names) el.addEventListener(name, onPageEvent);
        }
        const finished = new Promise((resolve) => el.addEventListener('soliplex-run-finished', resolve, { once: true }));
        el.send('go');
        const event = await finished;
        window.fetch = original;
        for (const stop of stops) stop();
        el.remove();
        return { outcome: event.outcome, work };
      },
      { agentUrl, n, thread: `hop-cdn-${made++}` },
    );
    if (outcome !== 'success') throw new Error(`widget: the turn ended ${outcome}`);
    return { ms: await hop(), work };
  }

  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const mid = sorted.length >> 1;
    return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  };
  const fmt = (values) => `${median(values).toFixed(2)} (${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)})`;

  // Warm: the lazy chunks (engine, transport, tool runner, cards) load once per page.
  await widget(1);
  if (basePage) await widget(1, basePage);
  await raw(1);

  const rows = [];
  const ratio = (values, raws) => `${(median(values) / median(raws)).toFixed(2)}×`;
  for (const n of CALLS) {
    const raws = [];
    const widgets = [];
    const bases = [];
    for (let rep = 0; rep < REPS; rep++) {
      raws.push(await raw(n));
      // Which build goes first alternates: neither pays the place after the raw page every time.
      if (basePage && rep % 2) bases.push((await widget(n, basePage)).ms);
      widgets.push((await widget(n)).ms);
      if (basePage && !(rep % 2)) bases.push((await widget(n, basePage)).ms);
    }
    const base = basePage ? ` ${fmt(bases)} | ${ratio(bases, raws)} |` : '';
    rows.push(`| ${n} tool${n > 1 ? 's' : ''} | ${fmt(raws)} | ${fmt(widgets)} | ${ratio(widgets, raws)} |${base}`);
  }
  console.log(`Tool hop on the CDN build over loopback HTTP, demo server's clock (${REPS} runs, load average ${(await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' / ')})\n`);
  const baseHead = BASE ? ` base (${BASE}), ms | base ratio |` : '';
  console.log(`| tools | raw, ms | soliplex-chat (CDN), ms | ratio |${baseHead}\n| --- | --- | --- | --- |${BASE ? ' --- | --- |' : ''}`);
  console.log(rows.join('\n'));

  // The work of one hop in the page (RUN_FINISHED chunk → continuation fetch): counts, and the page's
  // own clock (no server, no socket: less of the machine's load in it; the minimum says most).
  const builds = [['this build', page], ...(basePage ? [['base', basePage]] : [])];
  for (const [, on] of builds) await on.evaluate(() => (window.counting = true));
  const counted = [];
  for (const n of CALLS) {
    const works = new Map(builds.map(([name]) => [name, []]));
    for (let rep = 0; rep < REPS; rep++) {
      for (const [name, on] of rep % 2 ? [...builds].reverse() : builds) works.get(name).push((await widget(n, on)).work);
    }
    for (const [name, list] of works) {
      const { snapshots, engineEvents, pageEvents } = list.at(-1);
      const ms = list.map((w) => w.pageMs);
      counted.push(`| ${name} | ${n} | ${snapshots} | ${engineEvents} | ${pageEvents} | ${Math.min(...ms).toFixed(2)} / ${median(ms).toFixed(2)} |`);
    }
  }
  for (const [, on] of builds) await on.evaluate(() => (window.counting = false));
  console.log('\nWork of one hop in the page (RUN_FINISHED chunk → continuation fetch)\n');
  console.log('| build | tools | snapshots to a subscriber | engine events | page events | page clock, ms (min / median) |\n| --- | --- | --- | --- | --- | --- |');
  console.log(counted.join('\n'));

  if (PROFILE) {
    // Minified names are read through the build's source maps (when @jridgewell/trace-mapping is there).
    const traceMapping = await import('@jridgewell/trace-mapping').catch(() => undefined);
    const maps = new Map();
    const original = (url, line, column) => {
      const file = url.startsWith(servers.url) ? new URL(`..${new URL(url).pathname}.map`, import.meta.url) : undefined;
      if (!traceMapping || !file || !existsSync(file)) return undefined;
      if (!maps.has(url)) maps.set(url, new traceMapping.TraceMap(readFileSync(file, 'utf8')));
      const found = traceMapping.originalPositionFor(maps.get(url), { line: line + 1, column });
      return found.source ? `${found.source.split('/').slice(-2).join('/')}:${found.line}` : undefined;
    };
    let current;
    const profiles = [];
    for (const [name, on] of builds) {
      const cdp = await on.context().newCDPSession(on);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
      cdp.on('Profiler.consoleProfileFinished', (event) => profiles.push({ ...current, build: name, profile: event.profile }));
      await on.evaluate(() => (window.profiling = true));
    }
    for (const n of CALLS) {
      for (let rep = 0; rep < REPS; rep++) {
        for (const [, on] of rep % 2 ? [...builds].reverse() : builds) {
          current = { n };
          await widget(n, on);
        }
      }
    }
    // Self time by function; "ours": what is left without idle, the engine's own (program, GC) and the bench's stream watch.
    const summary = {};
    for (const { build, n, profile } of profiles) {
      const entry = (summary[`${build}, ${n} tools`] ??= { hops: 0, totalMs: 0, oursMs: 0, selfMs: new Map() });
      entry.hops++;
      const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
      profile.samples.forEach((id, i) => {
        if (i === 0) return;
        const { functionName, url, lineNumber, columnNumber } = nodes.get(id).callFrame;
        // The time since the previous sample, at most 1 ms: a sample after the process was descheduled
        // (the machine is shared) would otherwise carry the whole wait.
        const ms = Math.min(profile.timeDeltas[i], 1000) / 1000;
        const key = `${functionName || '(anonymous)'} ${original(url, lineNumber, columnNumber) ?? `${url.split('/').pop()}:${lineNumber}`}`;
        entry.selfMs.set(key, (entry.selfMs.get(key) ?? 0) + ms);
        entry.totalMs += ms;
        const bench = !url && (functionName === 'transform' || functionName === 'window.fetch');
        if (!bench && !['(idle)', '(program)', '(garbage collector)'].includes(functionName)) entry.oursMs += ms;
      });
    }
    console.log('\nCPU profiles of the hops in the page (RUN_FINISHED chunk → continuation fetch), self time per hop\n');
    console.log('| build, tools | hops | sampled, ms | JS of the page, ms |\n| --- | --- | --- | --- |');
    for (const [name, entry] of Object.entries(summary)) {
      console.log(`| ${name} | ${entry.hops} | ${(entry.totalMs / entry.hops).toFixed(2)} | ${(entry.oursMs / entry.hops).toFixed(2)} |`);
      entry.selfMs = Object.fromEntries([...entry.selfMs].sort((a, b) => b[1] - a[1]).slice(0, 40).map(([key, ms]) => [key, Number((ms / entry.hops).toFixed(3))]));
    }
    writeFileSync(PROFILE, JSON.stringify(summary, null, 2));
    console.log(`\nself time by function, per hop, in ${PROFILE}`);
  }
} finally {
  await browser.close();
  await servers.close();
}
