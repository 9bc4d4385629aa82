import type { Context } from 'hono';

/** The success envelope of spec §7: `{ status: { success, code, errorParameters }, data }`. */
export function ok<T>(c: Context, data: T) {
  return c.json({ status: { success: true, code: 0, errorParameters: {} }, data });
}
