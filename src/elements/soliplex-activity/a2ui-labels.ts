/**
 * `@a2ui/lit` 0.11 (its basic catalog in `@a2ui/web_core`) draws a TextField's `label` as a `<label>`
 * beside its `<input>`, and a Slider's as a `<span>`, tied to nothing: the field has no accessible name
 * (axe: "Form elements must have labels"). Until the library ties them, a field without a name takes
 * the text of the label its component drew.
 */
export function nameUnlabelledFields(root: ParentNode): void {
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('input, select, textarea')) {
    if (field.type === 'hidden' || field.labels?.length || field.hasAttribute('aria-labelledby')) continue;
    const label = componentLabel(field);
    if (label && field.getAttribute('aria-label') !== label) field.setAttribute('aria-label', label);
  }
}

/** The text of the label the field's component (the element the catalog defines) drew: a `<label>`, or a Slider's `.a2ui-slider-label`. */
function componentLabel(field: Element): string | undefined {
  let component = field.parentElement;
  while (component && !component.localName.includes('-')) component = component.parentElement;
  const label = component?.querySelector('label, .a2ui-slider-label');
  return label?.textContent?.trim() || undefined;
}

/** Keeps the fields of a surface (drawn in `root`, re-rendered at will by the library) named. */
export function keepFieldsNamed(root: ShadowRoot): MutationObserver {
  nameUnlabelledFields(root);
  const observer = new MutationObserver(() => nameUnlabelledFields(root));
  observer.observe(root, { childList: true, subtree: true, characterData: true });
  return observer;
}
