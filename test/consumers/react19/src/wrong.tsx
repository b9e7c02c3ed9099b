// Must NOT compile: `npm run check:wrong` (tsc, strict: noImplicitAny) is expected to fail with exactly
// these diagnostics (test/package/consumers.test.mjs checks them), so an event typed `any` (or a
// parameter left implicitly `any`) fails the test, as does a wrong prop that slips through.
import { SoliplexChat } from 'soliplex-chat/react';

export const wrong = (
  <>
    {/* a wrong value: agentUrl is a string (TS2322) */}
    <SoliplexChat agentUrl={5} />
    {/* a misspelt field of the event (TS2551) */}
    <SoliplexChat onRunFinished={(event) => event.outcom} />
    {/* the tag: a wrong attribute value (TS2322) */}
    <soliplex-chat theme="sepia" />
    {/* the tag: a field another event has (TS2339) */}
    <soliplex-chat onsoliplex-tool-result={(event) => event.outcome} />
  </>
);
