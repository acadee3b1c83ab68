import {
  addSpaceMemberSchema,
  askRequestSchema,
  chatRequestSchema,
  conversationListQuerySchema,
  createIntegrationRequestSchema,
  createInvitationSchema,
  createSpaceSchema,
  createTaskSchema,
  createTeamSchema,
  decideIntegrationRequestSchema,
  departmentNameSchema,
  documentIdParamsSchema,
  ERROR_REASON_NAMES,
  ERROR_REASONS,
  ERROR_STATUS,
  employeeSignUpSchema,
  findErrorReason,
  formatErrorReason,
  integrationProviderParamsSchema,
  integrationRequestListQuerySchema,
  inviteMemberFormSchema,
  inviteToSpaceSchema,
  isApiErrorBody,
  processDocumentsSchema,
  readApiErrorBody,
  renameSpaceFileSchema,
  resetPasswordSchema,
  searchQuerySchema,
  setSpaceRoleSchema,
  sharedFileListQuerySchema,
  shareFileSchema,
  signInSchema,
  taskListQuerySchema,
  teamSearchQuerySchema,
  updateMemberRoleSchema,
  updateTaskStatusSchema,
} from '@lumen/contract';
import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { AppError, validationError } from './errors.ts';

const long = (length: number) => 'x'.repeat(length);

/** Inputs that make every custom message of the contract's request and form schemas appear at least once. */
const INVALID_INPUTS: Array<[string, ZodType, unknown]> = [
  ['sign-up, empty', employeeSignUpSchema, { firstName: '', lastName: '', email: '', password: '' }],
  [
    'sign-up, too long',
    employeeSignUpSchema,
    { firstName: long(101), lastName: 'L', email: 'nope', password: 'short', inviteCode: 'code' },
  ],
  [
    'sign-up, long password',
    employeeSignUpSchema,
    { firstName: 'F', lastName: 'L', email: 'a@b.co', password: long(129) },
  ],
  ['sign-in', signInSchema, { email: 'a@b.co', password: '' }],
  ['password reset', resetPasswordSchema, { newPassword: 'long enough', token: '' }],
  ['team', createTeamSchema, { name: '' }],
  ['team, too long', createTeamSchema, { name: long(101), description: long(1001) }],
  ['department', departmentNameSchema, { name: '' }],
  ['department, too long', departmentNameSchema, { name: long(101) }],
  ['member role', updateMemberRoleSchema, { role: 'owner' }],
  ['team search', teamSearchQuerySchema, { q: '' }],
  ['team search, too long', teamSearchQuerySchema, { q: long(201) }],
  ['invitation', createInvitationSchema, { email: '' }],
  [
    'invitation, every field',
    createInvitationSchema,
    {
      email: 'nope',
      fullName: long(121),
      role: 'owner',
      departmentId: 'x',
      customRole: long(61),
      customDepartment: long(61),
    },
  ],
  [
    'invitation form',
    inviteMemberFormSchema,
    { fullName: '', email: 'a@b.co', role: 'custom', department: 'custom', customRole: '', customDepartment: '' },
  ],
  ['space', createSpaceSchema, { name: '' }],
  ['space, too long', createSpaceSchema, { name: long(81), description: long(1001) }],
  ['space, no letter', createSpaceSchema, { name: '!!!' }],
  ['space role', setSpaceRoleSchema, { role: 'owner' }],
  ['space member', addSpaceMemberSchema, { userId: '', role: 'owner' }],
  ['space invitation', inviteToSpaceSchema, { email: '' }],
  ['space invitation, bad email', inviteToSpaceSchema, { email: 'nope', role: 'owner' }],
  ['space file rename', renameSpaceFileSchema, { filename: long(256) }],
  ['task', createTaskSchema, { title: '', assignedTo: '', priority: 'soon', dueDate: 'tomorrow' }],
  ['task, too long', createTaskSchema, { title: long(201), assignedTo: 'someone' }],
  ['task status', updateTaskStatusSchema, { status: 'doing' }],
  ['task list', taskListQuerySchema, { assignedTo: 'them' }],
  ['shared file', shareFileSchema, { title: '', url: '' }],
  ['shared file, bad url', shareFileSchema, { title: 'T', url: 'nope', platform: 'fax' }],
  ['shared file, too long', shareFileSchema, { title: long(201), url: `https://a.b/${long(2000)}` }],
  ['shared file, both', shareFileSchema, { title: 'T', url: 'https://a.b', sharedWithUserId: 'u', spaceId: 's' }],
  ['shared file list', sharedFileListQuerySchema, { scope: 'everything' }],
  ['search', searchQuerySchema, { q: '' }],
  ['search, unknown platform', searchQuerySchema, { q: 'x', source: 'fax' }],
  ['document id', documentIdParamsSchema, { id: 'x' }],
  ['process', processDocumentsSchema, { documentIds: [] }],
  ['process, too many', processDocumentsSchema, { documentIds: Array.from({ length: 101 }, () => 'x') }],
  ['ask', askRequestSchema, { query: ' ' }],
  ['ask, too long', askRequestSchema, { query: long(8001) }],
  ['chat', chatRequestSchema, { id: 'x', spaceId: 'y', message: { id: 'm', role: 'user', parts: [] } }],
  [
    'chat, unknown platform',
    chatRequestSchema,
    {
      id: '00000000-0000-4000-8000-000000000000',
      platform: 'fax',
      message: { id: 'm', role: 'user', parts: [{ type: 'text', text: 'x' }] },
    },
  ],
  ['conversations of a space', conversationListQuerySchema, { spaceId: 'y' }],
  ['integration provider', integrationProviderParamsSchema, { provider: 'fax' }],
  ['integration request', createIntegrationRequestSchema, { platform: ' ', purpose: '', urgency: 'now' }],
  ['integration request, too long', createIntegrationRequestSchema, { platform: long(81), purpose: long(1001) }],
  ['integration request answer', decideIntegrationRequestSchema, { status: 'maybe' }],
  ['integration request list', integrationRequestListQuerySchema, { status: 'maybe' }],
];

