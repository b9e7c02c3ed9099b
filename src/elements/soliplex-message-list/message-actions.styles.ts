import { css } from 'lit';
import { focusOutline } from '../shared/shared-rules.styles.js';

/** Message actions (and the inline editor's buttons), the streaming caret and "Jump to latest". */
export const messageActionsStyles = css`
  :host {
    position: relative;
  }
  .actions {
    display: flex;
    gap: calc(var(--_sc-gap) / 2);
    margin-block-start: calc(var(--_sc-gap) * -0.5);
    font-size: 0.85em;
  }
  .actions.from-user {
    align-self: flex-end;
  }
  /*
   * Quiet actions: where there is a hover, a message's actions (and an answer's feedback) show while
   * it is hovered or anything in it has focus, and always on the last answer. Faded, not removed: a
   * keyboard user tabs onto them (and focus shows them). Touch screens (hover: none) always show them.
   * No fade: half-faded actions would be unreadable text for a moment (and for an accessibility check).
   */
  @media (hover: hover) {
    .turn:not(.last, :hover, :focus-within) > .actions,
    .turn:not(.last, :hover, :focus-within) > soliplex-answer-extras::part(feedback) {
      opacity: 0;
    }
  }
  .actions button,
  .editor button {
    font: inherit;
    color: var(--_sc-muted);
    background: transparent;
    border: 1px solid transparent;
    border-radius: var(--_sc-radius);
    padding: 0.15em 0.5em;
    cursor: pointer;
  }
  .actions button:hover {
    color: var(--_sc-foreground);
    border-color: var(--_sc-border);
  }
  .actions button:disabled {
    cursor: default;
    opacity: 0.45;
    border-color: transparent;
  }
  .actions button:focus-visible,
  .jump:focus-visible {
    outline: ${focusOutline};
    outline-offset: 1px;
  }
  /* The caret after the last block (every child of .text is a block: a paragraph, a list, a table, a code block…). */
  .writing > .text > :last-child::after {
    content: '▍';
    margin-inline-start: 0.1em;
    animation: caret 1s steps(1) infinite;
  }
  @keyframes caret {
    50% {
      opacity: 0;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .writing > .text > :last-child::after {
      animation: none;
    }
  }
  .jump {
    position: absolute;
    inset-block-end: var(--_sc-gap);
    /* Centred whichever the direction. */
    inset-inline: 0;
    margin-inline: auto;
    width: max-content;
    font: inherit;
    font-size: 0.9em;
    color: var(--_sc-on-accent);
    background: var(--_sc-accent);
    border: 0;
    border-radius: 999px;
    padding: 0.3em 0.9em;
    box-shadow: 0 2px 6px rgb(0 0 0 / 0.25);
    cursor: pointer;
  }
`;
