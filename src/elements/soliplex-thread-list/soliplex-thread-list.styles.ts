import { css, unsafeCSS } from 'lit';
import { visuallyHiddenStyles } from '../shared/shared-rules.styles.js';
import { PALETTE, type PaletteName } from '../shared/palette.styles.js';

/**
 * Inside a chat the list takes the chat's palette (its internal variables inherit); on its own, the
 * page's `--soliplex-chat-*` properties or the light defaults: `--_tl-<name>` for each name used.
 */
const palette = (names: readonly PaletteName[]) =>
  unsafeCSS(`:host{${names.map((name) => `--_tl-${name}:var(--_sc-${name},var(--soliplex-chat-${name},${PALETTE[name][0]}))`).join(';')}}`);

export const threadListStyles = css`
  ${palette(['background', 'foreground', 'muted', 'border', 'accent', 'on-accent', 'warning', 'danger'])}
  :host {
    --_tl-gap: var(--_sc-gap, calc(var(--soliplex-chat-spacing, 8px) * var(--soliplex-chat-density, 1)));
    display: block;
    overflow-y: auto;
    contain: content;
  }
  :host([hidden]) {
    display: none;
  }
  .root {
    box-sizing: border-box;
    min-height: 100%;
    display: flex;
    flex-direction: column;
    gap: var(--_tl-gap);
    padding: var(--_tl-gap);
    color: var(--_tl-foreground);
    background: var(--_tl-background);
    font-family: var(--soliplex-chat-font-family, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
    font-size: var(--soliplex-chat-font-size, 15px);
    line-height: 1.4;
  }
  button,
  select,
  input {
    font: inherit;
    color: inherit;
  }
  button:focus-visible,
  select:focus-visible,
  input:focus-visible {
    outline: 2px solid var(--_tl-accent);
    outline-offset: 1px;
  }
  .new-chat {
    align-self: stretch;
    padding: calc(var(--_tl-gap) * 0.75) var(--_tl-gap);
    border: 1px solid var(--_tl-accent);
    border-radius: var(--_sc-radius, 8px);
    background: var(--_tl-accent);
    color: var(--_tl-on-accent);
    cursor: pointer;
  }
  .server {
    margin: var(--_tl-gap) 0 0;
    font-size: 0.8em;
    text-transform: uppercase;
    letter-spacing: 0.04em;
    color: var(--_tl-muted);
    overflow-wrap: anywhere;
  }
  .room {
    display: flex;
    align-items: center;
    gap: calc(var(--_tl-gap) / 2);
    font-size: 0.9em;
  }
  .room select {
    flex: 1;
    min-width: 0;
    background: var(--_tl-background);
    border: 1px solid var(--_tl-border);
    border-radius: 4px;
  }
  .welcome,
  .suggestions {
    margin: 0;
    font-size: 0.85em;
    color: var(--_tl-muted);
  }
  .suggestions {
    padding-inline-start: 1.2em;
  }
  .error {
    margin: 0;
    font-size: 0.85em;
    color: var(--_tl-danger);
  }
  .threads {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-direction: column;
    gap: 2px;
  }
  .entry {
    display: flex;
    align-items: stretch;
    gap: 2px;
    border-radius: 6px;
  }
  .entry.confirm,
  .entry.renaming {
    flex-wrap: wrap;
    align-items: center;
    padding: calc(var(--_tl-gap) / 2);
    border: 1px solid var(--_tl-border);
  }
  .entry.renaming input {
    flex: 1;
    min-width: 0;
  }
  .question {
    flex: 1 1 100%;
    font-size: 0.9em;
  }
  .thread {
    flex: 1;
    min-width: 0;
    display: flex;
    flex-direction: column;
    gap: 2px;
    padding: calc(var(--_tl-gap) * 0.6) var(--_tl-gap);
    border: 1px solid transparent;
    border-radius: 6px;
    background: none;
    text-align: start;
    cursor: pointer;
  }
  .thread:hover {
    border-color: var(--_tl-border);
  }
  .thread[aria-current='true'] {
    border-color: var(--_tl-accent);
    background: color-mix(in srgb, var(--_tl-accent) 10%, transparent);
  }
  .title {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  ${visuallyHiddenStyles}
  .entry[data-unread] .title {
    font-weight: 600;
  }
  .meta {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: calc(var(--_tl-gap) / 2);
    font-size: 0.78em;
    color: var(--_tl-muted);
  }
  .badge,
  .unread {
    padding: 0 0.5em;
    border-radius: 999px;
    border: 1px solid currentColor;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
    max-width: 100%;
  }
  .badge {
    color: var(--_tl-accent);
  }
  .badge[data-kind='waiting-for-approval'] {
    color: var(--_tl-warning);
  }
  .badge[data-kind='failed'] {
    color: var(--_tl-danger);
  }
  .badge[data-kind='waiting-for-connection'] {
    color: var(--_tl-muted);
  }
  .unread {
    color: var(--_tl-on-accent);
    background: var(--_tl-accent);
    border-color: var(--_tl-accent);
  }
  .icon,
  .entry.confirm button {
    padding: 0 0.5em;
    border: 1px solid transparent;
    border-radius: 6px;
    background: none;
    color: var(--_tl-muted);
    cursor: pointer;
  }
  .icon:hover,
  .entry.confirm button {
    border-color: var(--_tl-border);
  }
  .entry.confirm .danger {
    color: var(--_tl-danger);
    border-color: var(--_tl-danger);
  }
`;
