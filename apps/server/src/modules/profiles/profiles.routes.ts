import type { FastifyInstance } from 'fastify';
import { apiError, updateProfileRequestSchema, type Profile } from '@holgura/contracts';
import type { AuthGuard, Principal } from '../../http/auth-guard';
import { parseBody } from '../../http/validation';
import type { ProfilesRepository } from './profiles.repository';

export function registerProfileRoutes(
  app: FastifyInstance,
  deps: { guard: AuthGuard; profiles: ProfilesRepository },
): void {
  const { guard, profiles } = deps;

  const toResponse = (
    principal: Principal,
    profile: NonNullable<Awaited<ReturnType<ProfilesRepository['find']>>>,
  ): Profile => ({
    ...profile,
    accountKind: principal.accountKind,
  });

  app.get('/api/profile', { preHandler: guard.requireUser }, async (request, reply) => {
    const principal = request.principal!;
    const profile = await profiles.find(principal.userId);
    if (profile === null) return reply.status(404).send(apiError('PROFILE_NOT_FOUND'));
    return toResponse(principal, profile);
  });

  app.put('/api/profile', { preHandler: guard.requireUser }, async (request, reply) => {
    const principal = request.principal!;
    if (principal.accountKind !== 'holgura') {
      return reply.status(403).send(apiError('PROFILE_NOT_EDITABLE'));
    }
    const changes = parseBody(updateProfileRequestSchema, request.body, reply);
    if (changes === undefined) return reply;
    const profile = await profiles.update(principal.userId, changes);
    if (profile === null) return reply.status(404).send(apiError('PROFILE_NOT_FOUND'));
    return toResponse(principal, profile);
  });
}
