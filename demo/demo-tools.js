// Registers page tools on the widget and logs its events. Plain JS: this is what a host page writes.
const chat = document.querySelector('soliplex-chat');
const log = document.getElementById('log');
const form = document.getElementById('contact');

const config = await (await fetch('/demo-config.json')).json();
chat.setAttribute('agent-url', config.agentUrl);
await customElements.whenDefined('soliplex-chat');

// The backend and the thread live in the URL (?backend=soliplex&thread=…), so a reload reopens the
// same conversation: a Soliplex thread is loaded again from the server.
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

// The same widget against the generic endpoint or the Soliplex rooms/threads/runs API.
backends.addEventListener('change', (event) => {
  useBackend(event.target.value);
  chat.newThread();
  rememberThread();
});

const secrets = { alice: 42, bob: 7, carol: 13 };
const tools = [
  {
    name: 'get_secret_number',
    description: 'The secret number of a person',
    parameters: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    execute: ({ name }) => secrets[name.toLowerCase()] ?? `nobody called ${name}`,
  },
  {
    name: 'get_selection',
    description: 'Text the user selected on the page (selection)',
    execute: () => String(getSelection()) || '(nothing selected)',
  },
  {
    name: 'read_form',
    description: 'Read the fields of the contact form',
    execute: () => Object.fromEntries(new FormData(form)),
  },
  {
    name: 'fill_form',
    description: 'Fill the contact form name field',
    parameters: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
    execute: ({ name }) => ((form.elements.name.value = name), `name set to ${name}`),
  },
  {
    name: 'set_theme_color',
    description: 'Set the page theme colour',
    parameters: { type: 'object', properties: { color: { type: 'string' } }, required: ['color'] },
    execute: ({ color }) => ((document.getElementById('title').style.color = color), `title is now ${color}`),
  },
  {
    name: 'delete_note',
    description: 'Delete the note (needs approval)',
    requiresApproval: true,
    execute: () => 'note deleted',
  },
  {
    name: 'broken_tool',
    description: 'A broken tool that always fails',
    execute: () => {
      throw new Error('this tool is broken on purpose');
    },
  },
  {
    name: 'slow_task',
    description: 'Run the slow task (takes 3 seconds)',
    execute: (_args, { signal }) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => resolve('slow task finished'), 3000);
        signal.addEventListener('abort', () => (clearTimeout(timer), reject(new Error('stopped'))));
      }),
  },
];
for (const tool of tools) chat.toolRegistry = chat.toolRegistry.register(tool);

for (const type of ['soliplex-run-started', 'soliplex-run-finished', 'soliplex-tool-call', 'soliplex-tool-result', 'soliplex-error']) {
  chat.addEventListener(type, (event) => {
    const detail = event.call ? `${event.call.name} ${event.call.status}` : (event.outcome ?? event.message ?? '');
    log.textContent += `${new Date().toLocaleTimeString()} ${type} ${detail}\n`;
    log.scrollTop = log.scrollHeight;
  });
}
