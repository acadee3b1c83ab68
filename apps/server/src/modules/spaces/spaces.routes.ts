import {
  addSpaceMemberSchema,
  createSpaceSchema,
  inviteToSpaceSchema,
  setSpaceRoleSchema,
  spaceListSchema,
  spaceMemberListSchema,
  spaceSchema,
  updateSpaceSchema,
} from '@lumen/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { rejectInvalidBody } from '../../platform/errors.ts';
import { requireActor, requireUser } from '../../platform/request-user.ts';
import {
  acceptSpaceInvitation,
  createSpace,
  editSpace,
  getSpace,
  getSpaceMembers,
  inviteToSpace,
  listSpaces,
  removeSpace,
  removeSpaceMember,
  setSpaceMemberRole,
} from './spaces.service.ts';

const spaceParams = z.object({ id: z.string().min(1).max(100) });
const memberParams = spaceParams.extend({ userId: z.string().min(1).max(200) });
const security = [{ session: [] }];

/** Spaces of the caller's team, their members and roles, and invitations to them (docs/product-rules.md#spaces). */
export const spacesRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const db = () => app.database.db;

  app.get(
    '/spaces',
    {
      schema: {
        tags: ['spaces'],
        summary: "The team's spaces the caller may view, newest first",
        security,
        response: { 200: spaceListSchema },
      },
    },
    async (request) => listSpaces(db(), requireUser(request).id),
  );

  app.post(
    '/spaces',
    {
      config: { changes: 'spaces' },
      attachValidation: true,
      schema: {
        tags: ['spaces'],
        summary: 'Creates a space (admins and team leads); the creator becomes its admin',
        security,
        body: createSpaceSchema,
        response: { 201: spaceSchema },
      },
    },
    async (request, reply) => {
      rejectInvalidBody(request);
      return reply.status(201).send(await createSpace(db(), requireActor(request), request.body));
    },
  );

  app.get(
    '/spaces/by-slug/:slug',
    {
      schema: {
        tags: ['spaces'],
        summary: 'A space by its URL name (/spaces/{spaceName})',
        security,
        params: z.object({ slug: z.string().min(1).max(200) }),
        response: { 200: spaceSchema },
      },
    },
    async (request) => getSpace(db(), requireUser(request).id, { slug: request.params.slug.toLowerCase() }),
  );

  app.get(
    '/spaces/:id',
    {
      schema: {
        tags: ['spaces'],
        summary: 'A space by id',
        security,
        params: spaceParams,
        response: { 200: spaceSchema },
      },
    },
    async (request) => getSpace(db(), requireUser(request).id, { id: request.params.id }),
  );

  app.patch(
    '/spaces/:id',
    {
      config: { changes: 'spaces' },
      attachValidation: true,
      schema: {
        tags: ['spaces'],
        summary: 'Renames a space or changes its description (space admins)',
        security,
        params: spaceParams,
        body: updateSpaceSchema,
        response: { 200: spaceSchema },
      },
    },
    async (request) => {
      rejectInvalidBody(request);
      return editSpace(db(), requireActor(request), request.params.id, request.body);
    },
  );

  app.delete(
    '/spaces/:id',
    {
      config: { changes: 'spaces' },
      schema: {
        tags: ['spaces'],
        summary: 'Deletes a space with its members and files (space admins)',
        security,
        params: spaceParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeSpace(db(), requireActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/spaces/:id/members',
    {
      schema: {
        tags: ['spaces'],
        summary: "The space's active members with their space roles",
        security,
        params: spaceParams,
        response: { 200: spaceMemberListSchema },
      },
    },
    async (request) => getSpaceMembers(db(), requireUser(request).id, request.params.id),
  );

  app.post(
    '/spaces/:id/members',
    {
      config: { changes: 'spaces' },
      attachValidation: true,
      schema: {
        tags: ['spaces'],
        summary: 'Adds a team member to the space (space admins)',
        security,
        params: spaceParams,
        body: addSpaceMemberSchema,
        response: { 200: spaceMemberListSchema.extend({ message: z.string() }) },
      },
    },
    async (request) => {
      rejectInvalidBody(request);
      return setSpaceMemberRole(db(), requireActor(request), request.params.id, request.body.userId, request.body.role);
    },
  );

  app.put(
    '/spaces/:id/members/:userId/role',
    {
      config: { changes: 'spaces' },
      attachValidation: true,
      schema: {
        tags: ['spaces'],
        summary: "Sets a member's space role, creating the assignment if there is none (space admins)",
        security,
        params: memberParams,
        body: setSpaceRoleSchema,
        response: { 200: spaceMemberListSchema.extend({ message: z.string() }) },
      },
    },
    async (request) => {
      rejectInvalidBody(request);
      return setSpaceMemberRole(
        db(),
        requireActor(request),
        request.params.id,
        request.params.userId,
        request.body.role,
      );
    },
  );

  app.delete(
    '/spaces/:id/members/:userId',
    {
      config: { changes: 'spaces' },
      schema: {
        tags: ['spaces'],
        summary: 'Removes a member from the space (space admins)',
        security,
        params: memberParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeSpaceMember(db(), requireActor(request), request.params.id, request.params.userId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/spaces/:id/invitations',
    {
      config: { changes: 'spaces' },
      attachValidation: true,
      schema: {
        tags: ['spaces'],
        summary: 'Invites someone to the space by mail (space admins); default role viewer',
        security,
        params: spaceParams,
        body: inviteToSpaceSchema,
        response: { 201: z.object({ emailSent: z.boolean(), message: z.string() }) },
      },
    },
    async (request, reply) => {
      rejectInvalidBody(request);
      const deps = { db: db(), mailer: app.mailer, log: app.log, appUrl: config.APP_URL };
      return reply.status(201).send(await inviteToSpace(deps, requireActor(request), request.params.id, request.body));
    },
  );

  app.post(
    '/space-invitations/:token/accept',
    {
      config: { changes: 'spaces' },
      schema: {
        tags: ['spaces'],
        summary: 'Joins a space from its invitation link',
        security,
        params: z.object({ token: z.string().min(1).max(200) }),
        response: { 200: spaceSchema },
      },
    },
    async (request) => acceptSpaceInvitation(db(), requireActor(request), request.params.token),
  );
};
