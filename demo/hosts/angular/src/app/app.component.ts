import { AfterViewInit, CUSTOM_ELEMENTS_SCHEMA, Component, ElementRef, OnDestroy, ViewChild, signal } from '@angular/core';
import type { SoliplexChat, SoliplexRunFinishedEvent, SoliplexToolResultEvent } from 'soliplex-chat';
import { loadAgentUrl } from './agent-url';
import { secretNumberTool } from './secret-number-tool';

@Component({
  selector: 'app-root',
  // Lets the template use <soliplex-chat>; its element and event types still come from the
  // package's HTMLElementTagNameMap / HTMLElementEventMap, so strictTemplates checks $event.
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
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
        #chat
        [attr.agent-url]="agentUrl()"
        style="height: 100vh"
        (soliplex-run-finished)="onRunFinished($event)"
        (soliplex-tool-result)="onToolResult($event)"
      ></soliplex-chat>
    </main>
  `,
})
export class AppComponent implements AfterViewInit, OnDestroy {
  @ViewChild('chat') private chat?: ElementRef<SoliplexChat>;
  protected readonly agentUrl = signal('');
  protected readonly events = signal<string[]>([]);

  async ngAfterViewInit(): Promise<void> {
    const chat = this.chat?.nativeElement;
    // The registry is immutable: assign the one register() returns.
    if (chat) chat.toolRegistry = chat.toolRegistry.register(secretNumberTool);
    this.agentUrl.set(await loadAgentUrl());
  }

  ngOnDestroy(): void {
    const chat = this.chat?.nativeElement;
    if (chat) chat.toolRegistry = chat.toolRegistry.unregister(secretNumberTool.name);
  }

  protected onRunFinished(e: SoliplexRunFinishedEvent): void {
    this.events.update((lines) => [...lines, `soliplex-run-finished ${e.outcome}`]);
  }

  protected onToolResult(e: SoliplexToolResultEvent): void {
    this.events.update((lines) => [...lines, `soliplex-tool-result ${e.call.name} ${e.call.status}`]);
  }
}
