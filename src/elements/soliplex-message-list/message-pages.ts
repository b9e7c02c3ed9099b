/** When twice this many items (or more) arrive at once (a history, a thread switch), the latest FIRST_WINDOW render first (progressive-render-controller.ts). */
export const FIRST_WINDOW = 40;
/** How many items a page holds at most (pages that grew from the older end may hold fewer). */
export const PAGE_SIZE = 25;
/**
 * Chats of this many items (user messages and answers) or fewer render every page, as they always did
 * (find-in-page sees every message); longer ones render a window of pages (message-window-controller.ts).
 */
export const WINDOW_MIN_ITEMS = 100;

/** A run of consecutive items, rendered (and skipped by layout while off screen) together; its id is its first item's. */
export interface MessagePage<T extends { readonly id: string }> {
  readonly id: string;
  readonly items: T[];
}

/**
 * Returns a function that cuts a list into pages of up to PAGE_SIZE items whose boundaries stay put
 * from one call to the next: a page starts where one started before (remembered by its first item's
 * id), or where the previous page is full. So a token streaming into the last page, new messages at
 * the end, and older ones appearing at the start (idle chunks, a history loading) leave the other
 * pages as they were: their guards skip them, and the browser checks one box per page, not one per
 * message, for whether it is near the viewport (`content-visibility: auto`).
 */
export function messagePages(): <T extends { readonly id: string }>(items: readonly T[]) => MessagePage<T>[] {
  let starts = new Set<string>();
  // The last call's items and pages: the pages before the first changed item are kept (per streamed
  // token in a long chat, only the last page is cut again).
  let last: { items: readonly { readonly id: string }[]; pages: MessagePage<{ readonly id: string }>[] } = { items: [], pages: [] };
  return <T extends { readonly id: string }>(items: readonly T[]) => {
    let same = 0;
    const before = last.items;
    while (same < items.length && same < before.length && items[same] === before[same]) same++;
    // A page is kept when the item after it is unchanged too (that item decided where the page ends).
    const pages: MessagePage<T>[] = [];
    let from = 0;
    for (const page of last.pages as MessagePage<T>[]) {
      if (from + page.items.length >= same) break;
      pages.push(page);
      from += page.items.length;
    }
    let page: MessagePage<T> | undefined;
    for (let i = from; i < items.length; i++) {
      const item = items[i]!;
      if (!page || page.items.length >= PAGE_SIZE || starts.has(item.id)) pages.push((page = { id: item.id, items: [] }));
      page.items.push(item);
    }
    starts = new Set(pages.map((p) => p.id));
    last = { items, pages };
    return pages;
  };
}
