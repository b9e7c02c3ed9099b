import { css } from 'lit';
import { focusOutline } from '../shared/shared-rules.styles.js';

/**
 * The styles of what only some conversations show (message-list-extras.ts): tool calls, reasoning, notices, a subagent's summary, a turn's
 * versions, the inline editor, subagent groups, attachments. Added to the list's shadow root when they load.
 */
export const messageListExtrasStyles = css`
  .truncated-notice {
    margin: 0.5em 0 0;
    color: var(--_sc-muted);
    font-size: 0.9em;
    font-style: italic;
    white-space: normal;
  }
  .notice {
    align-self: center;
    color: var(--_sc-muted);
    font-size: 0.9em;
    white-space: pre-wrap;
    text-align: center;
  }
  .reasoning {
    color: var(--_sc-muted);
    font-size: 0.9em;
  }
  .reasoning summary {
    cursor: pointer;
  }
  summary:focus-visible {
    outline: ${focusOutline};
    outline-offset: 2px;
  }
  .reasoning .text {
    white-space: pre-wrap;
    padding-inline-start: var(--_sc-gap);
    border-inline-start: 2px solid var(--_sc-border);
  }
  .calls {
    display: flex;
    flex-direction: column;
    gap: var(--_sc-gap);
    margin-block-start: var(--_sc-gap);
  }
  .calls:first-child {
    margin-block-start: 0;
  }
  .versions {
    display: inline-flex;
    align-items: center;
    color: var(--_sc-muted);
    font-variant-numeric: tabular-nums;
  }
  .versions button {
    padding-inline: 0.4em;
    font-size: 1.15em;
    line-height: 1;
  }
  .editor {
    align-self: stretch;
    display: flex;
    flex-direction: column;
    gap: calc(var(--_sc-gap) / 2);
  }
  .editor textarea {
    font: inherit;
    color: var(--_sc-foreground);
    background: var(--_sc-input-background);
    border: 1px solid var(--_sc-border);
    border-radius: var(--_sc-radius);
    padding: var(--_sc-gap);
    resize: vertical;
  }
  .editor button.primary {
    color: var(--_sc-on-accent);
    background: var(--_sc-accent);
  }
  .editor :focus-visible {
    outline: ${focusOutline};
    outline-offset: 1px;
  }
  .attachments {
    display: flex;
    flex-wrap: wrap;
    gap: calc(var(--_sc-gap) / 2);
    margin-block-start: calc(var(--_sc-gap) / 2);
  }
  .attachment-image {
    max-width: 8em;
    max-height: 8em;
    border-radius: calc(var(--_sc-radius) / 2);
  }
  .attachment-file {
    border: 1px solid var(--_sc-border);
    border-radius: var(--_sc-radius);
    padding: 0 calc(var(--_sc-gap) / 2);
  }
  .subagent {
    border-inline-start: 3px solid var(--_sc-border);
    padding-inline-start: var(--_sc-gap);
  }
  .subagent > summary {
    cursor: pointer;
    color: var(--_sc-muted);
  }
  .subagent-messages {
    display: flex;
    flex-direction: column;
    gap: var(--_sc-gap);
  }
  .subagent-error {
    color: var(--_sc-danger);
    margin: 0;
  }
`;
