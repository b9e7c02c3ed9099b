// Must NOT compile: `npm run check:wrong` (ngc, strictTemplates) is expected to fail with exactly
// these diagnostics (test/package/consumers.test.mjs checks them). Angular templates have no
// expect-error comment, so the wrong bindings live in a file of their own.
import { Component } from '@angular/core';
import { SoliplexChatComponent } from 'soliplex-chat/angular';

@Component({
  selector: 'app-wrong',
  imports: [SoliplexChatComponent],
  template: `
    <!-- a wrong value: agentUrl is a string (TS2322) -->
    <soliplex-chat [agentUrl]="5" />
    <!-- an unknown property (NG8002) -->
    <soliplex-chat [agentUrll]="'http://x'" />
    <!-- a wrong event field on an output (TS2339) -->
    <soliplex-chat (soliplexRunFinished)="show($event.outcom)" />
    <!-- and on the DOM event, typed by HTMLElementEventMap (TS2339) -->
    <soliplex-chat (soliplex-tool-result)="show($event.outcome)" />
  `,
})
export class WrongComponent {
  protected show(value: unknown): void {
    console.log(value);
  }
}
