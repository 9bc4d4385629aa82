import type { ApiClient } from './client.ts';
import { acceptTermsReply, retiredAppReply, termsReply } from './contract/notices.ts';

type Session = { sessionId?: string | undefined };

/**
 * The notices' calls (docs/notices.md), one function each, every reply parsed by its contract schema.
 * A file of its own so they load with the notices flow's chunk, not with the first screen.
 */
export function createNoticesEndpoints(api: ApiClient) {
  return {
    getTerms: ({ localeId, sessionId }: Session & { localeId: string }) =>
      api.get('/api/terms', { localeId, sessionId }, termsReply).then((r) => r.data),
    acceptTerms: ({ version, sessionId }: Session & { version: string }) =>
      api.post('/api/terms/accept', { version, sessionId }, acceptTermsReply).then((r) => r.data),
    getRetiredApp: ({ localeId }: { localeId?: string | undefined }) =>
      api.get('/api/config/retired-app', { localeId }, retiredAppReply).then((r) => r.data),
  };
}

export type NoticesEndpoints = ReturnType<typeof createNoticesEndpoints>;
