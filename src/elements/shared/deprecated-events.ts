import { warnDeprecated } from './deprecation.js';

/** The page events that go in the next minor version, each with the event that replaces it. */
export const deprecatedEvents: Readonly<Record<string, string>> = {
  'soliplex-exchange-request': 'soliplex-run-started',
  'soliplex-exchange-response': 'soliplex-run-finished',
};

/** Says once per page, the first time it happens, that the page uses a deprecated event. */
export function warnDeprecatedEvent(type: string): void {
  const replacement = deprecatedEvents[type];
  if (replacement) warnDeprecated(type, replacement);
}

/**
 * Makes an element's `addEventListener` warn (once) when a listener for a deprecated event is added
 * to it: frameworks listen that way (Vue's `@name`, Angular's `(name)`, Lit's `@name`, React 19's
 * `onname`, `@lit/react`'s event props). The element's type is left as it is, so its typed
 * `addEventListener` overloads stay. The inherited method is looked up at each call, so a later
 * patch of `EventTarget.prototype` (zone.js) still runs.
 */
export function warnOnDeprecatedListeners(element: { readonly prototype: EventTarget }): void {
  const inherited = Object.getPrototypeOf(element.prototype) as EventTarget;
  Object.defineProperty(element.prototype, 'addEventListener', {
    configurable: true,
    writable: true,
    value: function addEventListener(this: EventTarget, ...args: Parameters<EventTarget['addEventListener']>): void {
      if (args[1]) warnDeprecatedEvent(args[0]);
      inherited.addEventListener.apply(this, args);
    },
  });
}
