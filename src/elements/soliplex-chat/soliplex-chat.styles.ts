import { css } from 'lit';

/**
 * The palette lives in internal variables: a page's custom property wins, else the theme's default.
 * The dark palette is written twice (theme attribute, and `auto` + `prefers-color-scheme`): CSS has
 * no way to share one block between a selector and a media query.
 */
export const chatStyles = css`
  :host {
    --_sc-background: var(--soliplex-chat-background, #ffffff);
    --_sc-foreground: var(--soliplex-chat-foreground, #1f2328);
    --_sc-muted: var(--soliplex-chat-muted, #57606a);
    --_sc-border: var(--soliplex-chat-border, #c3cad2);
    --_sc-surface: var(--soliplex-chat-surface, #ffffff);
    --_sc-accent: var(--soliplex-chat-accent, #0b5cad);
    --_sc-on-accent: var(--soliplex-chat-on-accent, #ffffff);
    --_sc-link: var(--soliplex-chat-link, #0b5cad);
    --_sc-user-background: var(--soliplex-chat-user-background, #ddf4ff);
    --_sc-user-foreground: var(--soliplex-chat-user-foreground, #1f2328);
    --_sc-assistant-background: var(--soliplex-chat-assistant-background, #f6f8fa);
    --_sc-code-background: var(--soliplex-chat-code-background, #eaeef2);
    --_sc-input-background: var(--soliplex-chat-input-background, #ffffff);
    --_sc-success: var(--soliplex-chat-success, #1a7f37);
    --_sc-warning: var(--soliplex-chat-warning, #8a5c00);
    --_sc-danger: var(--soliplex-chat-danger, #c4202b);
    --_sc-denied: var(--soliplex-chat-denied, #6639ba);
    color-scheme: light;
    --_sc-radius: var(--soliplex-chat-radius, 8px);
    --_sc-gap: calc(var(--soliplex-chat-spacing, 8px) * var(--soliplex-chat-density, 1));
    --_sc-mono-font: var(--soliplex-chat-mono-font-family, ui-monospace, SFMono-Regular, Menlo, Consolas, monospace);
    display: block;
    height: 30rem;
    contain: content;
  }
  :host([hidden]) {
    display: none;
  }
  :host([theme='dark']) {
    --_sc-background: var(--soliplex-chat-background, #0d1117);
    --_sc-foreground: var(--soliplex-chat-foreground, #e6edf3);
    --_sc-muted: var(--soliplex-chat-muted, #9198a1);
    --_sc-border: var(--soliplex-chat-border, #3d444d);
    --_sc-surface: var(--soliplex-chat-surface, #151b23);
    --_sc-accent: var(--soliplex-chat-accent, #4493f8);
    --_sc-on-accent: var(--soliplex-chat-on-accent, #0d1117);
    --_sc-link: var(--soliplex-chat-link, #58a6ff);
    --_sc-user-background: var(--soliplex-chat-user-background, #12263f);
    --_sc-user-foreground: var(--soliplex-chat-user-foreground, #e6edf3);
    --_sc-assistant-background: var(--soliplex-chat-assistant-background, #151b23);
    --_sc-code-background: var(--soliplex-chat-code-background, #262c36);
    --_sc-input-background: var(--soliplex-chat-input-background, #0d1117);
    --_sc-success: var(--soliplex-chat-success, #3fb950);
    --_sc-warning: var(--soliplex-chat-warning, #d29922);
    --_sc-danger: var(--soliplex-chat-danger, #f85149);
    --_sc-denied: var(--soliplex-chat-denied, #ab7df8);
    color-scheme: dark;
  }
  @media (prefers-color-scheme: dark) {
    :host(:not([theme='light'])) {
      --_sc-background: var(--soliplex-chat-background, #0d1117);
      --_sc-foreground: var(--soliplex-chat-foreground, #e6edf3);
      --_sc-muted: var(--soliplex-chat-muted, #9198a1);
      --_sc-border: var(--soliplex-chat-border, #3d444d);
      --_sc-surface: var(--soliplex-chat-surface, #151b23);
      --_sc-accent: var(--soliplex-chat-accent, #4493f8);
      --_sc-on-accent: var(--soliplex-chat-on-accent, #0d1117);
      --_sc-link: var(--soliplex-chat-link, #58a6ff);
      --_sc-user-background: var(--soliplex-chat-user-background, #12263f);
      --_sc-user-foreground: var(--soliplex-chat-user-foreground, #e6edf3);
      --_sc-assistant-background: var(--soliplex-chat-assistant-background, #151b23);
      --_sc-code-background: var(--soliplex-chat-code-background, #262c36);
      --_sc-input-background: var(--soliplex-chat-input-background, #0d1117);
      --_sc-success: var(--soliplex-chat-success, #3fb950);
      --_sc-warning: var(--soliplex-chat-warning, #d29922);
      --_sc-danger: var(--soliplex-chat-danger, #f85149);
      --_sc-denied: var(--soliplex-chat-denied, #ab7df8);
      color-scheme: dark;
    }
  }
  /* Every inherited property is set here, so nothing a page sets on the host flows inside. */
  .root {
    box-sizing: border-box;
    height: 100%;
    display: flex;
    flex-direction: column;
    color: var(--_sc-foreground);
    background: var(--_sc-background);
    font-family: var(--soliplex-chat-font-family, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
    font-size: var(--soliplex-chat-font-size, 15px);
    font-weight: normal;
    font-style: normal;
    line-height: 1.5;
    letter-spacing: normal;
    text-align: start;
    text-transform: none;
    visibility: visible;
    border: 1px solid var(--_sc-border);
    border-radius: var(--_sc-radius);
    overflow: hidden;
  }
  .storage-notice {
    margin: 0;
    padding: calc(var(--_sc-gap) / 2) var(--_sc-gap);
    border-bottom: 1px solid var(--_sc-border);
    color: var(--_sc-warning);
    font-size: 0.875em;
  }
  .header {
    display: flex;
    align-items: center;
    gap: var(--_sc-gap);
    padding: calc(var(--_sc-gap) / 2) var(--_sc-gap);
    border-block-end: 1px solid var(--_sc-border);
  }
  .title {
    flex: 1;
    margin: 0;
    font-size: 1em;
    font-weight: 600;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .new-chat {
    margin-inline-start: auto;
    font: inherit;
    font-size: 0.9em;
    color: var(--_sc-foreground);
    background: var(--_sc-surface);
    border: 1px solid var(--_sc-border);
    border-radius: var(--_sc-radius);
    padding: 0.2em 0.7em;
    cursor: pointer;
  }
  .new-chat:disabled {
    color: var(--_sc-muted);
    cursor: default;
  }
  .new-chat:focus-visible {
    outline: 2px solid var(--_sc-accent);
    outline-offset: 2px;
  }
  soliplex-message-list,
  .empty {
    flex: 1;
    min-height: 0;
  }
  .empty {
    display: flex;
    flex-direction: column;
    justify-content: center;
    align-items: center;
    gap: var(--_sc-gap);
    padding: var(--_sc-gap);
    text-align: center;
    overflow-y: auto;
  }
  .welcome {
    margin: 0;
    font-size: 1.2em;
  }
  .room-failure {
    margin: 0;
    color: var(--_sc-muted);
  }
  .suggestions {
    display: flex;
    flex-wrap: wrap;
    justify-content: center;
    gap: var(--_sc-gap);
  }
  [part~='suggestion'] {
    font: inherit;
    color: var(--_sc-accent);
    background: var(--_sc-surface);
    border: 1px solid var(--_sc-border);
    border-radius: calc(var(--_sc-radius) * 2);
    padding: calc(var(--_sc-gap) / 2) var(--_sc-gap);
    cursor: pointer;
  }
  [part~='suggestion']:focus-visible {
    outline: 2px solid var(--_sc-accent);
    outline-offset: 2px;
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`;
