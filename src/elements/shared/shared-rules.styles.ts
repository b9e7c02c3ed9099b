import { css, unsafeCSS } from 'lit';

/**
 * Rules and values several elements share, written once. Each shadow root needs its own copy of a
 * rule, but the source and the bundle hold one. A value is a plain string (`unsafeCSS`): the build's
 * CSS minifier reads only whole rules, and lit-analyzer checks a rule with a value placeholder.
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

/** The focus ring of every control: `outline: ${focusOutline}` in its `:focus-visible` rule, with the offset that suits it. */
export const focusOutline = unsafeCSS('2px solid var(--_sc-accent)');
