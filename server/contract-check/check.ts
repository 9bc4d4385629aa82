import { createHash, randomBytes } from 'node:crypto';
import { backendCode } from '../../api/contract/backendCodes.ts';
import { errorReplySchema } from '../../api/contract/envelope.ts';
import { errorCodesOf, type Operation, operations } from '../../api/contract/operations.ts';
import { describeIssues } from '../http/validate.ts';

/**
 * A scripted sign-in against any backend (docs/integration.md "Checking a backend"): the calls the
 * page makes, in its order, each reply checked with the very schemas the page parses it with (the table
 * in api/contract/operations.ts). A reply that breaks its contract is reported with zod's paths; a
 * refusal in the envelope is the contract kept, but stops the sign-in.
 */

export interface CheckOptions {
  /** The backend's origin, e.g. https://api.example. */
  origin: string;
  clientId: string;
  /** A redirect URI registered for the client (the code request's appUrlScheme). */
  redirectUri: string;
  scope: string;
  username: string;
  password: string;
  /** Asked only when the backend wants a second factor; which channel the account offers is the backend's. */
  secondFactorCode: () => Promise<string>;
  fetch?: typeof fetch;
}

export interface CallResult {
  call: string;
  status: number | undefined;
  /** Empty when the reply kept its contract. */
  breaks: string[];
  /** The contract kept and the answer one the sign-in goes on from (a 200, or the refusal it expects). */
  passed: boolean;
  /** What the reply meant for the sign-in, when it was a refusal or a network failure. */
  note?: string;
}

const byKey = new Map(operations.map((operation) => [`${operation.method} ${operation.path}`, operation]));
const operationOf = (key: string) => {
  const operation = byKey.get(key);
  if (!operation) throw new Error(`${key} is not in api/contract/operations.ts`);
  return operation;
};

/** Where a reply breaks the contract: zod's issues with their paths, or an undocumented status or code. */
export function contractBreaks(operation: Operation, status: number, body: unknown): string[] {
  if (status === 200 && operation.reply !== 'redirect') {
    const parsed = operation.reply.safeParse(body);
    return parsed.success ? [] : parsed.error.issues.map((issue) => describeIssues({ issues: [issue] }));
  }
  if (status < 400) return [`HTTP ${status} is not a documented answer`];
  const parsed = (operation.errorReply ?? errorReplySchema).safeParse(body);
  if (!parsed.success) return parsed.error.issues.map((issue) => describeIssues({ issues: [issue] }));
  const { code } = (parsed.data as { status: { code: number } }).status;
  return errorCodesOf(operation).includes(code)
    ? []
    : [`status.code: ${code} is not a documented backend code`];
}

export async function runContractCheck(options: CheckOptions): Promise<CallResult[]> {
  const send = options.fetch ?? fetch;
  const cookies = new Map<string, string>();
  const results: CallResult[] = [];

  /** One call as api/client.ts makes it: clientId in the query (and the JSON body), the browser's cookies. */
  async function call(key: string, input: Record<string, unknown>, expectedCodes: readonly number[] = []) {
    const operation = operationOf(key);
    const query = new URLSearchParams({ clientId: options.clientId });
    if (operation.method === 'GET')
      for (const [name, value] of Object.entries(input)) query.set(name, String(value));
    const headers: Record<string, string> = { accept: 'application/json' };
    if (cookies.size > 0) headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (operation.method === 'POST') headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await send(new URL(`${operation.path}?${query}`, options.origin), {
        method: operation.method,
        headers,
        redirect: 'manual',
        ...(operation.method === 'POST'
          ? { body: JSON.stringify({ ...input, clientId: options.clientId }) }
          : {}),
      });
    } catch (error) {
      const note = `no answer: ${error instanceof Error ? error.message : String(error)}`;
      results.push({ call: key, status: undefined, breaks: [], passed: false, note });
      return { ok: false, status: undefined, body: undefined };
    }
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const at = pair.indexOf('=');
      if (at > 0) cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1));
    }
    const body: unknown = await response.json().catch(() => undefined);
    const breaks = contractBreaks(operation, response.status, body);
    const refusal =
      response.status >= 400 ? (body as { status?: { code?: number; backendMessage?: string } }) : undefined;
    const note = refusal?.status
      ? `refused: ${refusal.status.code} ${refusal.status.backendMessage ?? ''}`.trim()
      : undefined;
    const expected = refusal?.status?.code !== undefined && expectedCodes.includes(refusal.status.code);
    const passed = breaks.length === 0 && (response.status === 200 || expected);
    results.push({ call: key, status: response.status, breaks, passed, ...(note ? { note } : {}) });
    return { ok: response.status === 200 && breaks.length === 0, status: response.status, body };
  }

  const user = { username: options.username };
  const verifier = randomBytes(32).toString('base64url');
  const codeRequest = {
    appUrlScheme: options.redirectUri,
    localeId: 'en_US',
    responseType: 'code',
    state: randomBytes(8).toString('hex'),
    scope: options.scope,
    codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
    codeChallengeMethod: 'S256',
    consentGiven: true,
  };
  if (!(await call('GET /api/config/parameters', {})).ok) return results;
  if (!(await call('POST /api/login-info', user)).ok) return results;
  if (!(await call('POST /api/login', { ...user, password: options.password, rememberMe: false })).ok)
    return results;
  // 306: a second factor first, which sends the page to its two-factor flow.
  const first = await call('POST /api/post-authn/generate-code', codeRequest, [
    backendCode.twoFactorRequired,
  ]);
  if (first.ok || !results.at(-1)?.passed) return results;
  const settings = await call('GET /api/two-factor/mfa-settings', {});
  if (!settings.ok) return results;
  const usesApp = (settings.body as { data: { secondFactorType?: string } }).data.secondFactorType === 'TOTP';
  if (
    !usesApp &&
    !(await call('POST /api/two-factor/send-code', { contactBy: 'Email', localeId: 'en_US' })).ok
  )
    return results;
  const contactBy = usesApp ? 'APP' : 'Email';
  const verified = await call('POST /api/two-factor/verify-code', {
    contactBy,
    code: await options.secondFactorCode(),
  });
  if (verified.ok) await call('POST /api/post-authn/generate-code', codeRequest);
  return results;
}

/** One line per call, then the verdict; `passed` is false on any break, refusal or missing answer. */
export function formatReport(origin: string, results: CallResult[]) {
  const lines = [`contract:check ${origin}`];
  for (const result of results) {
    lines.push(
      `${result.passed ? 'ok  ' : 'FAIL'} ${result.call} → ${result.status ?? '—'}${result.note ? ` (${result.note})` : ''}`,
    );
    for (const broken of result.breaks) lines.push(`       ${broken}`);
  }
  const breaks = results.reduce((sum, result) => sum + result.breaks.length, 0);
  const last = results.at(-1);
  const completed =
    results.every((result) => result.passed) &&
    last?.call === 'POST /api/post-authn/generate-code' &&
    last.status === 200;
  lines.push(
    completed
      ? `${results.length} calls, all as the contract says; the sign-in ended with an authorisation code.`
      : `${breaks} contract break(s) in ${results.length} calls; the sign-in did not reach an authorisation code.`,
  );
  return { text: lines.join('\n'), passed: completed };
}
