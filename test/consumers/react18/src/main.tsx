// React 18: the <SoliplexChat> component from soliplex-chat/react sets properties (not attributes)
// and listens to the element's events.
import { useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { ToolRegistry } from 'soliplex-chat';
import { SoliplexChat } from 'soliplex-chat/react';

function App() {
  const [log, setLog] = useState('');
  const tools = useMemo(
    () => new ToolRegistry([{ name: 'get_time', description: 'The time', execute: () => new Date().toISOString() }]),
    [],
  );
  return (
    <>
      <SoliplexChat
        agentUrl="http://127.0.0.1:9/agent"
        toolRegistry={tools}
        strings={{ toolStatus: { completed: 'Fertig' } }}
        onRunFinished={(event) => setLog(`finished: ${event.outcome} ${event.detail.outcome}`)}
      />
      <output id="log">{log}</output>
      {/* Inline handlers get the event's class (noImplicitAny is on): the user's message, the turn's stats. */}
      <SoliplexChat hidden onRunStarted={(event) => console.log(event.message?.text)} onRunFinished={(event) => console.log(event.stats?.runs)} />
      {/* Wrong props and event fields are in src/wrong.tsx, which must fail with exactly the expected errors. */}
    </>
  );
}

createRoot(document.getElementById('root')!).render(<App />);
(window as unknown as { consumerReady: boolean }).consumerReady = true;
