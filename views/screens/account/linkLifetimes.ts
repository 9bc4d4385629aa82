/**
 * How long an emailed link works, as the sent pages say it (docs/passwords.md "Tokens"): the reference
 * server's defaults, RESET_LINK_TTL_MINUTES and EXPRESS_LINK_TTL_MINUTES; activation and confirmation
 * links last a day. The one place the page states them.
 */
export const RESET_LINK_MINUTES = 30;
export const EXPRESS_LINK_MINUTES = 15;
export const CONFIRMATION_LINK_HOURS = 24;
