import * as z from 'zod/mini';
import { loginReply } from './auth.ts';
import { brandIdSchema, clientIdSchema } from './config.ts';
import { intSchema, okReply } from './envelope.ts';
import { publicSessionIdSchema } from './session.ts';

/**
 * Passkeys: WebAuthn discoverable credentials (docs/passkeys.md; the calls are ours). The options and
 * responses are WebAuthn's own JSON forms (PublicKeyCredential*OptionsJSON, *ResponseJSON), checked here
 * field by field with caps, so an oversized or misshapen credential is a 400 naming the field, never a
 * crash. Only the passkeys chunk imports this file, and it keeps to the zod types the first screen
 * already has (api/contract/envelope.ts).
 */

/** Unpadded base64url, as WebAuthn's JSON forms carry binary values. */
const base64url = (maxLength: number) =>
  z.string().check(z.minLength(1), z.maxLength(maxLength), z.regex(/^[A-Za-z0-9_-]+$/, 'must be base64url'));

/** A credential id: at most 1023 bytes (WebAuthn §5.8.3), 1366 characters of base64url. */
export const credentialIdSchema = base64url(1366);
/** One challenge of the options calls: random, at least 128 bits. */
export const challengeIdSchema = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_-]{22,64}$/, 'must be a challenge id'));
/** The transports WebAuthn names; the server keeps only these of what a browser reports. */
export const transportKinds = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
export type PasskeyTransport = (typeof transportKinds)[number];

const descriptorSchema = z.object({
  id: credentialIdSchema,
  type: z.literal('public-key'),
  transports: z.optional(z.array(z.enum(transportKinds))),
});

/** Reported transports: short lower-case words, unknown ones tolerated (and dropped by the server). */
const reportedTransports = z.optional(
  z
    .array(z.string().check(z.maxLength(16), z.regex(/^[a-z-]+$/, 'must be a transport name')))
    .check(z.maxLength(8)),
);

/** Client extension outputs: only credProps is read; the rest is dropped. */
const clientExtensionResults = z._default(
  z.object({ credProps: z.optional(z.object({ rk: z.optional(z.boolean()) })) }),
  {},
);
const attachment = z.optional(z.enum(['platform', 'cross-platform']));

/** AuthenticationResponseJSON (navigator.credentials.get, as @simplewebauthn/browser returns it). */
export const authenticationResponseSchema = z.object({
  id: credentialIdSchema,
  rawId: credentialIdSchema,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(4096),
    signature: base64url(2048),
    /** The user handle: 1 to 64 bytes. */
    userHandle: z.optional(base64url(86)),
  }),
  authenticatorAttachment: attachment,
  clientExtensionResults,
});
export type AuthenticationResponse = z.infer<typeof authenticationResponseSchema>;

/** RegistrationResponseJSON (navigator.credentials.create). */
export const registrationResponseSchema = z.object({
  id: credentialIdSchema,
  rawId: credentialIdSchema,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4096),
    /** 'none' attestation is asked for; room is left for an authenticator that attests anyway. */
    attestationObject: base64url(16_384),
    authenticatorData: z.optional(base64url(8192)),
    transports: reportedTransports,
    publicKeyAlgorithm: z.optional(intSchema),
    publicKey: z.optional(base64url(2048)),
  }),
  authenticatorAttachment: attachment,
  clientExtensionResults,
});
export type RegistrationResponse = z.infer<typeof registrationResponseSchema>;

/** PublicKeyCredentialRequestOptionsJSON as the server makes it: UV required, five minutes. */
export const requestOptionsSchema = z.object({
  challenge: base64url(128),
  rpId: z.string().check(z.maxLength(253)),
  timeout: intSchema,
  userVerification: z.literal('required'),
  /** Empty: any discoverable credential of this site (autofill, the passkey button). */
  allowCredentials: z.array(descriptorSchema).check(z.maxLength(100)),
});

/** PublicKeyCredentialCreationOptionsJSON as the server makes it: a discoverable, user-verified credential. */
export const creationOptionsSchema = z.object({
  challenge: base64url(128),
  rp: z.object({ id: z.string().check(z.maxLength(253)), name: z.string().check(z.maxLength(128)) }),
  user: z.object({
    /** The account's random user handle, never its email or id. */
    id: base64url(86),
    name: z.string().check(z.maxLength(254)),
    displayName: z.string().check(z.maxLength(128)),
  }),
  pubKeyCredParams: z
    .array(z.object({ alg: intSchema, type: z.literal('public-key') }))
    .check(z.maxLength(8)),
  timeout: intSchema,
  excludeCredentials: z.array(descriptorSchema).check(z.maxLength(100)),
  authenticatorSelection: z.object({
    residentKey: z.literal('required'),
    requireResidentKey: z.literal(true),
    userVerification: z.literal('required'),
    authenticatorAttachment: z.optional(z.literal('platform')),
  }),
  attestation: z.literal('none'),
  extensions: z.optional(z.object({ credProps: z.optional(z.boolean()) })),
  hints: z.optional(z.array(z.enum(['security-key', 'client-device', 'hybrid']))),
});

