import { describe, expect, it } from 'vitest';
import { SEED_BRANDS } from '../server/db/seed-brands.ts';
import { isRegionalBrand, regionalBrandIds, signUpLinkOf } from './lists.ts';
import { specBrandIds } from './registry.ts';

describe('regional brands', () => {
  it('are the six of spec §9, all spec brands', () => {
    expect([...regionalBrandIds].sort()).toEqual(['1210', '1250', '2010', '3610', '3710', '5010']);
    for (const id of regionalBrandIds) expect(specBrandIds).toContain(id);
    expect(isRegionalBrand('7710')).toBe(false);
    expect(isRegionalBrand('0')).toBe(false);
  });

  it('agree with the brands the server seeds a sign-up page for', () => {
    const withSignUp = SEED_BRANDS.filter((brand) => brand.signupUrl !== null).map((brand) => brand.id);
    expect(withSignUp.sort()).toEqual([...regionalBrandIds].sort());
  });
});

describe('signUpLinkOf', () => {
  const url = 'https://kestrelmoor.example.com/signup';

  it('links a regional brand to its configured sign-up page', () => {
    expect(signUpLinkOf('3610', url)).toBe(url);
    expect(signUpLinkOf('1210', url)).toBe(url);
  });

  it('hides the link for a regional brand without a sign-up page', () => {
    expect(signUpLinkOf('3610', undefined)).toBeUndefined();
  });

  it.each(['7710', '7310', '3420', '0', '9999'])('hides the link for non-regional brand %s', (brandId) => {
    expect(signUpLinkOf(brandId, url)).toBeUndefined();
  });

  it.each(['javascript:alert(1)', 'data:text/html,hi', 'vbscript:msgbox'])('refuses the unsafe %s', (bad) => {
    expect(signUpLinkOf('1210', bad)).toBeUndefined();
  });
});
