import {
  createTaskSchema,
  sharedFileListQuerySchema,
  sharedFileListSchema,
  sharedFileSchema,
  shareFileSchema,
  taskListQuerySchema,
  taskListSchema,
  taskSchema,
  updateTaskStatusSchema,
} from '@lumen/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { rejectInvalidBody } from '../../platform/errors.ts';
import { requireActor, requireUser } from '../../platform/request-user.ts';
import {
  createTask,
  getSharedFiles,
  getTasks,
  removeSharedFile,
  removeTask,
  setTaskStatus,
  shareFile,
} from './work-items.service.ts';

/** Any string: the service answers 404 for ids that are not one of the team's (malformed ones included). */
const idParams = z.object({ id: z.string().min(1).max(200) });

/** Tasks and shared files of the caller's team (docs/product-rules.md#tasks-and-shared-files). */
export const workItemsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.database.db;

  app.post(
    '/teams/current/tasks',
    {
      config: { changes: 'tasks' },
      attachValidation: true,
      schema: {
        tags: ['tasks'],
        summary: 'Assigns a task to an active member of the team (admins and team leads)',
        security: [{ session: [] }],
        body: createTaskSchema,
        response: { 201: taskSchema },
      },
    },
    async (request, reply) => {
      rejectInvalidBody(request);
      const task = await createTask(db(), requireActor(request), request.body);
      return reply.status(201).send(task);
    },
  );

  app.get(
    '/teams/current/tasks',
    {
      schema: {
        tags: ['tasks'],
        summary: "The caller's tasks, or every task of the team for managers (assignedTo=all)",
        security: [{ session: [] }],
        querystring: taskListQuerySchema,
        response: { 200: taskListSchema },
      },
    },
    async (request) => getTasks(db(), requireUser(request).id, request.query),
  );

  app.patch(
    '/teams/current/tasks/:id',
    {
      config: { changes: 'tasks' },
      attachValidation: true,
      schema: {
        tags: ['tasks'],
        summary: "Sets a task's status (its assignee or a manager)",
        security: [{ session: [] }],
        params: idParams,
        body: updateTaskStatusSchema,
        response: { 200: taskSchema },
      },
    },
    async (request) => {
      rejectInvalidBody(request);
      return setTaskStatus(db(), requireActor(request), request.params.id, request.body.status);
    },
  );

  app.delete(
    '/teams/current/tasks/:id',
    {
      config: { changes: 'tasks' },
      schema: {
        tags: ['tasks'],
        summary: 'Deletes a task (admins and team leads)',
        security: [{ session: [] }],
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeTask(db(), requireUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/teams/current/shared-files',
    {
      config: { changes: 'shared_files' },
      attachValidation: true,
      schema: {
        tags: ['shared-files'],
        summary: 'Shares a link with the whole team, a member or a space (admins and team leads)',
        security: [{ session: [] }],
        body: shareFileSchema,
        response: { 201: sharedFileSchema },
      },
    },
    async (request, reply) => {
      rejectInvalidBody(request);
      const file = await shareFile(db(), requireActor(request), request.body);
      return reply.status(201).send(file);
    },
  );

  app.get(
    '/teams/current/shared-files',
    {
      schema: {
        tags: ['shared-files'],
        summary: 'Links shared with the team or the caller, newest first; every share of the team with scope=all',
        security: [{ session: [] }],
        querystring: sharedFileListQuerySchema,
        response: { 200: sharedFileListSchema },
      },
    },
    async (request) => getSharedFiles(db(), requireUser(request).id, request.query),
  );

  app.delete(
    '/teams/current/shared-files/:id',
    {
      config: { changes: 'shared_files' },
      schema: {
        tags: ['shared-files'],
        summary: 'Removes a share (the person who shared it or an admin)',
        security: [{ session: [] }],
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await removeSharedFile(db(), requireUser(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
