import { Hono } from 'hono';
import { numberParseBody } from '../../api/contract/number.ts';
import { findBrand } from '../config/config.service.ts';
import type { Database } from '../db/client.ts';
import { ok } from '../http/reply.ts';
import { postInput } from '../http/validate.ts';
import { parseNumbers } from './number.service.ts';

/** POST /api/number/parse (spec §7): the SPA formats support numbers with it. */
export function numberRoutes(db: Database) {
  return new Hono().post('/number/parse', async (c) => {
    const body = await postInput(c, numberParseBody);
    return ok(c, parseNumbers(await findBrand(db, body.brandId), body));
  });
}
