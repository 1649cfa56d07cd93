// The one byte-budget cache of the front-end servers (compressed replies, rendered pages): a
// least-recently-used map whose entries cost their key's length and their bytes. An entry larger
// than the whole budget is not kept (and one kept under its key is dropped).
import { LRUCache } from 'lru-cache';

export type ByteBudgetLru<V extends object> = LRUCache<string, V>;

export function byteBudgetLru<V extends object>(maxBytes: number, bytesOf: (value: V) => number): ByteBudgetLru<V> {
  return new LRUCache<string, V>({
    maxSize: maxBytes,
    // lru-cache wants a positive size: an empty body under an empty key still costs 1.
    sizeCalculation: (value, key) => Math.max(1, key.length + bytesOf(value)),
  });
}
