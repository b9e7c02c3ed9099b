// The approval card's internal events, apart from the card: the message list sends one without
// loading the card, which loads with the first call that awaits approval.

/**
 * Internal: an approval card appeared. The chat decides whether focus moves to it (it does when
 * focus was in the chat or nowhere), so a page's own focus is never stolen.
 */
export class SoliplexApprovalShownEvent extends Event {
  static readonly eventName = 'soliplex-approval-shown';
  constructor() {
    super(SoliplexApprovalShownEvent.eventName, { bubbles: true, composed: true });
  }
}

/** Internal: the user approved or denied; the chat gives focus back to the composer. */
export class SoliplexApprovalDecidedEvent extends Event {
  static readonly eventName = 'soliplex-approval-decided';
  constructor(
    readonly callId: string,
    readonly approved: boolean,
  ) {
    super(SoliplexApprovalDecidedEvent.eventName, { bubbles: true, composed: true });
  }
}