const sessionFields = { clientId: clientIdSchema, sessionId: z.optional(publicSessionIdSchema) };

/** POST /api/passkeys/authentication-options. `loginId`: the account picker's row (its passkeys only). */
export const authenticationOptionsBody = z.object({
  clientId: clientIdSchema,
  brandId: z.optional(brandIdSchema),
  loginId: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(254))),
});
export type AuthenticationOptionsBody = z.input<typeof authenticationOptionsBody>;
export const authenticationOptionsReply = okReply(
  z.object({ challengeId: challengeIdSchema, options: requestOptionsSchema }),
);
export type AuthenticationOptions = z.infer<typeof authenticationOptionsReply>['data'];

/** POST /api/passkeys/authentication: a sign-in, answered like POST /api/login, with the login id. */
export const authenticationBody = z.object({
  clientId: clientIdSchema,
  brandId: z.optional(brandIdSchema),
  challengeId: challengeIdSchema,
  credential: authenticationResponseSchema,
  rememberMe: z._default(z.boolean(), false),
});
export type AuthenticationBody = z.input<typeof authenticationBody>;
export const authenticationReply = okReply(
  z.object({
    ...loginReply.shape.data.shape,
    /** The account's login id as the user would type it: the page had none typed in (docs/passkeys.md). */
    loginId: z.string().check(z.minLength(1), z.maxLength(254)),
  }),
);

/** POST /api/passkeys/registration-options. `platform`: ask for this device's own authenticator. */
export const registrationOptionsBody = z.object({
  ...sessionFields,
  platform: z._default(z.boolean(), false),
});
export type RegistrationOptionsBody = z.input<typeof registrationOptionsBody>;
export const registrationOptionsReply = okReply(
  z.object({ challengeId: challengeIdSchema, options: creationOptionsSchema }),
);
export type RegistrationOptions = z.infer<typeof registrationOptionsReply>['data'];

/** A passkey's name as the user gives it: trimmed, at most 64 characters, no control characters. */
export const passkeyNameSchema = z
  .string()
  .check(z.trim(), z.maxLength(64), z.regex(/^[^\p{Cc}]*$/u, 'must not contain control characters'));

/** POST /api/passkeys/registration. Without a name (or a blank one) the server derives one. */
export const registrationBody = z.object({
  ...sessionFields,
  challengeId: challengeIdSchema,
  credential: registrationResponseSchema,
  name: z.optional(passkeyNameSchema),
});
export type RegistrationBody = z.input<typeof registrationBody>;

/** A passkey as the account's list shows it; `id` is opaque (not the credential id). */
export const passkeySummarySchema = z.object({
  id: z.string().check(z.regex(/^\d{1,10}$/)),
  name: z.string().check(z.maxLength(64)),
  createdAt: z.string().check(z.maxLength(40)),
  /**
   * Absent until the passkey first signs in. Not `null`: a string-or-null needs z.union or z.nullable,
   * schema types the first screen does not have (api/contract/envelope.ts).
   */
  lastUsedAt: z.optional(z.string().check(z.maxLength(40))),
  backedUp: z.boolean(),
  /** Created before the administrator required new passkeys: it no longer signs in (754). */
  needsReenrolment: z.boolean(),
});
export type PasskeySummary = z.infer<typeof passkeySummarySchema>;
export const registrationReply = okReply(z.object({ passkey: passkeySummarySchema }));

/** GET /api/passkeys: whether the brand offers passkeys, whether to offer one now, and the account's. */
export const passkeysQuery = z.object(sessionFields);
export const passkeyOffers = ['show', 'none', 'afterSecondFactor'] as const;
export type PasskeyOffer = (typeof passkeyOffers)[number];
export const passkeysReply = okReply(
  z.object({
    allowed: z.boolean(),
    offer: z.enum(passkeyOffers),
    passkeys: z.array(passkeySummarySchema).check(z.maxLength(100)),
  }),
);
export type PasskeyList = z.infer<typeof passkeysReply>['data'];

/** POST /api/passkeys/offer-dismissal: "Not now" for this account on this device (30 days). */
export const offerDismissalBody = z.object(sessionFields);
export type OfferDismissalBody = z.input<typeof offerDismissalBody>;
export const offerDismissalReply = okReply(z.object({ dismissed: z.literal(true) }));

/** POST /api/passkeys/removal: answers the list as it is afterwards. */
export const removalBody = z.object({
  ...sessionFields,
  passkeyId: z.string().check(z.regex(/^\d{1,10}$/, 'must be a passkey id')),
});
export type RemovalBody = z.input<typeof removalBody>;
export const removalReply = passkeysReply;
