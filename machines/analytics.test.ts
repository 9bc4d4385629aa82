import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnalyticsEvent, sendAnalytics, setAnalyticsSink } from './analytics.ts';

const event: AnalyticsEvent = { name: 'loginMainPage', clientId: 'demo-app', brandId: '1210' };

describe('analytics', () => {
  afterEach(() => setAnalyticsSink(undefined));

  it('sends nothing and throws nothing without a sink', () => {
    expect(() => sendAnalytics(event)).not.toThrow();
  });

  it('delivers each event to the plugged-in sink, and the previous sink is returned on replacement', () => {
    const first = vi.fn();
    expect(setAnalyticsSink(first)).toBeUndefined();
    sendAnalytics(event);
    expect(first).toHaveBeenCalledWith(event);
    expect(setAnalyticsSink(undefined)).toBe(first);
    sendAnalytics(event);
    expect(first).toHaveBeenCalledTimes(1);
  });

  it('a failing sink is logged, not thrown', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    setAnalyticsSink(() => {
      throw new Error('sink down');
    });
    expect(() => sendAnalytics(event)).not.toThrow();
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});
