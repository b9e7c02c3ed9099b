import { css } from 'lit';

/**
 * A GFM table (markdown-table-render.ts), added to the shadow root it lands in (adopt-styles.ts): they
 * load with the first table, not with the message list.
 */
export const tableStyles = css`
  /* Tables: a wide one scrolls sideways inside the message. */
  .table {
    max-width: 100%;
    overflow-x: auto;
    margin-block: 0.75em;
  }
  table {
    border-collapse: collapse;
    font-size: 0.95em;
  }
  th,
  td {
    padding: 0.3em 0.7em;
    border: 1px solid var(--_sc-border);
    text-align: start;
    vertical-align: top;
  }
  th {
    background: var(--_sc-code-background);
    font-weight: 600;
  }
  [data-align='center'] {
    text-align: center;
  }
  [data-align='right'] {
    text-align: end;
  }
`;
