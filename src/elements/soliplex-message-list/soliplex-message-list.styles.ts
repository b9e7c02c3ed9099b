import { css } from 'lit';
import { focusOutline, visuallyHiddenStyles } from '../shared/shared-rules.styles.js';

/** (An array: the build's CSS minifier skips a template that mixes a rule placeholder with a value one.) */
export const messageListStyles = [
  visuallyHiddenStyles,
  css`
  :host {
    display: flex;
    flex-direction: column;
    min-height: 0;
  }
  .scroller {
    flex: 1;
    min-height: 0;
    overflow-y: auto;
    padding: var(--_sc-gap);
  }
  .content,
  .page {
    display: flex;
    flex-direction: column;
    gap: var(--_sc-gap);
  }
  .page {
    /* Off screen, a page of messages skips layout and paint (one check per page, not per message);
       its last size is remembered. The padding keeps focus rings inside its paint containment. */
    content-visibility: auto;
    contain-intrinsic-size: auto none auto 60em;
    padding: 4px;
    margin: -4px;
  }
  /* A page away from the viewport in a long chat: empty, its height the page's own (set inline). */
  .page.placeholder {
    content-visibility: visible;
    box-sizing: border-box;
  }
  .scroller:focus-visible {
    outline: ${focusOutline};
    outline-offset: -2px;
  }
  .message {
    max-width: 100%;
    padding: var(--_sc-gap) calc(var(--_sc-gap) * 1.5);
    border-radius: var(--_sc-radius);
    overflow-wrap: anywhere;
  }
  .user {
    align-self: flex-end;
    max-width: 85%;
    background: var(--_sc-user-background);
    color: var(--_sc-user-foreground);
    white-space: pre-wrap;
  }
  /* A message (or an answer) with its actions: hovering or focusing any of it shows them. */
  .turn {
    display: flex;
    flex-direction: column;
    gap: var(--_sc-gap);
    min-width: 0;
  }
  /* One answer, one bubble: the hops' text, reasoning, tool cards and activities inside it. */
  .answer {
    align-self: stretch;
    display: flex;
    flex-direction: column;
    gap: var(--_sc-gap);
    min-width: 0;
    padding: var(--_sc-gap) calc(var(--_sc-gap) * 1.5);
    border-radius: var(--_sc-radius);
    background: var(--_sc-assistant-background);
    color: var(--_sc-foreground);
    overflow-wrap: anywhere;
  }
  .answer .message {
    padding: 0;
  }
  .assistant {
    align-self: stretch;
    color: var(--_sc-foreground);
  }
  .placeholder {
    align-self: flex-start;
  }
  .dots {
    display: flex;
    gap: 0.3em;
    padding-block: 0.45em;
  }
  .dots > span {
    width: 0.45em;
    height: 0.45em;
    border-radius: 50%;
    background: var(--_sc-muted);
    animation: dot 1.2s ease-in-out infinite;
  }
  .dots > span:nth-child(2) {
    animation-delay: 0.2s;
  }
  .dots > span:nth-child(3) {
    animation-delay: 0.4s;
  }
  @keyframes dot {
    0%,
    60%,
    100% {
      opacity: 0.3;
    }
    30% {
      opacity: 1;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .dots > span {
      animation: none;
      opacity: 0.6;
    }
  }
  .assistant > .text > :first-child {
    margin-block-start: 0;
  }
  .assistant > .text > :last-child {
    margin-block-end: 0;
  }
  pre {
    overflow: auto;
    padding: var(--_sc-gap);
    background: var(--_sc-code-background);
    border-radius: var(--_sc-radius);
  }
  code {
    font-family: var(--_sc-mono-font);
    font-size: 0.9em;
  }
  :not(pre) > code {
    background: var(--_sc-code-background);
    padding: 0.1em 0.3em;
    border-radius: 4px;
  }
  blockquote {
    margin-inline: 0;
    padding-inline-start: var(--_sc-gap);
    border-inline-start: 3px solid var(--_sc-border);
    color: var(--_sc-muted);
  }
  a {
    color: var(--_sc-link);
  }
  a:focus-visible {
    outline: 2px solid var(--_sc-accent);
  }
  `,
];
