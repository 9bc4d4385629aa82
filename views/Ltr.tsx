import type { ReactNode } from 'react';

/**
 * A phone number, masked number, email, login id, code or extension: always left to right, isolated
 * from the text around it, so a right-to-left page (rc_XX) shows "+1 650 555 0100", never
 * "0100 555 650 1+". A `dir` attribute isolates by itself (the UA style sheet gives `[dir]` and `bdi`
 * `unicode-bidi: isolate`), so it needs no style. Used as it is and as a message value (<Msg values>).
 */
export const Ltr = ({ children }: { children: ReactNode }) => <bdi dir="ltr">{children}</bdi>;
