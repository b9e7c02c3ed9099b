// React 19: the <SoliplexChat> component, and the <soliplex-chat> tag with the package's JSX types;
// a tool declared with zod (the app's own zod 4: the only zod in the bundle).
import { useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { ToolRegistry } from 'soliplex-chat';
import { SoliplexChat } from 'soliplex-chat/react';

function App() {
  const [log, setLog] = useState('');
  const tools = useMemo(
    () =>
      new ToolRegistry([
        { name: 'get_time', description: 'The time', parameters: z.object({ zone: z.string().optional() }), execute: ({ zone }) => `${zone}` },
      ]),
    [],
  );
  return (
    <>
      <SoliplexChat
        agentUrl="http://127.0.0.1:9/agent"
        toolRegistry={tools}
        onRunFinished={(event) => setLog(`finished: ${event.outcome} ${event.detail.outcome}`)}
      />
      <soliplex-chat
        agent-url="http://127.0.0.1:9/agent"
        toolRegistry={tools}
        onsoliplex-run-finished={(event) => console.log(event.outcome, event.stats?.runs)}
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
