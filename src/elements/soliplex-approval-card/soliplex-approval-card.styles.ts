import { css } from 'lit';

export const approvalCardStyles = css`
  :host {
    display: block;
  }
  .card {
    border: 2px solid var(--_sc-warning);
    border-radius: var(--_sc-radius);
    background: var(--_sc-surface);
    padding: var(--_sc-gap);
  }
  .card:focus-visible,
  .card:focus {
    outline: 2px solid var(--_sc-accent);
    outline-offset: 2px;
  }
  p {
    margin: 0 0 var(--_sc-gap);
    font-weight: 600;
  }
  pre {
    margin: 0 0 var(--_sc-gap);
    padding: var(--_sc-gap);
    background: var(--_sc-code-background);
    border-radius: var(--_sc-radius);
    font-family: var(--_sc-mono-font);
    font-size: 0.85em;
    white-space: pre-wrap;
    word-break: break-word;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_sc-gap);
  }
  .approve,
  .deny {
    white-space: nowrap;
  }
  button {
    font: inherit;
    padding: calc(var(--_sc-gap) / 2) calc(var(--_sc-gap) * 1.5);
    border-radius: var(--_sc-radius);
    border: 1px solid var(--_sc-border);
    cursor: pointer;
    background: var(--_sc-surface);
    color: var(--_sc-foreground);
  }
  button:focus-visible {
    outline: 2px solid var(--_sc-accent);
    outline-offset: 2px;
  }
  .approve {
    background: var(--_sc-accent);
    border-color: var(--_sc-accent);
    color: var(--_sc-on-accent);
  }
`;
