import { authMessages } from '@vault/contracts';
import type { User } from '@vault/db';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';

/** The user app.authenticate loaded for this request (routes behind it only). */
export function requireUser(request: FastifyRequest): User {
  if (!request.user) throw new AppError(401, 'not_signed_in', authMessages.notSignedIn);
  return request.user;
}
