// Rollup plugin (CDN build): `EventType.TEXT_MESSAGE_CONTENT` in our own modules becomes the string
// "TEXT_MESSAGE_CONTENT", which is what the enum member is (AG-UI's EventType is a string enum whose
// values equal their names). The enum object itself (1.2 KB minified, in every chat) is then unused
// and tree-shaken. TypeScript cannot do it under isolatedModules (const enums do not cross files).
import MagicString from 'magic-string';
import { EventType } from '@ag-ui/core';

const MEMBER = /\bEventType\.([A-Z_]+)\b/g;

export function inlineEventTypes() {
  return {
    name: 'inline-event-types',
    transform(code, id) {
      if (id.includes('node_modules') || !/[\\/]src[\\/]/.test(id) || !code.includes('EventType.')) return null;
      const out = new MagicString(code);
      for (const match of code.matchAll(MEMBER)) {
        const name = match[1];
        // Only a real member: a misspelt one must stay, so the build's checks still see it.
        if (EventType[name] !== name) throw new Error(`inline-event-types: EventType.${name} in ${id} is not a member whose value is its name`);
        out.overwrite(match.index, match.index + match[0].length, JSON.stringify(name));
      }
      return { code: out.toString(), map: out.generateMap({ hires: true }) };
    },
  };
}
