/**
 * Where the chat's sign-in keeps its state in the tab's `sessionStorage` (see
 * `SoliplexSignInController`). Apart from the controller so the room can tell, without loading the
 * sign-in's code, that a page has a session to restore or a login return to finish.
 */
export const KEY_PREFIX = 'soliplex-chat:sign-in:';
/** Set just before the login redirect (no token in it): which server and provider the return is for. */
export const PENDING_KEY = 'soliplex-chat:sign-in-pending';

/** `sessionStorage`, or undefined where the page blocks it. */
export function signInStorage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined; // blocked storage: memory only
  }
}

/** A login return to finish, or a session kept for `server`, in this tab. */
export const hasSignInState = (server: string): boolean => {
  try {
    const storage = signInStorage();
    return !!(storage?.getItem(PENDING_KEY) || storage?.getItem(KEY_PREFIX + server));
  } catch {
    return false;
  }
};
