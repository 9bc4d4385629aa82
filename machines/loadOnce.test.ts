import { describe, expect, it } from 'vitest';
import { loadOnce } from './loadOnce.ts';

describe('loadOnce', () => {
  it('shares one load between callers and keeps the result', async () => {
    let calls = 0;
    const chunk = loadOnce(async () => {
      calls += 1;
      return 'module';
    });
    expect(chunk.loaded()).toBeUndefined();
    expect(await Promise.all([chunk.load(), chunk.load()])).toEqual(['module', 'module']);
    expect(await chunk.load()).toBe('module');
    expect(chunk.loaded()).toBe('module');
    expect(calls).toBe(1);
  });

  it('forgets a failure, so the next call loads again', async () => {
    let calls = 0;
    const chunk = loadOnce(async () => {
      calls += 1;
      if (calls === 1) throw new Error('offline');
      return 'module';
    });
    await expect(chunk.load()).rejects.toThrow('offline');
    expect(chunk.loaded()).toBeUndefined();
    expect(await chunk.load()).toBe('module');
    expect(calls).toBe(2);
  });
});
