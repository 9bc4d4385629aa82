import { describe, expect, it, vi } from 'vitest';
import { loadWithStyles } from './lazyStyles.ts';

const linkTo = (path: string) =>
  document.head.querySelector<HTMLLinkElement>(`link[rel="stylesheet"][href="/${path}"]`);

describe('loadWithStyles (the build’s helper for a lazy chunk’s import)', () => {
  it('imports at once when the chunk has no style sheet', async () => {
    await expect(loadWithStyles(async () => 'chunk', [])).resolves.toBe('chunk');
    await expect(loadWithStyles(async () => 'chunk')).resolves.toBe('chunk');
    expect(document.head.querySelector('link')).toBeNull();
  });

  it('links each style sheet once and imports only when it has loaded', async () => {
    const load = vi.fn(async () => 'screen');
    const first = loadWithStyles(load, ['assets/A.css']);
    const second = loadWithStyles(load, ['assets/A.css']);
    await Promise.resolve();
    expect(load).not.toHaveBeenCalled();
    expect(document.head.querySelectorAll('link[href="/assets/A.css"]')).toHaveLength(1);
    linkTo('assets/A.css')?.dispatchEvent(new Event('load'));
    await expect(Promise.all([first, second])).resolves.toEqual(['screen', 'screen']);
    // Loaded once, later imports do not link it again.
    await expect(loadWithStyles(load, ['assets/A.css'])).resolves.toBe('screen');
    expect(document.head.querySelectorAll('link[href="/assets/A.css"]')).toHaveLength(1);
  });

  it('fails the import when a style sheet fails, and fetches it anew on the next try', async () => {
    const load = vi.fn(async () => 'screen');
    const failed = loadWithStyles(load, ['assets/B.css']);
    linkTo('assets/B.css')?.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow('Could not load the style sheet assets/B.css');
    expect(load).not.toHaveBeenCalled();
    expect(linkTo('assets/B.css')).toBeNull();

    const retried = loadWithStyles(load, ['assets/B.css']);
    linkTo('assets/B.css')?.dispatchEvent(new Event('load'));
    await expect(retried).resolves.toBe('screen');
  });

  it('passes a failed import on', async () => {
    const error = new Error('offline');
    await expect(loadWithStyles(() => Promise.reject(error), [])).rejects.toBe(error);
  });
});
