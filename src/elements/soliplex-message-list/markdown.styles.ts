import { css } from 'lit';

/**
 * The Markdown in assistant messages: lists, strikethrough, images. A code block's styles come with its
 * own chunk (code-block.styles.ts), a table's with its renderer (markdown-table.styles.ts).
 */
export const markdownStyles = css`
  /* Lists: the same spacing for every item; a loose list's paragraphs add their own. */
  ul,
  ol {
    margin-block: 0.5em;
    padding-inline-start: 1.6em;
  }
  li + li {
    margin-block-start: 0.25em;
  }
  li > ul,
  li > ol {
    margin-block: 0.25em 0;
  }
  li > p {
    margin-block: 0.5em;
  }
  li > p:first-child {
    margin-block-start: 0;
  }
  li > p:last-child {
    margin-block-end: 0;
  }
  ol ol,
  ul ol {
    list-style-type: lower-alpha;
  }

  del {
    color: var(--_sc-muted);
  }
  img {
    max-width: 100%;
    height: auto;
    vertical-align: middle;
    border-radius: 4px;
  }
`;
