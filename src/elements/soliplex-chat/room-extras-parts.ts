/**
 * How `RoomExtras` makes its parts once the server has them: the sign-in controller (the server lists
 * identity providers, or the tab holds a session) and the documents picker's (the room lists
 * documents), and their view. Loaded with either part's code, never by a room that has neither.
 */
import type { ReactiveControllerHost } from 'lit';
import type * as SignIn from '../../controllers/soliplex-sign-in-controller.js';
import type * as Documents from '../../controllers/soliplex-documents-controller.js';
import { SoliplexSignInChangeEvent } from '../../events.js';
import type { RoomExtrasConfig } from './room-extras.js';

export { RoomExtrasView } from './room-extras-view.js';

/** A value given to the part once: the answer to the question the room already asked (`GET /api/login`, `…/documents`). */
function once<T>(matches: (...asked: string[]) => boolean, answer: T): (...asked: string[]) => Promise<T> | undefined {
  let used = false;
  return (...asked) => {
    const listed = !used && matches(...asked) ? Promise.resolve(answer) : undefined;
    used = true;
    return listed;
  };
}

/** Sign-in for the chat's server; `server` was asked `GET /api/login` and answered `answer` (none when a kept session made the room load it). */
export function makeSignIn({ SoliplexSignInController }: typeof SignIn, host: ReactiveControllerHost, config: RoomExtrasConfig, server?: string, answer?: unknown): SignIn.SoliplexSignInController {
  return new SoliplexSignInController(host, {
    serverUrl: () => (config.page().noSignIn ? '' : config.serverUrl()),
    pageToken: () => config.page().token,
    storage: () => config.page().storage,
    onError: config.onError,
    onChange: (signedIn, serverUrl) => config.dispatch(new SoliplexSignInChangeEvent(signedIn, serverUrl)),
    listed: once((asked) => !!server && asked === server, answer),
  });
}

/** The documents picker for the chat's room; `roomId` (`[server, room]`) was asked `GET …/documents` and answered `answer`. */
export function makeDocuments({ SoliplexDocumentsController }: typeof Documents, host: ReactiveControllerHost, config: RoomExtrasConfig, roomId: string, answer: unknown): Documents.SoliplexDocumentsController {
  return new SoliplexDocumentsController(host, {
    engine: config.engine,
    serverUrl: () => (config.page().noDocuments ? '' : config.serverUrl()),
    room: config.room,
    thread: config.thread,
    token: config.token,
    initiator: config.initiator,
    listed: once((s, r) => JSON.stringify([s, r]) === roomId, answer),
  });
}
