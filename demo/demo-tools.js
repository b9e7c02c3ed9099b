// Registers page tools on the widget and logs its events. Plain JS: this is what a host page writes.
const chat = document.querySelector('soliplex-chat');
const log = document.getElementById('log');
const form = document.getElementById('contact');

const config = await (await fetch('/demo-config.json')).json();
chat.setAttribute('agent-url', config.agentUrl);
await customElements.whenDefined('soliplex-chat');
// Files from the Attach button, a paste or a drop go with the message as AG-UI content parts.
chat.attachments = true;

// The backend and the thread live in the URL (?backend=soliplex&thread=…), so a reload reopens the
// same conversation: a Soliplex thread is loaded again from the server; a generic endpoint's thread is
// read back from this browser's IndexedDB, where the chat keeps it (a turn in flight too).
const url = new URL(location.href);
const backends = document.getElementById('backend');
function useBackend(/** @type {string} */ backend) {
  if (backend === 'soliplex') {
    chat.setAttribute('server-url', config.aguiServer);
    chat.setAttribute('room', 'demo');
  } else {
    chat.removeAttribute('server-url');
    chat.removeAttribute('room');
  }
}
const initialBackend = url.searchParams.get('backend') === 'soliplex' ? 'soliplex' : 'generic';
backends.querySelector(`input[value=${initialBackend}]`).checked = true;
useBackend(initialBackend);
if (url.searchParams.get('thread')) chat.setAttribute('thread', url.searchParams.get('thread'));

/** Writes the backend and the chat's thread into the URL (replacing the entry: no history spam). */
function rememberThread() {
  const next = new URL(location.href);
  next.searchParams.set('backend', chat.hasAttribute('server-url') ? 'soliplex' : 'generic');
  if (chat.thread) next.searchParams.set('thread', chat.thread);
  else next.searchParams.delete('thread');
  if (next.href !== location.href) history.replaceState(null, '', next);
}
// The chat changes its thread itself (a new Soliplex thread on the first send, New chat); a generic
// endpoint's thread id is made up before the first turn starts.
chat.addEventListener('soliplex-thread-change', rememberThread);
chat.addEventListener('soliplex-run-started', rememberThread);
// The thread the chat made up for a generic endpoint goes into the URL at once: its draft (kept per
// thread) and its turns come back after a reload.
chat.updateComplete.then(rememberThread);

// The same widget against the generic endpoint or the Soliplex rooms/threads/runs API.
backends.addEventListener('change', (event) => {
  useBackend(event.target.value);
  chat.newChat();
  rememberThread();
});

// The prompts above the chat send their text; a Soliplex one switches the backend first (a new chat).
document.getElementById('prompts').addEventListener('click', async (event) => {
  const button = event.target.closest('button[data-prompt]');
  if (!button) return;
  const backend = button.dataset.backend;
  if (backend && backends.querySelector(`input[value=${backend}]`).checked === false) {
    backends.querySelector(`input[value=${backend}]`).checked = true;
    useBackend(backend);
    chat.newChat();
    rememberThread();
    await chat.updateComplete;
  }
  if (!chat.send(button.dataset.prompt)) {
    log.textContent += `Not sent: "${button.dataset.prompt}" (a turn is running: wait for its answer, or Stop it)\n`;
  }
});

// Clicking into the chat to ask clears the page's selection, so get_selection answers with the last
// text selected outside the chat, kept as the selection changes.
let selection = '';
document.addEventListener('selectionchange', () => {
  const text = String(getSelection()).trim();
  if (text && !chat.contains(getSelection().anchorNode)) selection = text;
});

const secrets = { alice: 42, bob: 7, carol: 13 };
const tools = [
  {
    name: 'get_secret_number',
    title: 'Secret number',
    description: 'The secret number of a person',
    parameters: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    execute: ({ name }) => secrets[name.toLowerCase()] ?? `nobody called ${name}`,
  },
  {
    name: 'get_selection',
    title: 'Read your selection',
    description: 'Text the user selected on the page (selection)',
    execute: () => selection || '(nothing selected)',
  },
  {
    name: 'read_form',
    title: 'Read the form',
    description: 'Read the fields of the contact form',
    execute: () => Object.fromEntries(new FormData(form)),
  },
  {
    name: 'fill_form',
    title: 'Fill in the form',
    description: 'Fill the contact form name field',
    parameters: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    execute: ({ name }) => ((form.elements.name.value = name), `name set to ${name}`),
  },
  {
    name: 'set_theme_color',
    title: 'Page title colour',
    description: 'Set the page theme colour',
    parameters: { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] },
    execute: ({ color }) => ((document.getElementById('title').style.color = color), `title is now ${color}`),
  },
  {
    name: 'delete_note',
    title: 'Delete a note',
    description: 'Delete the note (needs approval)',
    requiresApproval: true,
    execute: () => 'note deleted',
  },
  {
    name: 'broken_tool',
    title: 'Broken tool',
    description: 'A broken tool that always fails',
    execute: () => {
      throw new Error('this tool is broken on purpose');
    },
  },
  {
    name: 'slow_task',
    title: 'Slow task',
    description: 'Run the slow task (takes 3 seconds)',
    execute: (_args, { signal }) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => resolve('slow task finished'), 3000);
        signal.addEventListener('abort', () => (clearTimeout(timer), reject(new Error('stopped'))));
      }),
  },
];
for (const tool of tools) chat.toolRegistry = chat.toolRegistry.register(tool);

