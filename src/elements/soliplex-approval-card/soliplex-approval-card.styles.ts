import { css } from 'lit';
import { focusOutline } from '../shared/shared-rules.styles.js';
import { askingCardStyles } from '../shared/card.styles.js';

export const approvalCardStyles = [
  askingCardStyles,
  css`
    .card:focus {
      outline: ${focusOutline};
      outline-offset: 2px;
    }
    p {
      margin: 0 0 var(--_sc-gap);
      font-weight: 600;
    }
    .approve,
    .deny {
      white-space: nowrap;
    }
    .approve {
      background: var(--_sc-accent);
      border-color: var(--_sc-accent);
      color: var(--_sc-on-accent);
    }
  `,
];
