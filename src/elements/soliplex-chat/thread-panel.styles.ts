import { css } from 'lit';
import { focusOutline } from '../shared/shared-rules.styles.js';

/** The chat with `thread-list`: the list beside the messages, or a drawer over them when the chat is narrow. */
export const threadPanelStyles = css`
  .with-list {
    gap: var(--_sc-gap);
    container-type: inline-size;
  }
  .thread-panel {
    flex: 0 0 clamp(12rem, 32%, 18rem);
    box-sizing: border-box;
    border: 1px solid var(--_sc-border);
    border-radius: var(--_sc-radius);
  }
  /* Wide: the list shows with its own New chat, so the header keeps only a title and room buttons (or goes). */
  .threads-toggle,
  .with-list .header .new-chat,
  .with-list .header:not(.has-content) {
    display: none;
  }
  /* Narrow: the list is a drawer, opened by the header's first button; the header's New chat is back. */
  @container (max-width: 36rem) {
    .with-list .header:not(.has-content) {
      display: flex;
    }
    .with-list .header .new-chat {
      display: inline-block;
    }
    .threads-toggle {
      display: inline-block;
      flex: none;
      padding: 0.2em 0.7em;
      font: inherit;
      font-size: 0.85em;
      color: var(--_sc-foreground);
      background: var(--_sc-surface);
      border: 1px solid var(--_sc-border);
      border-radius: var(--_sc-radius);
      cursor: pointer;
    }
    .threads-toggle:focus-visible {
      outline: ${focusOutline};
      outline-offset: 2px;
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
    /* Right to left: the drawer comes from the inline start, the right. */
    .thread-panel:dir(rtl) {
      transform: translateX(100%);
    }
    .thread-panel.open,
    .thread-panel.open:dir(rtl) {
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
