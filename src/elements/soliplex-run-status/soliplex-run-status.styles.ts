import { css } from 'lit';
import { focusOutline } from '../shared/shared-rules.styles.js';

export const runStatusStyles = css`
  :host {
    display: block;
  }
  .status {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: var(--_sc-gap);
    padding: 0 var(--_sc-gap);
    min-height: 1.5em;
    color: var(--_sc-muted);
    font-size: 0.9em;
  }
  .status[data-state='failed'] {
    color: var(--_sc-danger);
  }
  .status[data-state='running']::before {
    content: '';
    width: 0.6em;
    height: 0.6em;
    border-radius: 50%;
    background: var(--_sc-accent);
    animation: pulse 1.2s ease-in-out infinite;
  }
  @keyframes pulse {
    50% {
      opacity: 0.3;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .status[data-state='running']::before {
      animation: none;
    }
  }
  button {
    font: inherit;
    padding: 0.2em 0.8em;
    border-radius: var(--_sc-radius);
    border: 1px solid var(--_sc-danger);
    background: var(--_sc-surface);
    color: var(--_sc-danger);
    cursor: pointer;
  }
  .details {
    flex-basis: 100%;
    color: var(--_sc-muted);
  }
  .details summary {
    cursor: pointer;
  }
  .details code {
    display: block;
    font-family: var(--_sc-mono-font);
    font-size: 0.9em;
    overflow-wrap: anywhere;
  }
  button:focus-visible,
  summary:focus-visible {
    outline: ${focusOutline};
    outline-offset: 2px;
  }
`;
