/** An IndexedDB request as a promise. */
export function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

/** Resolves when the transaction has committed; rejects when it fails or aborts. */
export function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
}

/** An object store a database needs (`keyPath` for in-line keys). */
export interface StoreSpec {
  readonly name: string;
  readonly keyPath?: string;
}

/**
 * Opens (creating what is missing) a version-1 database with `stores`; undefined where IndexedDB is
 * unavailable, fails to open, or holds a database of that name without those stores (not ours).
 * When another tab upgrades or deletes it, the connection closes and `onLost` runs, so the caller
 * opens it again on its next use. `unavailable`: what a console warning says is lost when it fails.
 */
export function openDatabase(name: string, stores: readonly StoreSpec[], onLost: () => void, unavailable?: string): Promise<IDBDatabase | undefined> {
  return new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve(undefined);
    const opening = indexedDB.open(name, 1);
    opening.onupgradeneeded = () => {
      const db = opening.result;
      for (const store of stores) {
        if (!db.objectStoreNames.contains(store.name)) db.createObjectStore(store.name, store.keyPath ? { keyPath: store.keyPath } : undefined);
      }
    };
    opening.onsuccess = () => {
      const db = opening.result;
      if (stores.some((store) => !db.objectStoreNames.contains(store.name))) {
        db.close();
        return resolve(undefined);
      }
      db.onversionchange = () => {
        db.close();
        onLost();
      };
      resolve(db);
    };
    opening.onerror = () => {
      if (unavailable) console.warn(`[soliplex-chat] IndexedDB is not available: ${unavailable}`, opening.error);
      resolve(undefined);
    };
  });
}
