import { css, unsafeCSS } from 'lit';

/**
 * Rules and declarations several elements share, written once. Each shadow root needs its own copy
 * of a rule, but the source and the bundle hold one. The declaration fragments are plain strings,
 * minified by hand: the build's CSS minifier only reads whole rules.
 */

/** `.visually-hidden`: out of sight, still read by screen readers (clip-path rather than the deprecated clip). */
export const visuallyHiddenStyles = css`
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
  }
`;

/** The focus ring of every control (inside a `:focus-visible` rule); the rule may follow it with its own `outline-offset`. */
export const focusRing = unsafeCSS('outline:2px solid var(--_sc-accent);outline-offset:2px;');
