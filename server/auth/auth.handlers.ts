import { Hono } from 'hono';
import { loginBody, loginInfoBody } from '../../api/contract/auth.ts';
import { backendCode } from '../../api/contract/envelope.ts';
import { findBrand } from '../config/config.service.ts';
import type { Database } from '../db/client.ts';
import { ApiFailure } from '../http/errors.ts';
import { ok } from '../http/reply.ts';
import { postInput } from '../http/validate.ts';
import { verifyPassword } from './password.ts';
import { createSession, setSessionCookie } from './session.service.ts';
import { findUserByCredential } from './users.service.ts';

export interface AuthDeps {
  db: Database;
  publicOrigin: string;
  now: () => Date;
}

/** POST /api/login-info and /api/login. */
export function authRoutes({ db, publicOrigin, now }: AuthDeps) {
  return new Hono()
    .post('/login-info', async (c) => {
      const body = await postInput(c, loginInfoBody);
      const user = await findUserByCredential(db, await findBrand(db, body.brandId), body);
      if (!user)
        throw new ApiFailure(404, backendCode.credentialNotFound, 'No account matches this credential');
      // The user's own brand: the SPA reloads brand config when it differs from the one it started with.
      return ok(c, { brandId: user.brandId, loginType: 'password' as const });
    })
    .post('/login', async (c) => {
      const body = await postInput(c, loginBody);
      const user = await findUserByCredential(db, await findBrand(db, body.brandId), body);
      const valid = await verifyPassword(user?.passwordHash, body.password);
      if (!user || !valid)
        throw new ApiFailure(401, backendCode.loginFailed, 'The credential and password do not match');
      setSessionCookie(c, await createSession(db, user.id, now()), publicOrigin);
      return ok(c, { brandId: user.brandId, accountId: user.accountId, extensionId: user.extensionId });
    });
}
