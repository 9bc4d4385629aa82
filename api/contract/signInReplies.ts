import * as z from 'zod/mini';
import { clientIdSchema } from './config.ts';
import { intSchema, okReply, urlSchema } from './envelope.ts';

/**
 * The replies the SPA parses only after the first screen (api/signInEndpoints.ts, a chunk of its own),
 * kept apart from the contract files start-up imports: Rolldown places a module, with every schema any
 * chunk uses from it, in one chunk, so a reply schema in config.ts would load with the first screen.
 * Their requests (queries and bodies) stay with their resource's contract file.
 */

/** GET /api/config/country */
export const countrySchema = z.object({
  id: intSchema,
  name: z.string(),
  isoCode: z.string().check(z.minLength(2), z.maxLength(2)),
  callingCode: z.string(),
  loginAllowed: z.boolean(),
});
export const countryReply = okReply(z.object({ records: z.array(countrySchema) }));

/** GET /api/config/app-permissions: what the consent page shows. */
export const appPermissionsReply = okReply(
  z.object({
    clientId: clientIdSchema,
    appName: z.string(),
    permissions: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
);
export type AppPermissions = z.infer<typeof appPermissionsReply>['data'];

/** GET /api/detect-conn */
export const detectConnReply = okReply(z.object({ online: z.literal(true) }));

/** GET /api/sso/availability */
export const ssoAvailabilityReply = okReply(z.object({ ssoAvailable: z.boolean() }));

/** POST /api/verifyRedirectURI */
export const verifyRedirectUriReply = okReply(z.object({ valid: z.literal(true) }));

/** POST /api/post-authn/generate-code */
export const generateCodeReply = okReply(
  z.object({
    extensionId: z.string(),
    accountId: z.string(),
    redirectUri: urlSchema,
  }),
);
