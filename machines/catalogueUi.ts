import type { CatalogueEntry, ErrorMessageId } from './catalogueTypes.ts';

/**
 * Spec §4/§8: what a lost connection says. The first screen words it without the catalogue chunk,
 * which cannot arrive over a lost connection either; the catalogue's NETWORK entry is this one.
 */
export const connectionLostEntry: CatalogueEntry = { id: 'errors.network', links: ['troubleshooting'] };

/** Spec §5: what the credential check says before any call; the first screen needs only these. */
export const credentialValidationMessages = {
  UI_ERROR_EMPTY_CREDENTIAL: 'errors.emptyCredential',
  UI_ERROR_INVALID_PHONE: 'errors.invalidPhone',
  UI_ERROR_INVALID_EXT: 'errors.invalidExt',
  UI_ERROR_EMAIL_NOT_FOUND: 'errors.emailNotFound',
  UI_ERROR_CREDENTIAL_NOT_FOUND: 'errors.credentialNotFound',
} as const satisfies Record<string, ErrorMessageId>;
