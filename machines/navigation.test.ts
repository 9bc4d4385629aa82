import { describe, expect, it } from 'vitest';
import { pushNavigation } from './navigation.ts';

describe('pushNavigation', () => {
  it('starts empty on the first screen and grows forward', () => {
    const first = pushNavigation([], undefined, 'enterCredential');
    expect(first).toEqual([]);
    const second = pushNavigation(first, 'enterCredential', 'enterPassword');
    expect(second).toEqual([{ source: 'enterCredential', destination: 'enterPassword' }]);
    expect(pushNavigation(second, 'enterPassword', 'consent')).toHaveLength(2);
  });

  it('cuts the stack when the user returns to an earlier screen', () => {
    const stack = [
      { source: 'enterCredential', destination: 'enterPassword' },
      { source: 'enterPassword', destination: 'consent' },
    ] as const;
    expect(pushNavigation(stack, 'consent', 'enterPassword')).toEqual([stack[0]]);
    expect(pushNavigation(stack, 'consent', 'enterCredential')).toEqual([]);
  });

  it('ignores re-entering the same screen', () => {
    const stack = [{ source: 'enterCredential', destination: 'enterPassword' }] as const;
    expect(pushNavigation(stack, 'enterPassword', 'enterPassword')).toEqual(stack);
  });
});
