import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandAssetBaseSchema, brandAssetLocaleSchema } from '../../api/contract/brand-assets.ts';
import { createTestServer, type TestServer } from '../testing/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const get = (path: string) => server.app.request(path);

describe('GET /brand-assets/{assetId}/base.json', () => {
  it('answers what does not depend on the language', async () => {
    const response = await get('/brand-assets/1210/base.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(brandAssetBaseSchema.parse(await response.json())).toEqual({
      assetId: '1210',
      brandId: '1210',
      launchYear: 2009,
      customerSupportNumber: '+18885550100',
      supportEmailAddress: 'support@orvalle.example.com',
    });
  });

  it('gives the UK brand its freephone number', async () => {
    const base = brandAssetBaseSchema.parse(await (await get('/brand-assets/7710/base.json')).json());
    expect(base).toMatchObject({ brandId: '7710', customerSupportNumber: '+448081570771' });
  });
});

describe('GET /brand-assets/{assetId}/{locale}.json', () => {
  it('answers names, legal lines and page links for a supported locale', async () => {
    const response = await get('/brand-assets/7710/en-US.json');
    expect(response.status).toBe(200);
    expect(brandAssetLocaleSchema.parse(await response.json())).toEqual({
      locale: 'en-US',
      displayName: 'Brackenby Voice',
      shortDisplayName: 'Brackenby',
      copyright: 'Brackenby Voice Ltd',
      notificationTradeMark: 'Brackenby Voice and the Brackenby logo are trademarks of Brackenby Voice Ltd.',
      legalInfoPage: 'https://brackenby.example.com/en-US/legal',
      privacyPolicyPage: 'https://brackenby.example.com/en-US/privacy',
      termsOfServicePage: 'https://brackenby.example.com/en-US/terms',
      feedbackPage: 'https://brackenby.example.com/en-US/feedback',
      callSupportPage: 'https://brackenby.example.com/en-US/support/call',
      rcSupportRootPage: 'https://brackenby.example.com/en-US/support',
    });
  });

  it('serves the pseudo-locales for every brand (a page may show in them whatever the brand lists)', async () => {
    const pseudo = await get('/brand-assets/1210/en-ZZ.json');
    expect(brandAssetLocaleSchema.parse(await pseudo.json())).toMatchObject({
      locale: 'en-ZZ',
      displayName: 'Orvalle Connect',
      copyright: 'Orvalle Connect, Inc.',
      legalInfoPage: 'https://orvalle.example.com/en-ZZ/legal',
    });
    expect((await get('/brand-assets/7710/en-XB.json')).status).toBe(404);
    expect((await get('/brand-assets/7710/rc-XX.json')).status).toBe(200);
  });

  it('has both files for every brand', async () => {
    for (const assetId of ['0', '2010', '3710', '5010', '7310']) {
      expect((await get(`/brand-assets/${assetId}/base.json`)).status).toBe(200);
      expect((await get(`/brand-assets/${assetId}/en-US.json`)).status).toBe(200);
    }
  });

  it.each([
    ['a locale the brand does not offer', '/brand-assets/7710/fr-FR.json'],
    ['an unknown asset id', '/brand-assets/9999/base.json'],
    ['the API spelling of a locale', '/brand-assets/1210/en_US.json'],
    ['a file that is not JSON', '/brand-assets/1210/base.txt'],
    ['a bare folder', '/brand-assets/1210'],
    ['an encoded traversal in the file', '/brand-assets/1210/..%2F..%2Fpackage.json'],
    ['an encoded traversal in the asset id', '/brand-assets/..%2F..%2Fserver/base.json'],
    ['a dot segment', '/brand-assets/1210/%2E%2E/base.json'],
    ['a null byte', '/brand-assets/1210%00/base.json'],
    ['an overlong asset id', `/brand-assets/${'1'.repeat(33)}/base.json`],
    ['markup', '/brand-assets/%3Cscript%3E/base.json'],
  ])('answers 404 for %s', async (_, path) => {
    const response = await get(path);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('Not found');
  });
});
