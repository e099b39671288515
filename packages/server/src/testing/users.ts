import crypto from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** Users for API tests, created and signed in through the API itself. */
export const strongPassword = 'Blue-Harbour-Lantern-7';

/** A client address of its own, so that a test's sign-ins do not share another test's rate limit. */
export const someAddress = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

export function login(
  app: FastifyInstance,
  username: string,
  password: string,
  remoteAddress = someAddress(),
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/core/auth/login', payload: { username, password }, remoteAddress });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export const tokenOf = (res: LightMyRequestResponse) => String(res.headers.authorization ?? '').replace(/^Bearer /, '');

export interface SignedInUser {
  username: string;
  token: string;
  headers: Record<string, string>;
}

/** Creates a user in the admin's tenant and signs it in. */
export async function createUser(
  app: FastifyInstance,
  adminHeaders: Record<string, string>,
  user: Record<string, unknown> & { username: string },
): Promise<SignedInUser> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/core/users',
    headers: adminHeaders,
    payload: { password: strongPassword, ...user },
  });
  if (created.statusCode !== 201) throw new Error(`creating ${user.username}: ${created.statusCode} ${created.body}`);
  const res = await login(app, user.username, String(user.password ?? strongPassword));
  if (res.statusCode !== 200) throw new Error(`sign-in of ${user.username}: ${res.statusCode} ${res.body}`);
  const token = tokenOf(res);
  return { username: user.username, token, headers: bearer(token) };
}
