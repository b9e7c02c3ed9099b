// An MCP App (SEP-1865) for the tests: it initializes with its host, reports a height, shows the tool's
// result, and has one large button (the top of the frame, so a test can click it by position) that
// calls `roll_dice` through the host. It posts what it observed to its parent as plain (non-JSON-RPC)
// messages the test reads: `probe` (what of the page it could reach), `context` (the host context it
// was given), `toolResult` (the tool call's answer, or its error).
export const PROBE_APP_URI = 'ui://dice/probe.html';

export const probeAppHtml = `<!doctype html>
<html><head><style>
  body { margin: 0; font-family: sans-serif; }
  #call { display: block; width: 100%; height: 80px; font-size: 20px; }
</style></head>
<body>
<button id="call" type="button">Call tool</button>
<p id="out">…</p>
<script>
(() => {
  const pending = new Map();
  let next = 1;
  const send = (m) => window.parent.postMessage({ jsonrpc: '2.0', ...m }, '*');
  const request = (method, params) => new Promise((resolve, reject) => { const id = next++; pending.set(id, { resolve, reject }); send({ id, method, params }); });
  const report = (m) => window.parent.postMessage({ fromProbeApp: true, ...m }, '*');
  window.addEventListener('message', (event) => {
    const m = event.data;
    if (event.source !== window.parent || !m || m.jsonrpc !== '2.0') return;
    if (m.id !== undefined && !m.method && pending.has(m.id)) {
      const p = pending.get(m.id); pending.delete(m.id);
      return m.error ? p.reject(new Error(m.error.message)) : p.resolve(m.result);
    }
    if (m.method === 'ui/notifications/tool-result') { document.getElementById('out').textContent = JSON.stringify(m.params); report({ shownResult: m.params }); }
    if (m.method === 'ui/notifications/tool-input') report({ toolInput: m.params });
  });
  document.getElementById('call').addEventListener('click', () => {
    request('tools/call', { name: 'roll_dice', arguments: { sides: 6, count: 1 } }).then((r) => report({ toolResult: r }), (e) => report({ toolError: e.message }));
  });
  const probe = {};
  try { probe.parentDom = String(window.parent.document.title); } catch (e) { probe.parentDom = 'blocked: ' + e.name; }
  try { probe.cookie = String(document.cookie); } catch (e) { probe.cookie = 'blocked: ' + e.name; }
  try { probe.storage = String(window.localStorage.length); } catch (e) { probe.storage = 'blocked: ' + e.name; }
  try { probe.top = String(window.top.location.href); } catch (e) { probe.top = 'blocked: ' + e.name; }
  probe.origin = String(window.origin);
  report({ probe });
  request('ui/initialize', { appInfo: { name: 'probe', version: '1' }, appCapabilities: {}, protocolVersion: '2026-01-26' }).then((result) => {
    report({ context: result.hostContext, protocolVersion: result.protocolVersion });
    send({ method: 'ui/notifications/initialized', params: {} });
    send({ method: 'ui/notifications/size-changed', params: { height: 240 } });
  });
})();
</script>
</body></html>`;