// A collapsed group: the model sees one "weather" entry until it calls it; then its tools. Its skill
// is a named workflow over them.
const forecasts = { paris: 'sunny, 24 °C', rome: 'clear, 28 °C', oslo: 'rain, 12 °C' };
const cityParameters = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] };
chat.dispatchEvent(
  new CustomEvent('soliplex-register-tool-group', {
    bubbles: true,
    composed: true,
    detail: {
      group: {
        name: 'weather',
        title: 'Weather tools',
        icon: '🌤',
        description: 'Weather tools: forecasts and temperatures for a city',
        systemPrompt: 'Temperatures are in degrees Celsius.',
        tools: [
          { name: 'get_forecast', title: 'Weather forecast', description: 'The forecast for a city', parameters: cityParameters, execute: ({ city }) => forecasts[city.toLowerCase()] ?? `no forecast for ${city}` },
          { name: 'get_temperature', title: 'Temperature', description: 'The temperature in a city', parameters: cityParameters, execute: ({ city }) => (forecasts[city.toLowerCase()] ?? 'unknown').split(', ')[1] ?? 'unknown' },
        ],
        skills: [{ name: 'plan_trip', description: 'Plan a trip to a city with the weather tools', systemPrompt: 'Check the forecast before you suggest what to pack.', references: ['get_forecast'] }],
      },
    },
  }),
);

// A tool returning an image (drawn on a canvas) as a structured result, and one that adds tools.
const sales = [3, 7, 4, 9, 6];
const drawChart = () => {
  const canvas = Object.assign(document.createElement('canvas'), { width: 200, height: 100 });
  const g = canvas.getContext('2d');
  g.fillStyle = '#0b5cad';
  sales.forEach((v, i) => g.fillRect(10 + i * 38, 100 - v * 10, 28, v * 10));
  return canvas.toDataURL('image/png').split(',')[1];
};
chat.toolRegistry = chat.toolRegistry
  .register({
    name: 'draw_chart',
    title: 'Sales chart',
    description: 'Draw a chart of the monthly sales',
    execute: () => ({
      content: [
        { type: 'text', text: `Monthly sales: ${sales.join(', ')}` },
        { type: 'binary', mimeType: 'image/png', data: drawChart(), filename: 'sales.png' },
      ],
    }),
  })
  .register({
    name: 'unlock_admin_tools',
    title: 'Admin tools',
    description: 'Unlock the admin tools',
    execute: () => ({
      content: { type: 'text', text: 'Admin tools unlocked.' },
      augmentation: {
        injectGroups: [
          {
            name: 'admin',
            description: 'Admin tools',
            startCollapsed: false,
            tools: [{ name: 'reset_password', title: 'Reset a password', description: 'Reset the password of a person', parameters: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] }, execute: ({ name }) => `password of ${name} reset` }],
          },
        ],
        hideTools: ['unlock_admin_tools'],
        addContext: [{ description: 'Session', value: 'The user is an administrator.' }],
      },
    }),
  });

// The inspector beside the chat records its runs (it starts with the chat's first turn).
customElements.whenDefined('soliplex-inspector').then(() => (document.getElementById('inspector').chat = chat));

for (const type of ['soliplex-run-started', 'soliplex-run-finished', 'soliplex-tool-call', 'soliplex-tool-result', 'soliplex-error']) {
  chat.addEventListener(type, (event) => {
    const detail = event.call ? `${event.call.name} ${event.call.status}` : (event.outcome ?? event.message ?? '');
    log.textContent += `${new Date().toLocaleTimeString()} ${type} ${detail}\n`;
    log.scrollTop = log.scrollHeight;
  });
}
