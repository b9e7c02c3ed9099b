const warned = new Set<string>();

/**
 * Says once per page that an old public name was used, and what replaces it. Old names (issue 22's
 * renames) keep working for one minor version; this is their only cost to the page.
 */
export function warnDeprecated(oldName: string, newName: string): void {
  if (warned.has(oldName)) return;
  warned.add(oldName);
  console.warn(`[soliplex-chat] "${oldName}" is deprecated and goes in the next minor version: use "${newName}".`);
}
