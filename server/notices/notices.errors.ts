import { backendCode } from '../../api/contract/backendCodes.ts';
import { ApiFailure } from '../http/errors.ts';

/**
 * A code request refused until the user has seen a notice (FedRAMP 720, terms 730); prompt=none turns
 * it into interaction_required, as it does for the two-factor, password and E911 steps.
 */
export class NoticeNeeded extends ApiFailure {}

/** 216 (ours): the client is retired, so nothing is issued to it; the page names its replacement. */
export class ApplicationRetired extends ApiFailure {}

export const applicationRetired = (appName: string) =>
  new ApplicationRetired(
    403,
    backendCode.applicationRetired,
    `${appName.slice(0, 100)} has been retired: use its replacement to sign in`,
  );
