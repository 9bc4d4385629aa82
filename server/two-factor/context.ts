import type { Database } from '../db/client.ts';
import type { Delivery } from '../delivery/delivery.ts';
import type { Logger } from '../http/logger.ts';
import type { Audit } from '../security/audit.ts';
import type { MfaKeys } from './mfa-keys.ts';
import type { TwoFactorSettings } from './two-factor.settings.ts';

export { auditOf, type Caller } from '../security/caller-audit.ts';

/** What the two-factor services work with (built once in server/app.ts). */
export interface TwoFactorDeps {
  db: Database;
  keys: MfaKeys;
  audit: Audit;
  delivery: Delivery;
  settings: TwoFactorSettings;
  logger: Logger;
}

/** Who is asking: the signed-in session a call acts for, and the address it came from (for the audit). */
