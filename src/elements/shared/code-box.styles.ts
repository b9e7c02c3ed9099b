import { css } from 'lit';

/** The look of a card's `<pre>` (arguments, results, errors): each card sets its own margins around it. */
export const codeBoxStyles = css`
  pre {
    padding: var(--_sc-gap);
    background: var(--_sc-code-background);
    border-radius: var(--_sc-radius);
    font-family: var(--_sc-mono-font);
    font-size: 0.85em;
    white-space: pre-wrap;
    word-break: break-word;
  }
`;
