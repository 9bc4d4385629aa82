/**
 * A table's own entry for a key that came from outside (an address, a reply, a brand config):
 * `table[key]` would also find 'constructor' or '__proto__' on the object's prototype.
 */
export function ownEntry<V>(table: Readonly<Record<string, V>>, key: string | number): V | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}
