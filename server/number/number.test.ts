import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { numberParseReply } from '../../api/contract/number.ts';
import { createTestServer, expectFailure, postJson, type TestServer } from '../testing/harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const parse = (body: Record<string, unknown>) => postJson(server.app, '/api/number/parse', body);
async function phoneNumbers(body: Record<string, unknown>) {
  const response = await parse(body);
  expect(response.status).toBe(200);
  return numberParseReply.parse(await response.json()).data.phoneNumbers;
}

describe('POST /api/number/parse', () => {
  it('returns the parts of each support number, in request order', async () => {
    const numbers = ['+18885550100', '+448081570771', '+611800160401', '+16135550173'];
    expect(await phoneNumbers({ numbers, brandId: '7310' })).toEqual([
      {
        originalString: '+18885550100',
        parsed: true,
        isValid: true,
        e164: '+18885550100',
        countryCallingCode: '1',
        countryIsoCode: 'US',
        formattedNational: '(888) 555-0100',
        formattedInternational: '+1 888 555 0100',
      },
      expect.objectContaining({ countryIsoCode: 'GB', formattedNational: '0808 157 0771' }),
      expect.objectContaining({ countryIsoCode: 'AU', formattedInternational: '+61 1800 160 401' }),
      expect.objectContaining({ countryIsoCode: 'CA', formattedNational: '(613) 555-0173' }),
    ]);
  });

  it("reads a national number in countryIsoCode, else in the brand's country", async () => {
    const [uk] = await phoneNumbers({ numbers: ['020 7946 0142'], countryIsoCode: 'GB' });
    expect(uk).toMatchObject({ e164: '+442079460142', formattedInternational: '+44 20 7946 0142' });
    const [brandUk] = await phoneNumbers({ numbers: ['020 7946 0142'], brandId: '7710' });
    expect(brandUk).toMatchObject({ e164: '+442079460142' });
    const [defaultUs] = await phoneNumbers({ numbers: ['(650) 555-0100'] });
    expect(defaultUs).toMatchObject({ e164: '+16505550100', countryIsoCode: 'US' });
  });

  it('lets nationalAsPriority decide between two valid readings of the same digits', async () => {
    // 321 234 5678 is a Florida number; +32 12 34 56 78 is a Belgian one.
    const national = await phoneNumbers({ numbers: ['3212345678'], countryIsoCode: 'US' });
    expect(national[0]).toMatchObject({ e164: '+13212345678', countryIsoCode: 'US' });
    const international = await phoneNumbers({
      numbers: ['3212345678'],
      countryIsoCode: 'US',
      nationalAsPriority: false,
    });
    expect(international[0]).toMatchObject({ e164: '+3212345678', countryIsoCode: 'BE' });
  });

  it('answers per number: unreadable text does not fail the others', async () => {
    expect(await phoneNumbers({ numbers: ['call us', '12', '+18885550100'] })).toEqual([
      { originalString: 'call us', parsed: false },
      expect.objectContaining({ originalString: '12', parsed: true, isValid: false }),
      expect.objectContaining({ parsed: true, isValid: true }),
    ]);
  });

  it.each([
    ['no numbers', { numbers: [] }, /^numbers: Too small/],
    ['a missing list', {}, /^numbers: /],
    ['an empty number', { numbers: [' '] }, /^numbers\.0: Too small/],
    ['an overlong number', { numbers: ['1'.repeat(65)] }, /^numbers\.0: Too big/],
    ['too many numbers', { numbers: Array(51).fill('+18885550100') }, /^numbers: Too big/],
    ['a number that is not text', { numbers: [18885550100] }, /^numbers\.0: Invalid input/],
    [
      'a lower-case country',
      { numbers: ['1'], countryIsoCode: 'gb' },
      /^countryIsoCode: countryIsoCode must/,
    ],
    ['a flag that is not boolean', { numbers: ['1'], nationalAsPriority: 'yes' }, /^nationalAsPriority: /],
    [
      'a country with no numbering plan',
      { numbers: ['1'], countryIsoCode: 'ZZ' },
      /^countryIsoCode: no numbering plan/,
    ],
  ])('refuses %s with a specific message', async (_, body, message) => {
    const status = await expectFailure(await parse(body), 400);
    expect(status).toMatchObject({ code: 400, backendMessage: expect.stringMatching(message) });
  });

  it('answers BRAND_NOT_FOUND for an unknown brand', async () => {
    const response = await parse({ numbers: ['+18885550100'], brandId: '4242' });
    expect(await expectFailure(response, 404)).toMatchObject({ code: 301 });
  });
});
