/**
 * `soliplex-chat/a2ui`: draws `a2ui-surface` activities with the official Lit renderer. Opt-in on npm
 * (install `@a2ui/lit` and `@a2ui/web_core`, then import this module once); the CDN build includes it.
 * The renderer's code loads with the first surface.
 */
import { provideA2uiRenderer } from './elements/soliplex-activity/a2ui-registration.js';

provideA2uiRenderer(() => import('./elements/soliplex-activity/a2ui-activity.js'));
