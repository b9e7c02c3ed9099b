import { css } from 'lit';
import { focusOutline } from './shared-rules.styles.js';
import { codeBoxStyles } from './code-box.styles.js';

/**
 * What the cards that ask the user something share (approval and interrupt cards): the frame, code blocks, buttons, focus rings.
 * (An array: the build's CSS minifier skips a template that mixes a rule placeholder with a value one.)
 */
export const askingCardStyles = [
  codeBoxStyles,
  css`
  :host {
    display: block;
  }
  .card {
    border: 2px solid var(--_sc-warning);
    border-radius: var(--_sc-radius);
    background: var(--_sc-surface);
    padding: var(--_sc-gap);
  }
  pre {
    margin: 0 0 var(--_sc-gap);
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_sc-gap);
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
  .card:focus-visible,
  button:focus-visible {
    outline: ${focusOutline};
    outline-offset: 2px;
  }
  `,
];