describe('ERROR_REASONS', () => {
  it.each(ERROR_REASON_NAMES)('%s is a client error (4xx), a passing outage (503) or full storage (507)', (reason) => {
    const status = ERROR_STATUS[ERROR_REASONS[reason].code];
    expect(status).toBeGreaterThanOrEqual(400);
    if (status >= 500) expect([503, 507]).toContain(status);
  });

  it('names every reason in UPPER_SNAKE and gives each message once, so a message leads back to one reason', () => {
    for (const reason of ERROR_REASON_NAMES) expect(reason).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
    const messages = ERROR_REASON_NAMES.map((reason) => ERROR_REASONS[reason].message);
    expect(new Set(messages).size).toBe(messages.length);
  });

  it.each(INVALID_INPUTS)('has a reason for every message of the schema (%s)', (_name, schema, input) => {
    const result = schema.safeParse(input);
    expect(result.success).toBe(false);
    const messages = result.success ? [] : result.error.issues.map((issue) => issue.message);
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.filter((message) => findErrorReason(message) === undefined)).toEqual([]);
  });

  it('fills the placeholders of a message, and finds no reason for a filled one', () => {
    const message = formatErrorReason('FILE_TOO_LARGE', { filename: 'a.pdf', maxMb: 5 });
    expect(message).toBe('File "a.pdf" is larger than the 5 MB limit.');
    expect(findErrorReason(message)).toBeUndefined();
    expect(findErrorReason(ERROR_REASONS.FILE_TOO_LARGE.message)).toBeUndefined();
  });
});

describe('AppError.of', () => {
  it('takes the code and message from the catalogue and keeps the reason', () => {
    const error = AppError.of('SPACE_NAME_TAKEN');
    expect(error).toMatchObject({ code: 'CONFLICT', reason: 'SPACE_NAME_TAKEN', statusCode: 409 });
    expect(error.message).toBe(ERROR_REASONS.SPACE_NAME_TAKEN.message);
    expect(AppError.of('TOO_MANY_FILES', { max: 3 }, { field: 'files' })).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'You can upload at most 3 files at once.',
      details: { field: 'files' },
    });
  });

  it("derives a validation error's reason from its first message, and none for zod's own messages", () => {
    const invalidRole = updateMemberRoleSchema.safeParse({ role: 'owner' });
    expect(invalidRole.success ? null : validationError(invalidRole.error)).toMatchObject({
      code: 'VALIDATION_FAILED',
      reason: 'INVALID_ROLE',
      message: ERROR_REASONS.INVALID_ROLE.message,
    });
    const unnamed = searchQuerySchema.safeParse({ q: 'x', limit: 0 });
    expect(unnamed.success ? null : validationError(unnamed.error).reason).toBeUndefined();
  });
});

describe('error bodies', () => {
  it('accepts a known reason, refuses a malformed one, and reads a body with an unknown reason without it', () => {
    expect(isApiErrorBody({ error: { code: 'GONE', message: 'Gone', reason: 'INVITATION_EXPIRED' } })).toBe(true);
    expect(isApiErrorBody({ error: { code: 'CONFLICT', message: 'New', reason: 'SOMETHING_NEW' } })).toBe(false);
    expect(readApiErrorBody({ error: { code: 'CONFLICT', message: 'New', reason: 'SOMETHING_NEW' } })).toEqual({
      error: { code: 'CONFLICT', message: 'New' },
    });
    expect(readApiErrorBody({ error: { code: 'CONFLICT' } })).toBeUndefined();
  });
});
