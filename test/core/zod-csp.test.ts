import { expect } from '@open-wc/testing';
import { finished, say, script, started } from '../helpers/agui-server.js';

// The default buffer (250 entries) fills with the test page's own modules; a full one records no more.
performance.setResourceTimingBufferSize(100_000);

// zod 4 probes `new Function` when it builds its first object schema; under a CSP without
// 'unsafe-eval' Chromium reports that as a `securitypolicyviolation` even though zod catches the
// error. Each case runs in a fresh iframe (own globals, own module map, so its own first zod schema)
// whose meta CSP forbids eval.
const CSP = "script-src 'self' 'unsafe-inline'";
const core = new URL('../../src/core/index.ts', import.meta.url).href;
const zod = new URL('/node_modules/zod/index.js', location.origin).href;

interface FrameOutcome {
  result?: unknown;
  error?: string;
  /** Violations reported before the sentinel (`blockedURI`, `effectiveDirective`, `sourceFile`). */
  violations: string[];
  /** Whether the CSP blocked the sentinel script: proof that the policy is enforced. */
  enforced: boolean;
}

/** Runs `body` (module code that may `await`, ending in `return …`) in an iframe under `CSP`. */
async function inCspFrame(body: string): Promise<FrameOutcome> {
  const frame = document.createElement('iframe');
  const outcome = new Promise<FrameOutcome>((resolve) => {
    window.addEventListener('message', function listener(event) {
      if (event.source !== frame.contentWindow) return;
      window.removeEventListener('message', listener);
      resolve(event.data as FrameOutcome);
    });
  });
  frame.srcdoc = `<!doctype html><meta http-equiv="Content-Security-Policy" content="${CSP}">
<script type="module">
  const violations = [];
  let sentinelSeen;
  const sentinel = new Promise((resolve) => (sentinelSeen = resolve));
  document.addEventListener('securitypolicyviolation', (e) => {
    if (e.blockedURI === 'data') sentinelSeen(true);
    else violations.push([e.blockedURI, e.effectiveDirective, e.sourceFile].join(' '));
  });
  let result, error;
  try {
    result = await (async () => { ${body} })();
  } catch (e) {
    error = String(e?.stack ?? e);
  }
  // A blocked data: script reports after any violation reported before it (same task queue).
  const probe = document.createElement('script');
  probe.src = 'data:text/javascript,0';
  probe.onload = () => sentinelSeen(false);
  document.head.append(probe);
  const enforced = await sentinel;
  parent.postMessage({ result, error, violations, enforced }, '*');
</script>`;
  document.body.append(frame);
  try {
    return await outcome;
  } finally {
    frame.remove();
  }
}

describe('tool validation and zod under a strict CSP (no eval)', () => {
  it('loads the generic transport and streams a run without an eval violation', async () => {
    const { agentUrl } = await script([[started, ...say('a1', 'Hello'), finished]]);
    const outcome = await inCspFrame(`
      const { createAgUiHttpTransport } = await import(${JSON.stringify(core)});
      const events = [];
      const signal = new AbortController().signal;
      const request = { threadId: 't', runId: 'r', messages: [{ id: 'u1', role: 'user', content: 'hi' }], tools: [], state: {}, signal };
      await createAgUiHttpTransport({ url: ${JSON.stringify(agentUrl)} }).run(request, (e) => events.push(e.type));
      return events;
    `);
    expect(outcome.enforced).to.equal(true);
    expect(outcome.error).to.equal(undefined);
    expect(outcome.result).to.deep.equal(['RUN_STARTED', 'TEXT_MESSAGE_START', 'TEXT_MESSAGE_CONTENT', 'TEXT_MESSAGE_END', 'RUN_FINISHED']);
    expect(outcome.violations).to.deep.equal([]);
  });

  it('validates JSON Schema and zod tool arguments without an eval violation', async () => {
    const outcome = await inCspFrame(`
      const { ToolRegistry } = await import(${JSON.stringify(core)});
      const execute = () => 0;
      const jsonTool = { name: 'lookup', description: '', execute,
        parameters: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } };
      let registry = new ToolRegistry([jsonTool]);
      const json = [await registry.entry('lookup').validate({ name: 'alice' }), await registry.entry('lookup').validate({})];
      // The JSON Schema validator is eval-free and loads no zod: nothing has imported zod so far.
      const zodLoadedByEngine = performance.getEntriesByType('resource').some((r) => r.name.includes('/node_modules/zod/'));
      if (zodLoadedByEngine) throw new Error('the engine loaded zod');
      // A page that declares tools with zod brings its own and makes it jitless (zod's own switch).
      const { z } = await import(${JSON.stringify(zod)});
      z.config({ jitless: true });
      registry = registry.register({ name: 'add', description: '', execute, parameters: z.object({ a: z.number() }) });
      const zodChecks = [await registry.entry('add').validate({ a: 1 }), await registry.entry('add').validate({ a: 'x' })];
      return [...json, ...zodChecks].map((check) => check.success ? check.data : check.issues.map((i) => i.path.join('.')));
    `);
    expect(outcome.enforced).to.equal(true);
    expect(outcome.error).to.equal(undefined);
    expect(outcome.result).to.deep.equal([{ name: 'alice' }, ['name'], { a: 1 }, ['a']]);
    expect(outcome.violations).to.deep.equal([]);
  });
});
