import { css } from 'lit';
import { paletteStyles } from '../shared/palette.styles.js';
import { focusOutline, visuallyHiddenStyles } from '../shared/shared-rules.styles.js';

/**
 * The chat's frame; the palette (a page's custom property, else the theme's default) comes from `palette.styles.ts`.
 * (An array: the build's CSS minifier skips a template that mixes a rule placeholder with a value one.)
 */
export const chatStyles = [
  paletteStyles, visuallyHiddenStyles,
  css`
  :host {
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
  /*
   * The frame holds the thread list (with \`thread-list\`) and the chat side by side, whatever \`display\`
   * a page gives the host. Every inherited property is set here, so nothing a page sets on the host flows inside.
   */
  .frame {
    box-sizing: border-box;
    position: relative;
    display: flex;
    width: 100%;
    height: 100%;
    color: var(--_sc-foreground);
    font-family: var(--soliplex-chat-font-family, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
    font-size: var(--soliplex-chat-font-size, 15px);
    font-weight: normal;
    font-style: normal;
    line-height: 1.5;
    letter-spacing: normal;
    text-align: start;
    text-transform: none;
    visibility: visible;
  }
  .root {
    box-sizing: border-box;
    flex: 1;
    min-width: 0;
    display: flex;
    flex-direction: column;
    background: var(--_sc-background);
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
    /* The page's title in its own direction (an English title in an Arabic chat is cut at its end). */
    unicode-bidi: plaintext;
  }
  .export {
    position: relative;
    margin-inline-start: auto;
  }
  .extra-button ~ .export,
  .export ~ .new-chat {
    margin-inline-start: 0;
  }
  .new-chat,
  .export button {
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
  .new-chat:focus-visible,
  .export button:focus-visible {
    outline: ${focusOutline};
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
  /* After an answer: a row at the end of the conversation, above the status line. */
  .follow-ups {
    justify-content: flex-start;
    padding: calc(var(--_sc-gap) / 2) var(--_sc-gap);
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
    outline: ${focusOutline};
    outline-offset: 2px;
  }
  `,
];
