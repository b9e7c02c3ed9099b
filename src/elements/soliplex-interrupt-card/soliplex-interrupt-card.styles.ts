import { css } from 'lit';
import { focusOutline } from '../shared/shared-rules.styles.js';
import { askingCardStyles } from '../shared/card.styles.js';

export const interruptCardStyles = [
  askingCardStyles,
  css`
    .card {
      color: var(--_sc-foreground);
    }
    .card[data-status='resolved'],
    .card[data-status='cancelled'],
    .card[data-status='expired'] {
      border-width: 1px;
      border-color: var(--_sc-border);
    }
    .message {
      margin: 0 0 var(--_sc-gap);
      font-weight: 600;
      white-space: pre-wrap;
    }
    .status {
      margin: var(--_sc-gap) 0 0;
      color: var(--_sc-muted);
    }
    .field {
      display: flex;
      flex-direction: column;
      gap: 2px;
      margin-block-end: var(--_sc-gap);
    }
    .field.checkbox {
      flex-direction: row;
      flex-wrap: wrap;
      align-items: center;
      gap: calc(var(--_sc-gap) / 2);
    }
    .field.checkbox .help {
      flex-basis: 100%;
    }
    .group {
      border: 1px solid var(--_sc-border);
      border-radius: var(--_sc-radius);
      margin: 0 0 var(--_sc-gap);
      padding: var(--_sc-gap);
    }
    .item {
      display: flex;
      align-items: flex-end;
      gap: calc(var(--_sc-gap) / 2);
    }
    .item > .field {
      flex: 1;
    }
    .help,
    .required {
      color: var(--_sc-muted);
      font-size: 0.85em;
    }
    input:not([type='checkbox']),
    select,
    .edit-arguments {
      font: inherit;
      padding: calc(var(--_sc-gap) / 2);
      border: 1px solid var(--_sc-border);
      border-radius: var(--_sc-radius);
      background: var(--_sc-input-background);
      color: var(--_sc-foreground);
    }
    .actions {
      flex-wrap: nowrap;
    }
    .edit-arguments {
      display: block;
      width: 100%;
      box-sizing: border-box;
      font-family: var(--_sc-mono-font);
    }
    input:focus-visible,
    textarea:focus-visible,
    select:focus-visible {
      outline: ${focusOutline};
      outline-offset: 2px;
    }
    .primary {
      background: var(--_sc-accent);
      border-color: var(--_sc-accent);
      color: var(--_sc-on-accent);
    }
  `,
];
