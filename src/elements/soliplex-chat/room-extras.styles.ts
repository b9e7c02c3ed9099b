import { html } from 'lit';

/**
 * The look of the sign-in offer, the header's Documents and Sign out, and the documents picker. A
 * `<style>` rendered with them, not in the chat's static styles: only Soliplex chats load it.
 */
export const roomExtrasStyles = html`<style>
  .extra-button {
    font: inherit;
    font-size: 0.9em;
    color: var(--_sc-foreground);
    background: var(--_sc-surface);
    border: 1px solid var(--_sc-border);
    border-radius: var(--_sc-radius);
    padding: 0.2em 0.7em;
    cursor: pointer;
  }
  .extra-button:focus-visible,
  .document input:focus-visible {
    outline: 2px solid var(--_sc-accent);
    outline-offset: 2px;
  }
  .header .extra-button:first-of-type {
    margin-inline-start: auto;
  }
  .header .extra-button ~ .new-chat {
    margin-inline-start: 0;
  }
  .sign-in {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_sc-gap);
    padding: calc(var(--_sc-gap) / 2) var(--_sc-gap);
    border-block-end: 1px solid var(--_sc-border);
    background: var(--_sc-surface);
  }
  .sign-in span {
    flex: 1;
  }
  .sign-in .extra-button {
    color: var(--_sc-accent);
    font-weight: 600;
  }
  .documents {
    display: flex;
    flex-direction: column;
    gap: calc(var(--_sc-gap) / 2);
    margin: 0;
    padding: var(--_sc-gap);
    border: 0;
    border-block-end: 1px solid var(--_sc-border);
    background: var(--_sc-surface);
    max-height: 40%;
    overflow-y: auto;
  }
  .documents legend {
    float: left;
    padding: 0;
    margin-block-end: calc(var(--_sc-gap) / 2);
    color: var(--_sc-muted);
    font-size: 0.9em;
  }
  .document {
    display: flex;
    align-items: center;
    gap: calc(var(--_sc-gap) / 2);
    cursor: pointer;
  }
</style>`;
