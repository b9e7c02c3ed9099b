// Must NOT compile: `npm run check:wrong` (tsc, strict: noImplicitAny) is expected to fail with exactly
// these diagnostics (test/package/consumers.test.mjs checks them), so an event typed `any` fails the
// test, as does a wrong prop that slips through.
import 'soliplex-chat';

const chat = document.querySelector('soliplex-chat')!;
// a wrong value: agentUrl is a string (TS2322)
chat.agentUrl = 5;
// a misspelt field of the event (TS2551)
chat.addEventListener('soliplex-run-finished', (event) => event.outcom);
// a field another event has (TS2339)
chat.addEventListener('soliplex-tool-result', (event) => event.outcome);
