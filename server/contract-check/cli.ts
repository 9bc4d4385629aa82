// npm run contract:check -- https://api.example [--username …] [--client-id …] [--redirect-uri …] [--scope …]
//   [--code 123456 | --totp-secret BASE32]
// Drives a scripted sign-in against the backend at that origin and reports, call by call, where its replies
// break the contract the page parses them with (docs/integration.md "Checking a backend"). The password is
// read from CONTRACT_CHECK_PASSWORD (never a flag: it would sit in the shell's history); the second
// factor's code from --code, CONTRACT_CHECK_CODE, an authenticator secret, or a prompt. Exit 1 on any break.
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { formatReport, runContractCheck } from './check.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    username: { type: 'string' },
    'client-id': { type: 'string', default: 'demo-app' },
    'redirect-uri': { type: 'string' },
    scope: { type: 'string', default: 'openid' },
    code: { type: 'string' },
    'totp-secret': { type: 'string' },
  },
});
const [origin] = positionals;
const username = values.username ?? process.env.CONTRACT_CHECK_USERNAME;
const password = process.env.CONTRACT_CHECK_PASSWORD;
if (!origin || !URL.canParse(origin) || !username || !password) {
  console.error(
    'usage: CONTRACT_CHECK_PASSWORD=… npm run contract:check -- https://api.example --username ada@example.com\n' +
      '       [--client-id demo-app] [--redirect-uri https://app.example/callback] [--scope openid]\n' +
      '       [--code 123456 | --totp-secret BASE32] (else CONTRACT_CHECK_CODE, else a prompt)',
  );
  process.exit(2);
}

async function secondFactorCode(): Promise<string> {
  const given = values.code ?? process.env.CONTRACT_CHECK_CODE;
  if (given) return given;
  const secret = values['totp-secret'] ?? process.env.CONTRACT_CHECK_TOTP_SECRET;
  if (secret) {
    const { Secret, TOTP } = await import('otpauth');
    return new TOTP({
      secret: Secret.fromBase32(secret),
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
    }).generate();
  }
  const prompt = createInterface({ input: process.stdin, output: process.stderr });
  try {
    return (await prompt.question('The second factor code the backend sent or the app shows: ')).trim();
  } finally {
    prompt.close();
  }
}

const results = await runContractCheck({
  origin,
  clientId: values['client-id'],
  redirectUri: values['redirect-uri'] ?? new URL('/demo-app/callback', origin).href,
  scope: values.scope,
  username,
  password,
  secondFactorCode,
});
const report = formatReport(origin, results);
console.log(report.text);
process.exitCode = report.passed ? 0 : 1;
