// "show a2ui": an A2UI v0.9 surface exactly as @ag-ui/a2ui-middleware streams one: an `a2ui-surface`
// activity whose id is `a2ui-surface-<call>`, first `{status: "building"}`, then replaced by
// `{a2ui_operations: [createSurface, updateComponents, updateDataModel]}` (the basic catalog's id as the
// middleware gives it). A person's action comes back as the middleware expects it, a new run with
// `forwardedProps.a2uiAction.userAction` ({name, surfaceId, sourceComponentId, context, timestamp});
// the answer repaints the surface (same activity id) with what was chosen and says so in text.
import { EventType } from '@ag-ui/core';

const CATALOG = 'https://a2ui.org/specification/v0_9/basic_catalog.json';

/** The booking card's components; `status` is the line under the title. */
function components(/** @type {string} */ status) {
  return [
    { id: 'root', component: 'Card', child: 'col' },
    { id: 'col', component: 'Column', children: ['title', 'status', 'name', 'guests', 'terrace', 'buttons'] },
    { id: 'title', component: 'Text', text: 'Book a table at Lindy’s', variant: 'h3' },
    { id: 'status', component: 'Text', text: status, variant: 'caption' },
    { id: 'name', component: 'TextField', label: 'Name', value: { path: '/form/name' } },
    { id: 'guests', component: 'Slider', label: 'Guests', value: { path: '/form/guests' }, min: 1, max: 8 },
    { id: 'terrace', component: 'CheckBox', label: 'Terrace', value: { path: '/form/terrace' } },
    { id: 'buttons', component: 'Row', children: ['book', 'cancel'], justify: 'end' },
    {
      id: 'book',
      component: 'Button',
      child: 'book-label',
      variant: 'primary',
      action: { event: { name: 'book_table', context: { name: { path: '/form/name' }, guests: { path: '/form/guests' }, terrace: { path: '/form/terrace' } } } },
    },
    { id: 'book-label', component: 'Text', text: 'Book' },
    { id: 'cancel', component: 'Button', child: 'cancel-label', action: { event: { name: 'cancel_booking', context: {} } } },
    { id: 'cancel-label', component: 'Text', text: 'Cancel' },
  ];
}

function surface(/** @type {string} */ surfaceId, /** @type {string} */ status, /** @type {object} */ form) {
  return {
    a2ui_operations: [
      { version: 'v0.9', createSurface: { surfaceId, catalogId: CATALOG } },
      { version: 'v0.9', updateComponents: { surfaceId, components: components(status) } },
      { version: 'v0.9', updateDataModel: { surfaceId, path: '/', value: { form } } },
    ],
  };
}

/** The run's events between RUN_STARTED and RUN_FINISHED. */
export function a2uiSurfaceSteps(/** @type {{ id: (n: string) => string, say: Function, pause: object }} */ { id, say, pause }) {
  const call = id('render');
  const messageId = `a2ui-surface-${call}`;
  // The surface id carries the activity's, so the action's run can repaint the same activity.
  const surfaceId = `booking~${call}`;
  return [
    ...say(id('intro'), 'Here is a booking form.'),
    { type: EventType.ACTIVITY_SNAPSHOT, messageId, activityType: 'a2ui-surface', content: { status: 'building' }, replace: true },
    pause,
    { type: EventType.ACTIVITY_SNAPSHOT, messageId, activityType: 'a2ui-surface', content: surface(surfaceId, 'Friday, 19:30', { name: '', guests: 2, terrace: false }), replace: true },
  ];
}

/** The answer to a person's action on the booking surface. */
export function a2uiActionSteps(/** @type {any} */ action, /** @type {{ id: (n: string) => string, say: Function }} */ { id, say }) {
  const context = action.context && typeof action.context === 'object' ? action.context : {};
  const surfaceId = typeof action.surfaceId === 'string' ? action.surfaceId : '';
  const call = surfaceId.startsWith('booking~') ? surfaceId.slice('booking~'.length) : '';
  const booked = action.name === 'book_table';
  const text = booked
    ? `Booked a table for ${Number(context.guests) || 1} under “${String(context.name ?? '') || 'no name'}”${context.terrace ? ' on the terrace' : ''}.`
    : action.name === 'cancel_booking'
      ? 'Cancelled: no table booked.'
      : `You did “${String(action.name)}”.`;
  const repaint = call
    ? [{
        type: EventType.ACTIVITY_SNAPSHOT,
        messageId: `a2ui-surface-${call}`,
        activityType: 'a2ui-surface',
        content: surface(surfaceId, booked ? 'Booked ✓' : 'Cancelled', { name: String(context.name ?? ''), guests: Number(context.guests) || 2, terrace: !!context.terrace }),
        replace: true,
      }]
    : [];
  return [...repaint, ...say(id('answer'), text)];
}
