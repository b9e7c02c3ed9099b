/** How many items a page holds at most (pages that grew from the older end may hold fewer). */
export const PAGE_SIZE = 25;

type Item = { readonly id: string };

/** A run of consecutive items, rendered (and skipped by layout while off screen) together. */
export interface MessagePage<T extends Item> {
  /** Its first item's id: the page keeps it as long as that item starts it. */
  readonly id: string;
  readonly items: readonly T[];
}

/**
 * Cuts a list into pages of up to PAGE_SIZE items whose boundaries stay put from one call to the
 * next: a page starts where one started before (remembered by its first item's id), or where the
 * previous page is full. So a token streaming into the last page, new messages at the end, and older
 * ones appearing at the start (idle chunks, a history loading) leave the other pages as they were:
 * their guards skip them, and the browser checks one box per page, not one per message, for whether
 * it is near the viewport (`content-visibility: auto`).
 */
export class MessagePages {
  #starts = new Set<string>();

  paginate<T extends Item>(items: readonly T[]): MessagePage<T>[] {
    const pages: { id: string; items: T[] }[] = [];
    let page: { id: string; items: T[] } | undefined;
    for (const item of items) {
      if (!page || page.items.length >= PAGE_SIZE || this.#starts.has(item.id)) pages.push((page = { id: item.id, items: [] }));
      page.items.push(item);
    }
    this.#starts = new Set(pages.map((p) => p.id));
    return pages;
  }
}
