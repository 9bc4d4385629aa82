const ENTITIES: Record<string, string> = {
  '&quot;': '"',
  '&#39;': "'",
  '&lt;': '<',
  '&gt;': '>',
  '&amp;': '&',
};

/** The text of the element with this id in a server-rendered page, unescaped as a browser would. */
export const textOf = (page: string, id: string): string | undefined =>
  new RegExp(`id="${id}"[^>]*>([\\s\\S]*?)</`)
    .exec(page)?.[1]
    ?.replace(/&quot;|&#39;|&lt;|&gt;|&amp;/g, (entity) => ENTITIES[entity] ?? entity);
