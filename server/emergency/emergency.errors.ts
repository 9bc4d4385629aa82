import type { ContentfulStatusCode } from 'hono/utils/http-status';
import {
  type AddressFieldError,
  type EmergencyErrorCode,
  emergencyBackendCode,
} from '../../api/contract/emergency.ts';
import { ApiFailure } from '../http/errors.ts';

/**
 * An emergency-address refusal: HTTP 4xx, status.code 703 (the address) or 704 (locations and
 * registration), `errorCode` naming the reason (api/contract/emergency.ts), which the page words with
 * the spec §8 messages. The backend message is for developers.
 */
export class EmergencyFailure extends ApiFailure {
  readonly errorCode: EmergencyErrorCode;

  constructor(
    httpStatus: ContentfulStatusCode,
    errorCode: EmergencyErrorCode,
    message: string,
    extra: { errorParameters?: Record<string, string>; fieldErrors?: readonly AddressFieldError[] } = {},
  ) {
    const code = ADDRESS_CODES.has(errorCode) ? emergencyBackendCode.address : emergencyBackendCode.locations;
    super(httpStatus, code, message, {
      ...(extra.errorParameters ? { errorParameters: extra.errorParameters } : {}),
      policy: { errorCode, ...(extra.fieldErrors ? { fieldErrors: extra.fieldErrors } : {}) },
    });
    this.name = 'EmergencyFailure';
    this.errorCode = errorCode;
  }
}

/** The reasons about the address itself (703); the rest are about locations and registration (704). */
const ADDRESS_CODES: ReadonlySet<EmergencyErrorCode> = new Set<EmergencyErrorCode>([
  'EA-FIELDS',
  'EA-NOT-SUPPORTED',
  'EA-OUTSIDE-LOCAL-AREA',
  'EA-NOT-VALIDATED',
  'EA-OUT-OF-COUNTRY',
]);

export const digitalLineMissing = () =>
  new EmergencyFailure(
    404,
    'EA-DIGITAL-LINE-MISSING',
    'The digital line is not found or belongs to another extension',
  );
