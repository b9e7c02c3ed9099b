import { css } from 'lit';

/** The chat with `thread-list`: the list beside the messages, or a drawer over them when the chat is narrow. */
export const threadPanelStyles = css`
  :host([thread-list]) {
    display: flex;
    gap: var(--_sc-gap);
    container-type: inline-size;
  }
  :host([thread-list]) .root {
    flex: 1;
    min-width: 0;
  }
  .thread-panel {
    flex: 0 0 clamp(12rem, 32%, 18rem);
    box-sizing: border-box;
    border: 1px solid var(--_sc-border);
    border-radius: var(--_sc-radius);
  }
  .threads-toggle {
    display: none;
  }
  @container (max-width: 36rem) {
    .threads-toggle {
      display: block;
      position: absolute;
      inset-block-start: calc(var(--_sc-gap) / 2);
      inset-inline-end: calc(var(--_sc-gap) / 2);
      z-index: 2;
      padding: 2px 8px;
      font: inherit;
      font-size: 0.85em;
      color: var(--_sc-foreground);
      background: var(--_sc-surface);
      border: 1px solid var(--_sc-border);
      border-radius: var(--_sc-radius);
      cursor: pointer;
    }
    .thread-panel {
      position: absolute;
      inset-block: 0;
      inset-inline-start: 0;
      z-index: 3;
      width: min(85%, 20rem);
      box-shadow: 0 4px 24px rgb(0 0 0 / 0.25);
      visibility: hidden;
      transform: translateX(-100%);
      transition: transform 0.15s ease, visibility 0s linear 0.15s;
    }
    .thread-panel.open {
      visibility: visible;
      transform: none;
      transition: transform 0.15s ease;
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .thread-panel,
    .thread-panel.open {
      transition: none;
    }
  }
`;
