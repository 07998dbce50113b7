import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  apiError,
  apiRoutes,
  profileSchema,
  updateProfileRequestSchema,
  type Profile,
} from '@holgura/contracts';
import { defineRoute } from '../../http/api-route';
import type { AuthGuard, Principal } from '../../http/auth-guard';
import type { ProfilesRepository } from './profiles.repository';

/** SAX profiles belong to the provider (docs/product.md §6): refused before the body is even read. */
async function holguraAccountsOnly(request: FastifyRequest, reply: FastifyReply) {
  if (request.principal!.accountKind !== 'holgura') {
    return reply.status(403).send(apiError('PROFILE_NOT_EDITABLE'));
  }
}

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

  defineRoute(app, {
    method: 'GET',
    url: apiRoutes.profile.pattern,
    tag: 'Perfil',
    summary: 'Perfil del usuario',
    auth: guard.requireUser,
    responses: { 200: profileSchema },
    errors: { 404: ['PROFILE_NOT_FOUND'] },
    handler: async (request, reply) => {
      const principal = request.principal!;
      const profile = await profiles.find(principal.userId);
      if (profile === null) return reply.status(404).send(apiError('PROFILE_NOT_FOUND'));
      return toResponse(principal, profile);
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: apiRoutes.profile.pattern,
    tag: 'Perfil',
    summary: 'Actualiza nombre, apellido y empresa (solo cuentas de Holgura)',
    auth: guard.requireUser,
    preHandler: holguraAccountsOnly,
    body: updateProfileRequestSchema,
    responses: { 200: profileSchema },
    errors: { 403: ['PROFILE_NOT_EDITABLE'], 404: ['PROFILE_NOT_FOUND'] },
    handler: async (request, reply) => {
      const principal = request.principal!;
      const profile = await profiles.update(principal.userId, request.body);
      if (profile === null) return reply.status(404).send(apiError('PROFILE_NOT_FOUND'));
      return toResponse(principal, profile);
    },
  });
}
