import { authMessages } from '@vault/contracts';
import type { User } from '@vault/db';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../core/app-error';

/**
 * The one 401, whoever finds the visitor signed out (a route's hook, a service, the socket Buy):
 * shared so its status, code and text cannot drift apart between them.
 */
export const SIGNED_OUT = new AppError(401, 'not_signed_in', authMessages.notSignedIn);

/** The user app.authenticate loaded for this request (routes behind it only). */
export function requireUser(request: FastifyRequest): User {
  if (!request.user) throw SIGNED_OUT;
  return request.user;
}
