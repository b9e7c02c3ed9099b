import { css } from 'lit';

/** The status line an activity shows before it can draw (loading, or why it cannot). */
export const activityStatusStyles = css`
  .status {
    margin: 0;
    color: var(--_sc-muted);
  }
  .status.failed {
    color: var(--_sc-danger);
  }
`;
