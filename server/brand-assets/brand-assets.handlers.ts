import { type Context, Hono } from 'hono';
import { assetIdSchema, assetLocaleSchema } from '../../api/contract/brand-assets.ts';
import type { Database } from '../db/client.ts';
import { baseAsset, findBrandByAssetId, localeAsset } from './brand-assets.service.ts';

/** Brand records change only when the seed runs at boot; a few minutes of caching is safe. */
const CACHE_CONTROL = 'public, max-age=300';

/**
 * GET /brand-assets/{assetId}/base.json and /brand-assets/{assetId}/{locale}.json (spec §7), made from
 * the brand records. Both path parts must match their contract patterns (letters, digits, one hyphen),
 * so nothing else ever reaches a lookup; anything unknown is a plain 404, like a missing file.
 */
export function brandAssetRoutes(db: Database) {
  return new Hono().get('/:assetId/:file', async (c) => {
    const assetId = assetIdSchema.safeParse(c.req.param('assetId'));
    const file = /^(.+)\.json$/.exec(c.req.param('file'))?.[1];
    if (!assetId.success || file === undefined) return notFound(c);
    const locale = file === 'base' ? undefined : assetLocaleSchema.safeParse(file);
    if (locale && !locale.success) return notFound(c);

    const brand = await findBrandByAssetId(db, assetId.data);
    const asset = brand && (locale ? localeAsset(brand, locale.data) : baseAsset(brand));
    if (!asset) return notFound(c);
    return c.json(asset, 200, { 'Cache-Control': CACHE_CONTROL });
  });
}

const notFound = (c: Context) => c.text('Not found', 404);
