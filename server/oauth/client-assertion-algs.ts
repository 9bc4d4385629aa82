/**
 * The algorithms a private_key_jwt client assertion may be signed with (RFC 7523): asymmetric only, so a
 * client's registered public keys are all Foyer holds; never none or HS*.
 */
export const CLIENT_ASSERTION_ALGS = ['RS256', 'PS256', 'ES256', 'EdDSA'] as const;
