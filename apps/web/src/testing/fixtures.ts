import {
  type DocumentSummary,
  type ErrorReason,
  type ErrorReasonParams,
  formatErrorReason,
  type RoleState,
  TEAM_MESSAGES,
  type UploadedFile,
  type UploadRefusal,
} from '@lumen/contract';
import { apiErrorResponse, jsonResponse, type StubReply, type StubRoutes, stubFetch } from './fetch-stub';

export const testUser = {
  id: 'user-1',
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  firstName: 'Ada',
  lastName: 'Lovelace',
  image: null,
  emailVerified: true,
};

export const testSession = {
  session: { id: 'session-1', expiresAt: '2030-01-01T00:00:00.000Z' },
  user: testUser,
};

export function roleState(role: RoleState['role']): RoleState {
  if (role === null) {
    return { role: null, teamId: null, teamName: null, isAdmin: false, canManageTeam: false, hasTeam: false };
  }
  return {
    role,
    teamId: 'team-1',
    teamName: 'Marketing',
    isAdmin: role === 'admin',
    canManageTeam: role === 'admin' || role === 'team_lead',
    hasTeam: true,
  };
}

/**
 * The session and sign-out endpoints, for stubFetch: the session answers (when `isSignedIn`) until
 * POST /api/auth/sign-out, and null after it, as the server would.
 */
export function createSignOutRoutes({ isSignedIn = true }: { isSignedIn?: boolean } = {}) {
  let session: typeof testSession | null = isSignedIn ? testSession : null;
  return {
    'GET /api/auth/get-session': () => jsonResponse(session),
    'POST /api/auth/sign-out': () => {
      session = null;
      return jsonResponse({ success: true });
    },
  };
}

/** A document as the documents API lists it: a freshly uploaded PDF, still pending, unless overridden. */
export function documentSummary(id: string, title: string, overrides: Partial<DocumentSummary> = {}): DocumentSummary {
  return {
    id,
    title,
    source: 'upload',
    mimeType: 'application/pdf',
    status: 'pending',
    error: null,
    pageCount: null,
    chunkCount: 0,
    fileId: `file-${id}`,
    fileSize: 100,
    spaceId: null,
    tags: [],
    createdAt: '2026-11-21T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}

/** A file as POST /api/files stores it, with its (pending) document. */
export function uploadedFile(id: string, filename: string, size = 100): UploadedFile {
  return {
    id: `file-${id}`,
    filename,
    size,
    mimeType: 'application/pdf',
    sha256: 'a'.repeat(64),
    document: documentSummary(id, filename),
  };
}

/** A file an upload refused, as the server lists it: the reason's English message filled with the file and `params`. */
export function uploadRefusal(
  name: string,
  reason: ErrorReason,
  params: Record<string, string | number> = {},
): UploadRefusal {
  const values = { filename: name, ...params };
  // The values of this one reason; the type asks for every reason's placeholders at once.
  const message = formatErrorReason(reason, values as ErrorReasonParams<typeof reason>);
  return { name, reason, message, params: values };
}

/** What every team-scoped route answers a user without a team: 404 with the server's message and reason NO_TEAM. */
export function noTeamResponse(): Response {
  return apiErrorResponse(404, 'NOT_FOUND', TEAM_MESSAGES.noTeam, 'NO_TEAM');
}

/**
 * A signed-in Ada, with a role in team 'Marketing' (null: no team yet), a role state, or a handler for
 * GET /api/me/role, plus the screen's own endpoints.
 */
export function stubSignedIn(role: RoleState['role'] | RoleState | StubReply, routes: StubRoutes = {}) {
  const roleReply = role === null || typeof role === 'string' ? jsonResponse(roleState(role)) : role;
  return stubFetch({
    'GET /api/auth/get-session': jsonResponse(testSession),
    'GET /api/me/role':
      roleReply instanceof Response || typeof roleReply === 'function' ? roleReply : jsonResponse(roleReply),
    ...routes,
  });
}
