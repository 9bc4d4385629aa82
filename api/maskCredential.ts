// Its own module, not api/credential.ts: only the account picker and the server show masked
// credentials, and credential.ts is on the first screen.

/** Masks a phone-like value or an email for display (spec §5). */
export function maskCredential(value: string): string {
  const at = value.lastIndexOf('@');
  if (at > 0) {
    const local = value.slice(0, at);
    const domain = value.slice(at + 1);
    const dot = domain.indexOf('.');
    const name = dot > 0 ? domain.slice(0, dot) : domain;
    const suffix = dot > 0 ? domain.slice(dot) : '';
    return `${maskPart(local)}@${maskPart(name)}${suffix}`;
  }
  if (value.length > 4) return `******${value.slice(-4)}`;
  if (value.length >= 2) return `***${value.slice(-1)}`;
  return value;
}

function maskPart(part: string): string {
  return `${part.slice(0, 1)}***${part.slice(-1)}`;
}
