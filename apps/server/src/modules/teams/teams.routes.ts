import {
  createTeamResponseSchema,
  createTeamSchema,
  currentTeamSchema,
  departmentNameSchema,
  departmentSchema,
  departmentsSchema,
  teamMembersSchema,
  updateMemberRoleResponseSchema,
  updateMemberRoleSchema,
} from '@lumen/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rejectInvalidBody } from '../../platform/errors.ts';
import { requireActor, requireUser } from '../../platform/request-user.ts';
import {
  addDepartment,
  assignRole,
  createTeam,
  getCurrentTeam,
  getDepartments,
  listMembers,
  removeDepartment,
  removeMember,
  updateDepartmentName,
} from './teams.service.ts';

const departmentParams = z.object({ id: z.uuid('Department not found') });
const memberParams = z.object({ userId: z.string().min(1) });

export const teamsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  app.post(
    '/teams',
    {
      attachValidation: true,
      schema: {
        tags: ['teams'],
        summary: 'Creates a team: the caller becomes its admin; default departments are added',
        security: [{ session: [] }],
        body: createTeamSchema,
        response: { 201: createTeamResponseSchema },
      },
    },
    async (request, reply) => {
      rejectInvalidBody(request);
      const created = await createTeam(db(), requireActor(request), request.body);
      // The creator's open sockets now belong to the new team (its chat, presence and notices).
      await app.realtime.refreshTeamOf(requireActor(request).userId);
      return reply.status(201).send(created);
    },
  );

  app.get(
    '/teams/current',
    {
      schema: {
        tags: ['teams'],
        summary: "The caller's team with its active member and department counts",
        security: [{ session: [] }],
        response: { 200: currentTeamSchema },
      },
    },
    async (request) => getCurrentTeam(db(), requireUser(request).id),
  );

  app.get(
    '/teams/current/members',
    {
      // Kept until the team's members, roles, departments or profiles change (ADR 0117).
      config: { responseCache: ['user', 'team'] },
      schema: {
        tags: ['teams'],
        summary: "The team's active members with profile, role and department",
        security: [{ session: [] }],
        response: { 200: teamMembersSchema },
      },
    },
    async (request) => listMembers(db(), requireUser(request).id),
  );

  app.patch(
    '/teams/current/members/:userId/role',
    {
      config: { changes: 'team' },
      attachValidation: true,
      schema: {
        tags: ['teams'],
        summary: "Changes a member's role (admins only)",
        security: [{ session: [] }],
        params: memberParams,
        body: updateMemberRoleSchema,
        response: { 200: updateMemberRoleResponseSchema },
      },
    },
    async (request) => {
      rejectInvalidBody(request);
      return assignRole(db(), requireActor(request), request.params.userId, request.body.role);
    },
  );

  app.delete(
    '/teams/current/members/:userId',
    {
      config: { changes: 'team' },
      schema: {
        tags: ['teams'],
        summary: 'Removes a member from the team (admins and team leads)',
        security: [{ session: [] }],
        params: memberParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeMember(db(), requireActor(request), request.params.userId);
      // The removed member's open sockets stop receiving the team's events at once, on every instance.
      await app.realtime.refreshTeamOf(request.params.userId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/teams/current/departments',
    {
      schema: {
        tags: ['teams'],
        summary: "The team's departments",
        security: [{ session: [] }],
        response: { 200: departmentsSchema },
      },
    },
    async (request) => getDepartments(db(), requireUser(request).id),
  );

  app.post(
    '/teams/current/departments',
    {
      config: { changes: 'team' },
      attachValidation: true,
      schema: {
        tags: ['teams'],
        summary: 'Adds a department (admins and team leads)',
        security: [{ session: [] }],
        body: departmentNameSchema,
        response: { 201: departmentSchema },
      },
    },
    async (request, reply) => {
      rejectInvalidBody(request);
      const department = await addDepartment(db(), requireActor(request), request.body.name);
      return reply.status(201).send(department);
    },
  );

  app.patch(
    '/teams/current/departments/:id',
    {
      config: { changes: 'team' },
      attachValidation: true,
      schema: {
        tags: ['teams'],
        summary: 'Renames a department (admins and team leads)',
        security: [{ session: [] }],
        params: departmentParams,
        body: departmentNameSchema,
        response: { 200: departmentSchema },
      },
    },
    async (request) => {
      rejectInvalidBody(request);
      return updateDepartmentName(db(), requireActor(request), request.params.id, request.body.name);
    },
  );

  app.delete(
    '/teams/current/departments/:id',
    {
      config: { changes: 'team' },
      schema: {
        tags: ['teams'],
        summary: 'Deletes a department; its members keep no department (admins and team leads)',
        security: [{ session: [] }],
        params: departmentParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeDepartment(db(), requireActor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
};
