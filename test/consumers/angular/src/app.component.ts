// soliplex-chat/angular: <soliplex-chat> as a standalone component, its properties as typed inputs
// and its events as typed outputs under strictTemplates; no CUSTOM_ELEMENTS_SCHEMA.
import { Component, signal } from '@angular/core';
import { ToolRegistry, type SoliplexRunFinishedEvent } from 'soliplex-chat';
import { SoliplexChatComponent } from 'soliplex-chat/angular';

@Component({
  selector: 'app-root',
  imports: [SoliplexChatComponent],
  template: `
    <soliplex-chat
      #chat
      [agentUrl]="agentUrl"
      [toolRegistry]="tools"
      [strings]="{ toolStatus: { completed: 'Fertig' } }"
      noCopy
      (soliplexRunFinished)="onFinished($event)"
      (soliplexRunStarted)="asked.set($event.message?.text ?? '')"
      (soliplex-tool-result)="log.set($event.call.name)"
    />
    <output id="log">{{ log() }}</output>
    <button type="button" (click)="chat.element.send('from the template')">send</button>
  `,
})
export class AppComponent {
  protected readonly agentUrl = 'http://127.0.0.1:9/agent';
  protected readonly tools = new ToolRegistry([{ name: 'get_time', description: 'The time', execute: () => new Date().toISOString() }]);
  protected readonly log = signal('');
  protected readonly asked = signal('');

  protected onFinished(event: SoliplexRunFinishedEvent): void {
    this.log.set(`finished: ${event.outcome} ${event.detail.outcome}`);
    console.log(event.stats?.runs);
  }
}
