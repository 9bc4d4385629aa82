/** A binary heap whose top is the item that comes `before` every other. */
export class MaxHeap<T> {
  private readonly items: T[] = [];
  private readonly before: (a: T, b: T) => boolean;

  constructor(items: Iterable<T>, before: (a: T, b: T) => boolean) {
    this.before = before;
    for (const item of items) this.push(item);
  }

  get size() {
    return this.items.length;
  }

  peek(): T | undefined {
    return this.items[0];
  }

  push(item: T) {
    const { items } = this;
    let at = items.push(item) - 1;
    while (at > 0) {
      const parent = (at - 1) >> 1;
      const above = items[parent] as T;
      if (!this.before(item, above)) break;
      items[at] = above;
      at = parent;
    }
    items[at] = item;
  }

  pop(): T | undefined {
    const { items } = this;
    const top = items[0];
    const last = items.pop();
    if (items.length === 0 || last === undefined) return top;
    let at = 0;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= items.length) break;
      if (child + 1 < items.length && this.before(items[child + 1] as T, items[child] as T)) child++;
      const below = items[child] as T;
      if (!this.before(below, last)) break;
      items[at] = below;
      at = child;
    }
    items[at] = last;
    return top;
  }
}
