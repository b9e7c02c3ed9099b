// A small MCP App (SEP-1865) for the demo and the interop tests: a dice roller. It speaks the app side
// of the protocol by hand (JSON-RPC over postMessage with its host): `ui/initialize`, then
// `ui/notifications/initialized`; it shows the tool's input and result, applies the host's theme and
// style variables, reports its height (`ui/notifications/size-changed`), calls the `roll_dice` tool
// again through the host (`tools/call`) and can send a message in the chat (`ui/message`). It also
// records what it could reach of its host page (`window.__probe`, posted as `probe` for tests).

export const DICE_APP_URI = 'ui://dice/roller.html';
export const DICE_APP_MIME = 'text/html;profile=mcp-app';

/** The app's HTML (the UI resource's text). */
export const diceAppHtml = `<!doctype html>
<html>
<head>
<style>
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { margin: 0; padding: 12px; background: var(--color-background-secondary, Canvas); color: var(--color-text-primary, CanvasText); }
  h2 { margin: 0 0 4px; font-size: 1.05rem; }
  p { margin: 4px 0; }
  .muted { color: var(--color-text-secondary, GrayText); }
  .dice { font-size: 1.6rem; letter-spacing: 4px; }
  button { font: inherit; padding: 6px 12px; margin-inline-end: 8px; border-radius: var(--border-radius-md, 6px);
    border: 1px solid var(--color-border-primary, ButtonBorder); background: var(--color-background-primary, ButtonFace); color: inherit; cursor: pointer; }
  button.primary { background: var(--color-ring-primary, #0b5cad); color: var(--color-text-inverse, #fff); border-color: transparent; }
</style>
</head>
<body>
  <h2>Dice roller</h2>
  <p class="muted" id="input">Waiting for the tool input…</p>
  <p class="dice" id="result" aria-live="polite">…</p>
  <p><button class="primary" id="again" type="button">Roll again</button><button id="tell" type="button">Tell the chat</button></p>
  <p class="muted" id="theme"></p>
<script>
(() => {
  const pending = new Map();
  let next = 1;
  const send = (message) => window.parent.postMessage({ jsonrpc: '2.0', ...message }, '*');
  const request = (method, params) => new Promise((resolve, reject) => {
    const id = next++;
    pending.set(id, { resolve, reject });
    send({ id, method, params });
  });
  const notify = (method, params) => send({ method, params });
  let sides = 6, count = 2, last = '';
  const $ = (id) => document.getElementById(id);
  const show = (result) => {
    const text = (result && Array.isArray(result.content) ? result.content : []).filter((c) => c.type === 'text').map((c) => c.text).join(' ');
    last = text;
    $('result').textContent = text || JSON.stringify(result);
    resize();
  };
  const applyContext = (context) => {
    if (!context) return;
    if (context.theme) { document.documentElement.style.colorScheme = context.theme; $('theme').textContent = 'Theme: ' + context.theme; }
    const vars = context.styles && context.styles.variables;
    if (vars) for (const [name, value] of Object.entries(vars)) if (value) document.documentElement.style.setProperty(name, value);
  };
  const resize = () => notify('ui/notifications/size-changed', { height: Math.ceil(document.documentElement.getBoundingClientRect().height) });
  window.addEventListener('message', (event) => {
    if (event.source !== window.parent) return;
    const m = event.data;
    if (!m || m.jsonrpc !== '2.0') return;
    if (m.id !== undefined && !m.method && pending.has(m.id)) {
      const { resolve, reject } = pending.get(m.id);
      pending.delete(m.id);
      return m.error ? reject(new Error(m.error.message)) : resolve(m.result);
    }
    if (m.method === 'ui/notifications/tool-input') {
      const args = (m.params && m.params.arguments) || {};
      sides = Number(args.sides) || 6; count = Number(args.count) || 2;
      $('input').textContent = 'Rolling ' + count + ' dice with ' + sides + ' sides';
    } else if (m.method === 'ui/notifications/tool-result') show(m.params);
    else if (m.method === 'ui/notifications/host-context-changed') applyContext(m.params);
    else if (m.method === 'ui/resource-teardown' && m.id !== undefined) send({ id: m.id, result: {} });
  });
  $('again').addEventListener('click', async () => {
    $('result').textContent = '…';
    try { show(await request('tools/call', { name: 'roll_dice', arguments: { sides, count } })); }
    catch (error) { $('result').textContent = 'Failed: ' + error.message; }
  });
  $('tell').addEventListener('click', () => request('ui/message', { role: 'user', content: [{ type: 'text', text: 'I rolled ' + last }] }).catch(() => {}));
  // What this frame can reach of the page that embeds it: nothing, in a sandbox without allow-same-origin.
  const probe = {};
  try { probe.parentDom = String(window.parent.document.title); } catch (error) { probe.parentDom = 'blocked: ' + error.name; }
  try { probe.cookie = String(document.cookie); } catch (error) { probe.cookie = 'blocked: ' + error.name; }
  try { probe.storage = String(window.localStorage.length); } catch (error) { probe.storage = 'blocked: ' + error.name; }
  probe.origin = String(window.origin);
  window.__probe = probe;
  window.parent.postMessage({ probe }, '*');
  request('ui/initialize', { appInfo: { name: 'dice', version: '1.0.0' }, appCapabilities: {}, protocolVersion: '2026-01-26' })
    .then((result) => { applyContext(result.hostContext); notify('ui/notifications/initialized', {}); resize(); })
    .catch((error) => { $('input').textContent = 'Could not start: ' + error.message; });
})();
</script>
</body>
</html>`;

/** `roll_dice`'s result, as an MCP CallToolResult: `count` dice of `sides`, with a seeded roll. */
export function rollDice({ sides = 6, count = 2 } = {}, random = Math.random) {
  const n = Math.max(1, Math.min(10, Number(count) || 2));
  const s = Math.max(2, Math.min(100, Number(sides) || 6));
  const rolls = Array.from({ length: n }, () => 1 + Math.floor(random() * s));
  return { content: [{ type: 'text', text: `${rolls.join(' + ')} = ${rolls.reduce((a, b) => a + b, 0)}` }], structuredContent: { rolls } };
}
