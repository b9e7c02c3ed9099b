import { useEffect, useRef, useState } from 'react';
import type { SoliplexChat, SoliplexRunFinishedEvent, SoliplexToolResultEvent } from 'soliplex-chat';
import { loadAgentUrl } from './agent-url';
import { secretNumberTool } from './secret-number-tool';

export function App() {
  const chatRef = useRef<SoliplexChat>(null);
  const [agentUrl, setAgentUrl] = useState('');
  const [events, setEvents] = useState<string[]>([]);
  const logEvent = (line: string) => setEvents((lines) => [...lines, line]);

  useEffect(() => {
    loadAgentUrl().then(setAgentUrl, (error: unknown) => logEvent(`config error: ${String(error)}`));
  }, []);

  // The registry is immutable: assign the one register() returns, and undo it on cleanup
  // (StrictMode runs effects twice, and a duplicate name would throw).
  useEffect(() => {
    const chat = chatRef.current;
    if (!chat) return;
    chat.toolRegistry = chat.toolRegistry.register(secretNumberTool);
    return () => {
      chat.toolRegistry = chat.toolRegistry.unregister(secretNumberTool.name);
    };
  }, []);

  return (
    <main style={{ display: 'grid', gridTemplateColumns: '1fr 420px', minHeight: '100vh' }}>
      <section>
        <h1>soliplex-chat in React</h1>
        <ul id="events">
          {events.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      </section>
      <soliplex-chat
        ref={chatRef}
        agent-url={agentUrl}
        style={{ height: '100vh' }}
        onsoliplex-run-finished={(e: SoliplexRunFinishedEvent) => logEvent(`soliplex-run-finished ${e.outcome}`)}
        onsoliplex-tool-result={(e: SoliplexToolResultEvent) => logEvent(`soliplex-tool-result ${e.call.name} ${e.call.status}`)}
      />
    </main>
  );
}
