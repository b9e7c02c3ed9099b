import { css } from 'lit';
import { focusOutline } from '../shared/shared-rules.styles.js';

/** An answer's feedback row, small and muted under the answer's bubble (the rest: answer-extras-view.styles.ts). */
export const answerExtrasStyles = css`
  :host {
    display: block;
    align-self: stretch;
    font-size: 0.85em;
    color: var(--_sc-muted);
  }
  button:focus-visible {
    outline: ${focusOutline};
    outline-offset: 1px;
  }
  .row {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: calc(var(--_sc-gap) / 2) var(--_sc-gap);
  }
  .row:empty {
    display: none;
  }
  .feedback {
    flex: 0 1 auto;
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: calc(var(--_sc-gap) / 2);
  }
  button {
    font: inherit;
    color: var(--_sc-muted);
    background: transparent;
    border: 1px solid transparent;
    border-radius: var(--_sc-radius);
    padding: 0.2em 0.45em;
    cursor: pointer;
    display: inline-flex;
    align-items: center;
  }
  button:hover {
    color: var(--_sc-foreground);
    border-color: var(--_sc-border);
  }
  button[aria-pressed='true'] {
    color: var(--_sc-accent);
    border-color: var(--_sc-accent);
  }
  svg {
    flex: none;
    fill: none;
    stroke: currentColor;
    stroke-width: 2;
    stroke-linecap: round;
    stroke-linejoin: round;
  }
  button[aria-pressed='true'] svg {
    fill: color-mix(in srgb, currentColor 25%, transparent);
  }
  svg.down {
    transform: rotate(180deg);
  }
  .feedback.open {
    flex: 1 1 24em;
  }
`;
