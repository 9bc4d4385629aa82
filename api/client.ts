import ky, { HTTPError, type KyInstance } from 'ky';
import type * as z from 'zod/mini';
import { errorReplySchema } from './contract/envelope.ts';
import { ApiError } from './errors.ts';

export interface ApiClientOptions {
  /** Origin of the API; empty means index.html's foyer-api-origin setting, else the page's own origin. */
  baseUrl?: string;
  clientId: string;
  fetch?: typeof fetch;
}

export interface ApiClient {
  get<T extends z.ZodMiniType>(
    path: string,
    query: Record<string, string | undefined>,
    reply: T,
  ): Promise<z.infer<T>>;
  post<T extends z.ZodMiniType>(path: string, body: object, reply: T): Promise<z.infer<T>>;
}

/** The one HTTP client: adds clientId to every call, maps failures to ApiError, parses every reply. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  // A platform serving the page beside its own API names that API's origin in index.html
  // (docs/integration.md): read at run time, so one build serves every deployment.
  const base =
    options.baseUrl ||
    globalThis.document?.querySelector<HTMLMetaElement>('meta[name=foyer-api-origin]')?.content ||
    globalThis.location?.origin;
  const http: KyInstance = ky.create({
    credentials: 'include',
    retry: 0,
    timeout: 20_000,
    fetch: withBufferedBody(options.fetch ?? ((input, init) => globalThis.fetch(input, init))),
  });

  async function send<T extends z.ZodMiniType>(run: () => Promise<Response>, reply: T): Promise<z.infer<T>> {
    let response: Response;
    try {
      response = await run();
    } catch (error) {
      throw await toApiErrorFromFailure(error);
    }
    const body: unknown = await response.json().catch(() => undefined);
    const parsed = reply.safeParse(body);
    if (!parsed.success) {
      throw new ApiError({
        code: 'UI_ERROR_BAD_REPLY',
        httpStatus: response.status,
        backendMessage: parsed.error.message,
      });
    }
    return parsed.data;
  }

  const withClientId = (query: Record<string, string | undefined>) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, value);
    params.set('clientId', options.clientId);
    return params;
  };

  return {
    get: (path, query, reply) =>
      send(() => http.get(new URL(path, base), { searchParams: withClientId(query) }), reply),
    post: (path, body, reply) =>
      send(
        () =>
          http.post(new URL(path, base), {
            searchParams: withClientId({}),
            json: { ...body, clientId: options.clientId },
          }),
        reply,
      ),
  };
}

/**
 * ky clones every request to be ready for a retry, which turns a JSON body into a stream where the
 * browser supports request streams; a stream goes out without a Content-Length, which some backends
 * and proxies refuse (and developer tools cannot show). The body is read back into bytes, so every
 * call carries a plain, sized JSON body.
 */
function withBufferedBody(fetchImpl: typeof fetch): typeof fetch {
  return async (input, init) => {
    if (!(input instanceof Request) || input.body === null) return fetchImpl(input, init);
    const body = await input.arrayBuffer();
    const { method, headers, credentials, signal } = input;
    return fetchImpl(input.url, { ...init, method, headers, credentials, signal, body });
  };
}

async function toApiErrorFromFailure(error: unknown): Promise<ApiError> {
  if (!(error instanceof HTTPError)) {
    return new ApiError({
      code: 'UI_ERROR_NETWORK',
      backendMessage: error instanceof Error ? error.message : String(error),
    });
  }
  const { response } = error;
  const rayId = response.headers.get('x-ray-id') ?? undefined;
  if (response.status === 429) {
    // Retry-After in seconds says how long the limit lasts (an HTTP date is read as not said).
    const wait = response.headers.get('retry-after');
    return new ApiError({
      code: 'API_ERROR_429',
      httpStatus: 429,
      rayId,
      backendMessage: 'Too many requests',
      errorParameters: wait ? { retryAfterSeconds: wait } : {},
    });
  }
  const reply: unknown = await response.json().catch(() => undefined);
  const parsed = errorReplySchema.safeParse(reply);
  if (!parsed.success) {
    return new ApiError({
      code: 'UI_ERROR_BAD_REPLY',
      httpStatus: response.status,
      rayId,
      backendMessage: `HTTP ${response.status}`,
    });
  }
  const { status } = parsed.data;
  return new ApiError({
    code: `API_ERROR_${status.code}`,
    httpStatus: response.status,
    backendMessage: status.backendMessage,
    errorParameters: status.errorParameters,
    errorCode: parsed.data.errorCode,
    numberOfLastUsedPasswords: parsed.data.numberOfLastUsedPasswords,
    rayId,
    reply,
  });
}
