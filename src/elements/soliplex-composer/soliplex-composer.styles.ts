import { css } from 'lit';
import { focusOutline } from '../shared/shared-rules.styles.js';

export const composerStyles = css`
  :host {
    display: block;
  }
  form {
    display: flex;
    gap: var(--_sc-gap);
    align-items: flex-end;
    padding: var(--_sc-gap);
    border-block-start: 1px solid var(--_sc-border);
  }
  textarea {
    flex: 1;
    box-sizing: border-box;
    /* Grows with what is typed (and with a placeholder that wraps on a narrow chat: never cut off),
       from two lines to 12em, where the browser can; elsewhere it keeps its two rows. */
    field-sizing: content;
    min-height: calc(2lh + 1.5 * var(--_sc-gap) + 2px);
    max-height: 12em;
    resize: vertical;
    font: inherit;
    color: var(--_sc-foreground);
    background: var(--_sc-input-background);
    border: 1px solid var(--_sc-border);
    border-radius: var(--_sc-radius);
    padding: calc(var(--_sc-gap) * 0.75);
  }
  textarea:focus-visible {
    outline: ${focusOutline};
    outline-offset: 1px;
  }
  textarea::placeholder {
    color: var(--_sc-muted);
  }
  button {
    font: inherit;
    padding: calc(var(--_sc-gap) * 0.75) calc(var(--_sc-gap) * 1.5);
    border-radius: var(--_sc-radius);
    border: 1px solid var(--_sc-accent);
    background: var(--_sc-accent);
    color: var(--_sc-on-accent);
    cursor: pointer;
  }
  button.dictate {
    background: var(--_sc-surface);
    color: var(--_sc-foreground);
    border-color: var(--_sc-border);
  }
  button.dictate[aria-pressed='true'] {
    color: var(--_sc-danger);
    border-color: var(--_sc-danger);
  }
  .notice {
    margin: 0;
    padding: 0 var(--_sc-gap) var(--_sc-gap);
    color: var(--_sc-danger);
    font-size: 0.875em;
  }
  button.stop {
    background: var(--_sc-surface);
    color: var(--_sc-danger);
    border-color: var(--_sc-danger);
  }
  button:focus-visible {
    outline: ${focusOutline};
    outline-offset: 2px;
  }
`;
