import { css } from 'lit';
import { focusOutline } from '../shared/shared-rules.styles.js';
import { codeBoxStyles } from '../shared/code-box.styles.js';

/** (An array: the build's CSS minifier skips a template that mixes a rule placeholder with a value one.) */
export const toolCallCardStyles = [
  codeBoxStyles,
  css`
  :host {
    display: block;
  }
  .card {
    border: 1px solid var(--_sc-border);
    border-inline-start: 4px solid var(--_status-colour, var(--_sc-border));
    border-radius: var(--_sc-radius);
    background: var(--_sc-surface);
    padding: var(--_sc-gap);
  }
  .header {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_sc-gap);
    align-items: center;
  }
  .signature {
    /* As wide as the call: a long one takes the line (ellipsis), and the status wraps below it. */
    flex: 1 1 auto;
    min-width: 0;
    overflow: hidden;
    white-space: nowrap;
    text-overflow: ellipsis;
    font-family: var(--_sc-mono-font);
  }
  .signature.titled {
    font-family: inherit;
  }
  .name {
    font-weight: 600;
  }
  .args {
    color: var(--_sc-muted);
  }
  /* A tool's title and its arguments run in their own text's direction: in a right-to-left chat,
     "name: "alice"" keeps its quotes where they belong. */
  .name,
  .args {
    unicode-bidi: plaintext;
  }
  .titled .args {
    margin-inline-start: 0.6em;
    font-size: 0.9em;
  }
  .icon {
    margin-inline-end: 0.4em;
  }
  .changes-line {
    margin: 0;
    color: var(--_sc-muted);
    font-size: 0.9em;
  }
  .status {
    margin-inline-start: auto;
    display: inline-flex;
    gap: 0.3em;
    align-items: center;
    color: var(--_status-colour);
    font-size: 0.9em;
  }
  .status[data-status='streaming'],
  .status[data-status='pending'] {
    --_status-colour: var(--_sc-muted);
  }
  .card[data-status='streaming'],
  .card[data-status='pending'] {
    --_status-colour: var(--_sc-muted);
    border-style: dashed;
  }
  [data-status='awaiting-approval'] {
    --_status-colour: var(--_sc-warning);
  }
  [data-status='executing'] {
    --_status-colour: var(--_sc-accent);
  }
  [data-status='completed'] {
    --_status-colour: var(--_sc-success);
  }
  [data-status='failed'] {
    --_status-colour: var(--_sc-danger);
  }
  [data-status='denied'] {
    --_status-colour: var(--_sc-denied);
  }
  [data-status='cancelled'] {
    --_status-colour: var(--_sc-muted);
  }
  [data-status='interrupted'] {
    --_status-colour: var(--_sc-warning);
  }
  .card[data-status='interrupted'] {
    border-style: dashed;
  }
  .run-again {
    margin-block-start: var(--_sc-gap);
    font: inherit;
    padding: 0.2em 0.8em;
    border-radius: var(--_sc-radius);
    border: 1px solid var(--_sc-accent);
    background: var(--_sc-surface);
    color: var(--_sc-accent);
    cursor: pointer;
  }
  .run-again:focus-visible {
    outline: ${focusOutline};
    outline-offset: 2px;
  }
  .card[data-status='cancelled'] {
    border-style: dashed;
  }
  .card[data-status='denied'] {
    border-style: dotted;
  }
  details {
    margin-block-start: var(--_sc-gap);
  }
  summary {
    cursor: pointer;
  }
  summary:focus-visible {
    outline: ${focusOutline};
    outline-offset: 2px;
  }
  pre {
    margin: 0.25em 0 0;
    overflow: auto;
  }
  .label {
    margin: var(--_sc-gap) 0 0;
    font-size: 0.85em;
    font-weight: 600;
  }
  .error {
    color: var(--_sc-danger);
  }
  .rendered {
    margin-block-start: var(--_sc-gap);
  }
  .content,
  .changes,
  .cached {
    margin-block: var(--_sc-gap) 0;
  }
  .content .text {
    margin: 0.25em 0;
    white-space: pre-wrap;
  }
  .preview {
    display: block;
    max-inline-size: 100%;
    max-block-size: 20em;
    margin-block: 0.25em;
    border-radius: var(--_sc-radius);
  }
  .download {
    color: var(--_sc-link, var(--_sc-accent));
  }
  .changes,
  .cached,
  .truncated-notice {
    color: var(--_sc-muted);
    font-size: 0.9em;
  }
  .truncated-notice {
    margin-block: var(--_sc-gap) 0;
    font-style: italic;
  }
  `,
];
