import { ApiError } from '../../api/errors.ts';

/**
 * The events an invoked actor sends its parent when it settles, as the model tests feed them to a
 * machine: `xstate.done.actor.<id>` with its output, `xstate.error.actor.<id>` with its error.
 */
export const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
export const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });

/** A call refused with the backend's `code` (spec §8: API_ERROR_<code>). */
export const apiError = (code: number, backendMessage = 'failed') =>
  new ApiError({ code: `API_ERROR_${code}`, httpStatus: 400, backendMessage });
