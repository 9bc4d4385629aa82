import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/**
 * Test support (not a test): a software WebAuthn authenticator, so the server's passkey checks run
 * against real, independently built responses. ES256 keys from node:crypto; authenticator data, the
 * COSE key and the 'none' attestation object encoded here by hand (the little CBOR they need), so a
 * mistake in the server's library would not be mirrored by the same library building the responses.
 */

const FLAG = { UP: 0x01, UV: 0x04, BE: 0x08, BS: 0x10, AT: 0x40 } as const;

// ---- CBOR (RFC 8949), only what a COSE key and an attestation object use ----

type Cbor = number | string | Uint8Array | Map<number | string, Cbor>;

const head = (major: number, length: number): Buffer => {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  const buffer = Buffer.alloc(5);
  buffer[0] = (major << 5) | 26;
  buffer.writeUInt32BE(length, 1);
  return buffer;
};

export function encodeCbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const parts = [head(5, value.size)];
  for (const [key, item] of value) parts.push(encodeCbor(key), encodeCbor(item));
  return Buffer.concat(parts);
}

// ---- The authenticator ----

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** What a response may get wrong on purpose (every refusal of the server has a way to be provoked). */
export interface Tampering {
  /** Default the server's origin (the authenticator's). */
  origin?: string;
  /** Default the options' RP ID. */
  rpId?: string;
  /** Default true: the user was verified (UV). */
  userVerified?: boolean;
  /** The counter to report instead of the next one (a clone replaying an old count). */
  counter?: number;
  /** Flip a bit of the signature. */
  badSignature?: boolean;
  /** Another challenge than the options'. */
  challenge?: string;
}

interface HeldCredential {
  id: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  rpId: string;
  userHandle: string;
  counter: number;
  /** Whether the counter moves (a security key) or stays 0 (most synced passkeys). */
  counts: boolean;
  backupEligible: boolean;
  backedUp: boolean;
}

const coseKeyOf = (publicKey: KeyObject) => {
  const jwk = publicKey.export({ format: 'jwk' });
  return encodeCbor(
    new Map<number, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]),
  );
};

const counterBytes = (counter: number) => {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(counter);
  return buffer;
};

const clientData = (type: string, challenge: string, origin: string) =>
  Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

export function softAuthenticator(origin: string) {
  const credentials = new Map<string, HeldCredential>();

  const flagsOf = (held: HeldCredential, tamper: Tampering, extra = 0) =>
    FLAG.UP |
    (tamper.userVerified === false ? 0 : FLAG.UV) |
    (held.backupEligible ? FLAG.BE : 0) |
    (held.backedUp ? FLAG.BS : 0) |
    extra;

  return {
    /** navigator.credentials.create: a new ES256 credential for the options' RP and user, 'none' attestation. */
    register(
      options: { challenge: string; rp: { id: string }; user: { id: string } },
      settings: Tampering & { counts?: boolean; backupEligible?: boolean; backedUp?: boolean } = {},
    ) {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const held: HeldCredential = {
        id: randomBytes(16),
        privateKey,
        publicKey,
        rpId: options.rp.id,
        userHandle: options.user.id,
        counter: settings.counts ? 1 : 0,
        counts: settings.counts ?? false,
        backupEligible: settings.backupEligible ?? true,
        backedUp: settings.backedUp ?? true,
      };
      credentials.set(b64url(held.id), held);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(held.id.length);
      const authData = Buffer.concat([
        sha256(settings.rpId ?? options.rp.id),
        Buffer.from([flagsOf(held, settings, FLAG.AT)]),
        counterBytes(held.counter),
        Buffer.alloc(16), // AAGUID: zeros, as 'none' attestation reports it
        idLength,
        held.id,
        coseKeyOf(publicKey),
      ]);
      const attestation = new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]);
      const id = b64url(held.id);
      return {
        id,
        rawId: id,
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(
            clientData('webauthn.create', settings.challenge ?? options.challenge, settings.origin ?? origin),
          ),
          attestationObject: b64url(encodeCbor(attestation)),
          transports: ['internal', 'hybrid'],
        },
        clientExtensionResults: { credProps: { rk: true } },
        authenticatorAttachment: 'platform' as const,
      };
    },

    /** navigator.credentials.get with one of this authenticator's credentials (the first without an id). */
    authenticate(
      options: { challenge: string; rpId: string },
      credentialId?: string,
      tamper: Tampering = {},
    ) {
      const held = credentialId ? credentials.get(credentialId) : credentials.values().next().value;
      if (!held) throw new Error('the soft authenticator holds no such credential');
      if (held.counts) held.counter += 1;
      const authData = Buffer.concat([
        sha256(tamper.rpId ?? options.rpId),
        Buffer.from([flagsOf(held, tamper)]),
        counterBytes(tamper.counter ?? held.counter),
      ]);
      const clientDataJSON = clientData(
        'webauthn.get',
        tamper.challenge ?? options.challenge,
        tamper.origin ?? origin,
      );
      const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), held.privateKey);
      if (tamper.badSignature) signature[signature.length - 1] = (signature.at(-1) ?? 0) ^ 0x01;
      const id = b64url(held.id);
      return {
        id,
        rawId: id,
        type: 'public-key' as const,
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle: held.userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform' as const,
      };
    },

    /** The ids of the credentials it holds, in the order made. */
    credentialIds: () => [...credentials.keys()],
    /** The counter a credential is at now. */
    counterOf: (credentialId: string) => credentials.get(credentialId)?.counter ?? 0,
  };
}

export type SoftAuthenticator = ReturnType<typeof softAuthenticator>;
