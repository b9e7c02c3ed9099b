// React 19: the <SoliplexChat> component, and the <soliplex-chat> tag with the package's JSX types;
// a tool declared with zod (the app's own zod 4: the only zod in the bundle).
import { useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { ToolRegistry, type SoliplexRunFinishedEvent } from 'soliplex-chat';
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
        onsoliplex-run-finished={(event: SoliplexRunFinishedEvent) => console.log(event.outcome)}
      />
      <output id="log">{log}</output>
      {/* @ts-expect-error a wrong prop: agentUrl is a string */}
      <SoliplexChat agentUrl={5} />
      {/* @ts-expect-error a wrong event field */}
      <SoliplexChat onRunFinished={(event) => event.outcom} />
      {/* @ts-expect-error a wrong attribute type on the tag */}
      <soliplex-chat theme="sepia" />
      {/* @ts-expect-error a wrong event field on the tag */}
      <soliplex-chat onsoliplex-tool-result={(event) => event.outcome} />
    </>
  );
}

createRoot(document.getElementById('root')!).render(<App />);
(window as unknown as { consumerReady: boolean }).consumerReady = true;
