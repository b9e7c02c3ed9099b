import { css } from 'lit';
import { focusOutline } from '../shared/shared-rules.styles.js';

/** An answer's sources, usage line and reason field (answer-extras-view.ts), loaded with them. */
export const answerDetailsStyles = css`
  .sources {
    list-style: none;
    margin: 0 0 calc(var(--_sc-gap) / 2);
    padding: 0;
    display: flex;
    flex-direction: column;
    gap: calc(var(--_sc-gap) / 2);
  }
  .source details {
    border: 1px solid var(--_sc-border);
    border-radius: var(--_sc-radius);
    background: var(--_sc-surface);
  }
  .source summary {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0.25em 0.6em;
    padding: 0.35em 0.6em;
    cursor: pointer;
    color: var(--_sc-foreground);
  }
  .source summary:focus-visible,
  input:focus-visible {
    outline: ${focusOutline};
    outline-offset: 1px;
  }
  .number {
    min-width: 1.5em;
    padding: 0 0.35em;
    border-radius: 999px;
    text-align: center;
    font-weight: 600;
    color: var(--_sc-on-accent);
    background: var(--_sc-accent);
  }
  .title {
    font-weight: 600;
  }
  .meta {
    color: var(--_sc-muted);
  }
  .chunk {
    padding: 0 0.75em 0.6em;
    border-top: 1px solid var(--_sc-border);
    color: var(--_sc-foreground);
  }
  .chunk .text {
    overflow-wrap: anywhere;
  }
  .chunk .link {
    color: var(--_sc-link);
    overflow-wrap: anywhere;
  }
  .preview {
    display: block;
    max-width: 100%;
    height: auto;
    margin-block-start: calc(var(--_sc-gap) / 2);
    border: 1px solid var(--_sc-border);
    border-radius: calc(var(--_sc-radius) / 2);
    background: #fff;
  }
  .note {
    margin: calc(var(--_sc-gap) / 2) 0 0;
    color: var(--_sc-muted);
  }
  .reason {
    display: flex;
    flex: 1 1 16em;
    gap: calc(var(--_sc-gap) / 2);
  }
  .reason input {
    flex: 1;
    min-width: 8em;
    font: inherit;
    color: var(--_sc-foreground);
    background: var(--_sc-input-background);
    border: 1px solid var(--_sc-border);
    border-radius: var(--_sc-radius);
    padding: 0.25em 0.5em;
  }
  .reason button {
    color: var(--_sc-on-accent);
    background: var(--_sc-accent);
  }
  .usage {
    margin: 0;
    font-variant-numeric: tabular-nums;
  }
`;
