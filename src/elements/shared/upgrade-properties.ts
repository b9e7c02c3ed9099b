/**
 * A page may set properties on a custom element before its definition loads; those values sit on
 * the instance and hide the class's accessors. Called in the constructor, this moves them onto the
 * accessors. (Lit does the same for its reactive properties; plain accessors need it by hand.)
 */
export function adoptPreUpgradeProperties<T extends object>(element: T, names: readonly (keyof T)[]): void {
  for (const name of names) {
    if (Object.prototype.hasOwnProperty.call(element, name)) {
      const value = element[name];
      delete element[name];
      element[name] = value;
    }
  }
}
