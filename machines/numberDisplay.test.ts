import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { describeNumber, numberTextOf, onNumberText } from './numberDisplay.ts';

const asked: unknown[] = [];
let answer: (numbers: string[]) => Response = () => HttpResponse.error();
const api = setupServer(
  http.post('*/api/number/parse', async ({ request }) => {
    const body = (await request.json()) as { numbers: string[] };
    asked.push(body);
    return answer(body.numbers);
  }),
);
beforeAll(() => api.listen({ onUnhandledFrame: 'error' }));
afterEach(() => {
  asked.length = 0;
});
afterAll(() => api.close());

const record = (e164: string, formattedInternational: string, isValid = true) => ({
  originalString: e164,
  parsed: true,
  isValid,
  e164,
  countryCallingCode: '1',
  formattedNational: formattedInternational,
  formattedInternational,
});
const reply = (records: unknown[]) =>
  HttpResponse.json({ status: { success: true, code: 0 }, data: { phoneNumbers: records } });

// The store is the page's, and unit files share their worker's modules: numbers no other test asks about.
describe('a phone number as its country writes it (machines/numberDisplay.ts)', () => {
  it('asks the number service once per number, keeps its international form and tells the page', async () => {
    answer = ([number]) => reply([record(number ?? '', '+1 650 555 0177')]);
    let told = 0;
    const stop = onNumberText(() => {
      told += 1;
    });
    expect(numberTextOf('+16505550177')).toBeUndefined();
    await Promise.all([
      describeNumber('demo-app', '+16505550177'),
      describeNumber('demo-app', '+16505550177'),
    ]);
    await describeNumber('demo-app', '+16505550177');
    stop();
    expect(numberTextOf('+16505550177')).toBe('+1 650 555 0177');
    expect(told).toBe(1);
    expect(asked).toEqual([{ numbers: ['+16505550177'], nationalAsPriority: false, clientId: 'demo-app' }]);
  });

  it('keeps nothing for a number the service cannot read or finds invalid', async () => {
    answer = ([number]) => reply([{ originalString: number, parsed: false }]);
    await describeNumber('demo-app', '+12');
    expect(numberTextOf('+12')).toBeUndefined();
    answer = ([number]) => reply([record(number ?? '', '+1 650', false)]);
    await describeNumber('demo-app', '+1650');
    expect(numberTextOf('+1650')).toBeUndefined();
  });

  it('never rejects: a failed call leaves the E.164 form, and a later page may ask again', async () => {
    answer = () => HttpResponse.error();
    await expect(describeNumber('demo-app', '+16135550199')).resolves.toBeUndefined();
    expect(numberTextOf('+16135550199')).toBeUndefined();
    answer = () => new HttpResponse('<html>proxy error</html>', { status: 502 });
    await describeNumber('demo-app', '+16135550199');
    answer = ([number]) => reply([record(number ?? '', '+1 613 555 0199')]);
    await describeNumber('demo-app', '+16135550199');
    expect(numberTextOf('+16135550199')).toBe('+1 613 555 0199');
    expect(asked).toHaveLength(3);
  });
});
