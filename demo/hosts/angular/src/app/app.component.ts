import { Component, signal } from '@angular/core';
import { ToolRegistry, type SoliplexRunFinishedEvent, type SoliplexToolResultEvent } from 'soliplex-chat';
import { SoliplexChatComponent } from 'soliplex-chat/angular';
import { loadAgentUrl } from './agent-url';
import { secretNumberTool } from './secret-number-tool';

@Component({
  selector: 'app-root',
  // soliplex-chat/angular: <soliplex-chat> as a standalone component, so strictTemplates checks its
  // inputs (the element's properties) and outputs (its events, typed with their classes).
  imports: [SoliplexChatComponent],
  template: `
    <main style="display: grid; grid-template-columns: 1fr 420px; min-height: 100vh">
      <section>
        <h1>soliplex-chat in Angular</h1>
        <ul id="events">
          @for (line of events(); track $index) {
            <li>{{ line }}</li>
          }
        </ul>
      </section>
      <soliplex-chat
        [agentUrl]="agentUrl()"
        [toolRegistry]="tools"
        style="height: 100vh"
        (soliplexRunFinished)="onRunFinished($event)"
        (soliplexToolResult)="onToolResult($event)"
      />
    </main>
  `,
})
export class AppComponent {
  // The page tool, as an input: the registry is immutable, so a change is a new registry.
  protected readonly tools = new ToolRegistry([secretNumberTool]);
  protected readonly agentUrl = signal('');
  protected readonly events = signal<string[]>([]);

  constructor() {
    void loadAgentUrl().then((url) => this.agentUrl.set(url));
  }

  protected onRunFinished(e: SoliplexRunFinishedEvent): void {
    this.events.update((lines) => [...lines, `soliplex-run-finished ${e.outcome}`]);
  }

  protected onToolResult(e: SoliplexToolResultEvent): void {
    this.events.update((lines) => [...lines, `soliplex-tool-result ${e.call.name} ${e.call.status}`]);
  }
}
