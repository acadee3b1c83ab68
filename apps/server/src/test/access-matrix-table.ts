import { type Role, SPACE_FILE_PERMISSIONS } from '@lumen/contract';
import type { FilePart } from './multipart.ts';
import type { Actor } from './team-fixtures.ts';

/**
 * The route x role x ownership matrix (issue #15): for every route of the OpenAPI document, who may use it, stated
 * from the product rules (docs/product-rules.md, the spec) rather than from the code, and a request that is valid
 * for the actor. `access-matrix.test.ts` generates a case per route x actor x resource from it.
 */

export const ACTOR_NAMES = [
  'admin',
  'lead',
  'employee',
  'viewer',
  'spaceAdmin',
  'spaceLead',
  'spaceEmployee',
  'spaceViewer',
  'outsider',
  'teamless',
  'anonymous',
] as const;
export type ActorName = (typeof ACTOR_NAMES)[number];

/** What the rules read about an actor; the space actors are team employees holding a role in both matrix spaces. */
export interface ActorFacts {
  /** Their role in their own team (team A, or team B for the outsider); null without a team. */
  teamRole: Role | null;
  isInTeamA: boolean;
  /** Their role in team A's public and private matrix spaces; null when not a member. */
  spaceRole: Role | null;
  isSignedIn: boolean;
}

export const ACTOR_FACTS: Record<ActorName, ActorFacts> = {
  admin: { teamRole: 'admin', isInTeamA: true, spaceRole: null, isSignedIn: true },
  lead: { teamRole: 'team_lead', isInTeamA: true, spaceRole: null, isSignedIn: true },
  employee: { teamRole: 'employee', isInTeamA: true, spaceRole: null, isSignedIn: true },
  viewer: { teamRole: 'viewer', isInTeamA: true, spaceRole: null, isSignedIn: true },
  spaceAdmin: { teamRole: 'employee', isInTeamA: true, spaceRole: 'admin', isSignedIn: true },
  spaceLead: { teamRole: 'employee', isInTeamA: true, spaceRole: 'team_lead', isSignedIn: true },
  spaceEmployee: { teamRole: 'employee', isInTeamA: true, spaceRole: 'employee', isSignedIn: true },
  spaceViewer: { teamRole: 'employee', isInTeamA: true, spaceRole: 'viewer', isSignedIn: true },
  outsider: { teamRole: 'admin', isInTeamA: false, spaceRole: null, isSignedIn: true },
  teamless: { teamRole: null, isInTeamA: false, spaceRole: null, isSignedIn: true },
  anonymous: { teamRole: null, isInTeamA: false, spaceRole: null, isSignedIn: false },
};

/**
 * The resource a case names. 'own': the actor's own (conversation, upload, task assigned to them, message, share,
 * an invitation to them); 'others': team A's, of someone else; 'public' / 'private': team A's public or private
 * matrix space (or a file in it). A route without resources has one case per actor ('none').
 */
export type Variant = 'none' | 'own' | 'others' | 'public' | 'private';

export type SpacePermission = 'view' | 'upload' | 'edit' | 'delete' | 'manage-roles';

/**
 * Who may. 'public': anyone, signed out too; 'signed-in': anyone signed in, teamless too; 'teamless': signed in
 * without a team; 'member' / 'manager' (admin, team_lead) / 'admin': by role in a team (the caller's own team; where
 * the case names team A's resource, in team A); 'owner': on the 'own' variant; 'space:*': the space file matrix on
 * the 'public' / 'private' variants (team admins act as space admin; a non-member may view a public space only).
 */
export type Access =
  | 'public'
  | 'signed-in'
  | 'teamless'
  | 'member'
  | 'manager'
  | 'admin'
  | 'owner'
  | `space:${SpacePermission}`;

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface MatrixRequest {
  url: string;
  body?: object;
  files?: FilePart[];
}

export interface MatrixSpace {
  id: string;
  slug: string;
  /** A file of the space uploaded by its employee member (the space-file id and its document id). */
  fileId: string;
  documentId: string;
}

export interface MatrixFixtures {
  actors: Record<ActorName, Actor>;
  teamId: string;
  spaces: Record<'public' | 'private', MatrixSpace>;
  /** Per actor: their own upload, conversation, task (assigned to them), team chat message, share (managers). */
  uploads: Partial<Record<ActorName, string>>;
  conversations: Partial<Record<ActorName, string>>;
  tasks: Partial<Record<ActorName, string>>;
  messages: Partial<Record<ActorName, string>>;
  shares: Partial<Record<ActorName, string>>;
  /** Invitations to the space of invitations, one per team A actor (accepting one changes no matrix space). */
  spaceInvitations: Partial<Record<ActorName, string>>;
  invitationId: string;
  departmentId: string;
  integrationRequestId: string;
  alertId: string;
  /** A team A employee the member routes act on (role changes, removal, space membership). */
  target: Actor;
}

export interface CaseInput {
  fx: MatrixFixtures;
  actor: ActorName;
  variant: Variant;
  /** The id a fresh resource was made with, for a case of a destructive route that is expected to succeed. */
  fresh?: string;
}

/** Made before a destructive case that should succeed: a fresh resource, and who acts (a fresh user) if not the actor. */
export interface FreshResource {
  id?: string;
  as?: Actor;
}

export interface MatrixEntry {
  /** Who may (any of). Empty with `notARoleRule`: only "never a 5xx" is checked. */
  who: Access[];
  /** What must hold as well (all of), e.g. a manager who also may see the space. */
  requires?: Access[];
  /** The resources the cases name; ['none'] when left out. */
  on?: Variant[];
  request(input: CaseInput): MatrixRequest;
  /** Makes what an allowed case of a destructive route uses up (the refused cases run first, on the shared one). */
  fresh?:
    | 'space'
    | 'space-file'
    | 'task'
    | 'message'
    | 'share'
    | 'conversation'
    | 'upload'
    | 'invitation'
    | 'department'
    | 'alert'
    | 'member'
    | 'space-member'
    | 'teamless-user'
    | 'invited-teamless-user'
    | 'space-invitation';
  /** What another team's admin gets for team A's resource: 404 unless the spec says otherwise. */
  outsiderStatus?: number;
  /** Statuses that also mean "refused" here (a state rule such as 409 'already in a team'). */
  alsoRefusedWith?: number[];
  /** The same route where a query or body field brings a rule of its own (a manager's view, a space's scope). */
  also?: Array<Pick<MatrixEntry, 'who' | 'requires' | 'on' | 'request'> & { what: string }>;
  /** Why the outcome is not a role rule (auth, health, OAuth pages): only "never a 5xx" is asserted. */
  notARoleRule?: string;
}

const SPACE_PERMISSION_KEYS = {
  view: 'canView',
  upload: 'canUpload',
  edit: 'canEdit',
  delete: 'canDelete',
  'manage-roles': 'canManageRoles',
} as const;

/** The spec's space rule: team A's admins act as space admin; members by their space role; others view public only. */
function holdsSpacePermission(facts: ActorFacts, isPrivate: boolean, permission: SpacePermission): boolean {
  if (!facts.isInTeamA) return false;
  const role = facts.teamRole === 'admin' ? 'admin' : facts.spaceRole;
  if (role) return SPACE_FILE_PERMISSIONS[role][SPACE_PERMISSION_KEYS[permission]];
  return !isPrivate && permission === 'view';
}

function holdsTeamRole(facts: ActorFacts, variant: Variant, roles: readonly Role[]): boolean {
  // A case naming team A's resource needs team A; otherwise the caller acts in their own team.
  const isInTheTeam = variant === 'none' ? facts.teamRole !== null : facts.isInTeamA;
  return isInTheTeam && facts.teamRole !== null && roles.includes(facts.teamRole);
}

const MANAGERS: Role[] = ['admin', 'team_lead'];
const MEMBERS: Role[] = ['admin', 'team_lead', 'employee', 'viewer'];

export function isAllowed(access: Access, actor: ActorName, variant: Variant): boolean {
  const facts = ACTOR_FACTS[actor];
  if (access === 'public') return true;
  if (!facts.isSignedIn) return false;
  switch (access) {
    case 'signed-in':
      return true;
    case 'teamless':
      return facts.teamRole === null;
    case 'member':
      return holdsTeamRole(facts, variant, MEMBERS);
    case 'manager':
      return holdsTeamRole(facts, variant, MANAGERS);
    case 'admin':
      return holdsTeamRole(facts, variant, ['admin']);
    case 'owner':
      return variant === 'own';
    default:
      if (variant !== 'public' && variant !== 'private') return false;
      return holdsSpacePermission(facts, variant === 'private', access.slice('space:'.length) as SpacePermission);
  }
}

export function isEntryAllowed(
  entry: Pick<MatrixEntry, 'who' | 'requires'>,
  actor: ActorName,
  variant: Variant,
): boolean {
  return (
    entry.who.some((access) => isAllowed(access, actor, variant)) &&
    (entry.requires ?? []).every((access) => isAllowed(access, actor, variant))
  );
}

/** Whose resource 'others' names: the employee's, or for the employee the viewer's. */
export function otherThan(actor: ActorName): ActorName {
  return actor === 'employee' ? 'viewer' : 'employee';
}

/** The id of the actor's own resource ('own') or someone else's ('others'); throws when the fixture has none. */
export function resourceOf(map: Partial<Record<ActorName, string>>, { actor, variant, fresh }: CaseInput): string {
  if (fresh) return fresh;
  const id = map[variant === 'own' ? actor : otherThan(actor)];
  if (!id) throw new Error(`no ${variant} resource for ${actor}`);
  return id;
}

/** A share: the actor's own, or another manager's (only managers share). */
function shareOf(input: CaseInput): string {
  if (input.fresh || input.variant === 'own') return resourceOf(input.fx.shares, input);
  const id = input.fx.shares[input.actor === 'admin' ? 'lead' : 'admin'];
  if (!id) throw new Error('no share');
  return id;
}

function spaceOf({ fx, variant }: CaseInput): MatrixSpace {
  if (variant !== 'public' && variant !== 'private') throw new Error(`a space case needs a space variant: ${variant}`);
  return fx.spaces[variant];
}

function spaceIdOf(input: CaseInput): string {
  return input.fresh ?? spaceOf(input).id;
}

/** A document: the actor's own upload, another's, or a file of a matrix space. */
function documentOf(input: CaseInput): string {
  if (input.fresh) return input.fresh;
  if (input.variant === 'public' || input.variant === 'private') return spaceOf(input).documentId;
  return resourceOf(input.fx.uploads, input);
}

const SPACES: Variant[] = ['public', 'private'];
const OWNED: Variant[] = ['own', 'others'];
const DOCUMENTS: Variant[] = ['own', 'others', 'public', 'private'];
const TEAM_A: Variant[] = ['others'];
const AUTH = 'Better Auth: sign-up, sign-in and sessions are not a role rule (auth.test.ts, sessions.test.ts)';
const CONNECTION =
  "acts on the caller's own connection of the provider; no other person's can be named (integrations.test.ts)";
const SHARES = '/api/teams/current/shared-files';
const unique = () => Math.random().toString(36).slice(2, 10);
const textFile = (name: string): FilePart => ({ filename: `${name}.txt`, content: `Matrix notes ${name}.` });

function chatBody() {
  return {
    id: crypto.randomUUID(),
    message: { id: `m-${unique()}`, role: 'user', parts: [{ type: 'text', text: 'Hello' }] },
  };
}

/** Every route of the OpenAPI document, keyed 'METHOD /api/path/{param}'. */
export const ACCESS_MATRIX: Record<string, MatrixEntry> = {
  'GET /api/analytics': { who: ['member'], request: () => ({ url: '/api/analytics' }) },
  'PUT /api/analytics/goals': {
    who: ['admin'],
    request: () => ({
      url: '/api/analytics/goals',
      body: { documents: 100, organisationPercent: 80, accuracyPercent: 90 },
    }),
  },
  'POST /api/ask': { who: ['signed-in'], request: () => ({ url: '/api/ask', body: { query: 'matrix notes' } }) },
  'GET /api/assistant/model': { who: ['signed-in'], request: () => ({ url: '/api/assistant/model' }) },
  'GET /api/audit/alerts': { who: ['admin'], request: () => ({ url: '/api/audit/alerts' }) },
  'POST /api/audit/alerts/{id}/resolve': {
    who: ['admin'],
    on: TEAM_A,
    fresh: 'alert',
    request: ({ fx, fresh }) => ({ url: `/api/audit/alerts/${fresh ?? fx.alertId}/resolve` }),
  },
  'GET /api/audit/export': { who: ['admin'], request: () => ({ url: '/api/audit/export?format=json' }) },
  'GET /api/audit/logs': { who: ['admin'], request: () => ({ url: '/api/audit/logs' }) },
  'GET /api/audit/verify': { who: ['admin'], request: () => ({ url: '/api/audit/verify' }) },
  'POST /api/auth/request-password-reset': {
    who: [],
    notARoleRule: AUTH,
    request: ({ fx, actor }) => ({
      url: '/api/auth/request-password-reset',
      body: { email: fx.actors[actor].email || 'nobody@example.com', redirectTo: '/auth?mode=reset' },
    }),
  },
  'POST /api/auth/sign-in/social': {
    who: [],
    notARoleRule: AUTH,
    request: () => ({ url: '/api/auth/sign-in/social', body: { provider: 'google', callbackURL: '/chat' } }),
  },
  'POST /api/auth/sign-up/email': {
    who: [],
    notARoleRule: AUTH,
    request: () => ({
      url: '/api/auth/sign-up/email',
      body: {
        email: `matrix-${unique()}@example.com`,
        password: 'correct horse battery',
        firstName: 'M',
        lastName: 'X',
      },
    }),
  },
  'POST /api/auth/sign-in/email': {
    who: [],
    notARoleRule: AUTH,
    request: () => ({ url: '/api/auth/sign-in/email', body: { email: 'nobody@example.com', password: 'wrong one' } }),
  },
  'GET /api/auth/{*}': { who: [], notARoleRule: AUTH, request: () => ({ url: '/api/auth/get-session' }) },
  'POST /api/auth/{*}': {
    who: [],
    notARoleRule: AUTH,
    request: () => ({ url: '/api/auth/update-user', body: { firstName: 'Ada' } }),
  },
  'POST /api/chat': {
    who: ['signed-in'],
    also: [
      {
        what: "in a space's chat",
        who: ['space:view'],
        on: SPACES,
        request: (input) => ({ url: '/api/chat', body: { ...chatBody(), spaceId: spaceOf(input).id } }),
      },
    ],
    request: () => ({ url: '/api/chat', body: chatBody() }),
  },
  'POST /api/client-events': {
    who: ['signed-in'],
    request: () => ({
      url: '/api/client-events',
      body: { events: [{ type: 'page_visit', route: '/chat', at: new Date().toISOString() }] },
    }),
  },
  'GET /api/conversations': {
    who: ['signed-in'],
    request: () => ({ url: '/api/conversations' }),
    also: [
      {
        what: "a space's conversations",
        who: ['space:view'],
        on: SPACES,
        request: (input) => ({ url: `/api/conversations?spaceId=${spaceOf(input).id}` }),
      },
    ],
  },
  'GET /api/conversations/{id}': {
    who: ['owner'],
    on: OWNED,
    request: (input) => ({ url: `/api/conversations/${resourceOf(input.fx.conversations, input)}` }),
  },
  'DELETE /api/conversations/{id}': {
    who: ['owner'],
    on: OWNED,
    fresh: 'conversation',
    request: (input) => ({ url: `/api/conversations/${resourceOf(input.fx.conversations, input)}` }),
  },
  'GET /api/documents': { who: ['signed-in'], request: () => ({ url: '/api/documents' }) },
  // Processing changes a document: the edit rule (own uploads; space files where the space role may edit).
  'POST /api/documents/process': {
    who: ['owner', 'space:edit'],
    on: DOCUMENTS,
    request: (input) => ({ url: '/api/documents/process', body: { documentIds: [documentOf(input)] } }),
  },
  'GET /api/documents/{id}': {
    who: ['owner', 'space:view'],
    on: DOCUMENTS,
    request: (input) => ({ url: `/api/documents/${documentOf(input)}` }),
  },
  // A space's files are deleted through the space (DELETE /api/spaces/{id}/files/{fileId}), not here.
  'DELETE /api/documents/{id}': {
    who: ['owner'],
    on: DOCUMENTS,
    fresh: 'upload',
    request: (input) => ({ url: `/api/documents/${documentOf(input)}` }),
  },
  'GET /api/documents/{id}/content': {
    who: ['owner', 'space:view'],
    on: DOCUMENTS,
    request: (input) => ({ url: `/api/documents/${documentOf(input)}/content` }),
  },
  'POST /api/files': { who: ['signed-in'], request: () => ({ url: '/api/files', files: [textFile('upload')] }) },
  'GET /api/health': { who: ['public'], request: () => ({ url: '/api/health' }) },
  'POST /api/integration-requests': {
    who: ['member'],
    request: () => ({
      url: '/api/integration-requests',
      body: { platform: `Tool ${unique()}`, purpose: 'Matrix', urgency: 'low' },
    }),
  },
  'GET /api/integration-requests': { who: ['admin'], request: () => ({ url: '/api/integration-requests' }) },
  'GET /api/integration-requests/mine': { who: ['member'], request: () => ({ url: '/api/integration-requests/mine' }) },
  'PATCH /api/integration-requests/{id}': {
    who: ['admin'],
    on: TEAM_A,
    request: ({ fx }) => ({ url: `/api/integration-requests/${fx.integrationRequestId}`, body: { status: 'planned' } }),
  },
  'GET /api/integrations': { who: ['signed-in'], request: () => ({ url: '/api/integrations' }) },
  'GET /api/integrations/popup-result.js': {
    who: [],
    notARoleRule: 'a static script of the OAuth popup page',
    request: () => ({ url: '/api/integrations/popup-result.js' }),
  },
  'GET /api/integrations/{provider}/callback': {
    who: [],
    notARoleRule: "the provider's OAuth redirect page: the state decides, not a role (oauth.test.ts)",
    request: () => ({ url: '/api/integrations/google-drive/callback?code=x&state=y' }),
  },
  'GET /api/integrations/{provider}/connect': {
    who: [],
    notARoleRule: CONNECTION,
    request: () => ({ url: '/api/integrations/google-drive/connect' }),
  },
  'POST /api/integrations/{provider}/disconnect': {
    who: [],
    notARoleRule: CONNECTION,
    request: () => ({ url: '/api/integrations/google-drive/disconnect' }),
  },
  'GET /api/integrations/{provider}/failures': {
    who: [],
    notARoleRule: CONNECTION,
    request: () => ({ url: '/api/integrations/google-drive/failures' }),
  },
  'POST /api/integrations/{provider}/sync': {
    who: [],
    notARoleRule: CONNECTION,
    request: () => ({ url: '/api/integrations/google-drive/sync' }),
  },
  // The acceptance page reads an invitation before sign-in: the id is the secret.
  'GET /api/invitations/{id}': {
    who: ['public'],
    on: TEAM_A,
    request: ({ fx }) => ({ url: `/api/invitations/${fx.invitationId}` }),
  },
  // Only the invited address accepts ('own': an invitation to a fresh person without a team).
  'POST /api/invitations/{id}/accept': {
    who: ['owner'],
    on: OWNED,
    fresh: 'invited-teamless-user',
    // The id is the secret and readable without sign-in; the spec names the refusal ('for a different email address').
    outsiderStatus: 403,
    request: ({ fx, fresh }) => ({ url: `/api/invitations/${fresh ?? fx.invitationId}/accept` }),
  },
  'GET /api/me/daily-updates': { who: ['signed-in'], request: () => ({ url: '/api/me/daily-updates' }) },
  'GET /api/me/preferences': { who: ['signed-in'], request: () => ({ url: '/api/me/preferences' }) },
  'PUT /api/me/preferences': {
    who: ['signed-in'],
    request: () => ({ url: '/api/me/preferences', body: { theme: 'dark' } }),
  },
  'GET /api/me/role': { who: ['signed-in'], request: () => ({ url: '/api/me/role' }) },
  'GET /api/search': { who: ['signed-in'], request: () => ({ url: '/api/search?q=matrix' }) },
  // Only the invited person of the space's team joins ('own': an invitation to them).
  'POST /api/space-invitations/{token}/accept': {
    who: ['owner'],
    on: OWNED,
    fresh: 'space-invitation',
    request: (input) => ({ url: `/api/space-invitations/${resourceOf(input.fx.spaceInvitations, input)}/accept` }),
  },
  'GET /api/spaces': { who: ['member'], request: () => ({ url: '/api/spaces' }) },
  'POST /api/spaces': {
    who: ['manager'],
    request: () => ({ url: '/api/spaces', body: { name: `Matrix ${unique()}`, isPrivate: true } }),
  },
  'GET /api/spaces/by-slug/{slug}': {
    who: ['space:view'],
    on: SPACES,
    request: (input) => ({ url: `/api/spaces/by-slug/${spaceOf(input).slug}` }),
  },
  'GET /api/spaces/{id}': {
    who: ['space:view'],
    on: SPACES,
    request: (input) => ({ url: `/api/spaces/${spaceIdOf(input)}` }),
  },
  'PATCH /api/spaces/{id}': {
    who: ['space:manage-roles'],
    on: SPACES,
    request: (input) => ({ url: `/api/spaces/${spaceIdOf(input)}`, body: { description: `Edited ${unique()}` } }),
  },
  'DELETE /api/spaces/{id}': {
    who: ['space:manage-roles'],
    on: SPACES,
    fresh: 'space',
    request: (input) => ({ url: `/api/spaces/${spaceIdOf(input)}` }),
  },
  'GET /api/spaces/{id}/files': {
    who: ['space:view'],
    on: SPACES,
    request: (input) => ({ url: `/api/spaces/${spaceIdOf(input)}/files` }),
  },
  'POST /api/spaces/{id}/files': {
    who: ['space:upload'],
    on: SPACES,
    request: (input) => ({ url: `/api/spaces/${spaceIdOf(input)}/files`, files: [textFile('space-upload')] }),
  },
  'PATCH /api/spaces/{id}/files/{fileId}': {
    who: ['space:edit'],
    on: SPACES,
    request: (input) => ({
      url: `/api/spaces/${spaceOf(input).id}/files/${spaceOf(input).fileId}`,
      body: { filename: `renamed-${unique()}.txt` },
    }),
  },
  'DELETE /api/spaces/{id}/files/{fileId}': {
    who: ['space:delete'],
    on: SPACES,
    fresh: 'space-file',
    request: (input) => ({ url: `/api/spaces/${spaceOf(input).id}/files/${input.fresh ?? spaceOf(input).fileId}` }),
  },
  'GET /api/spaces/{id}/files/{fileId}/content': {
    who: ['space:view'],
    on: SPACES,
    request: (input) => ({ url: `/api/spaces/${spaceOf(input).id}/files/${spaceOf(input).fileId}/content` }),
  },
  'POST /api/spaces/{id}/invitations': {
    who: ['space:manage-roles'],
    on: SPACES,
    request: (input) => ({
      url: `/api/spaces/${spaceIdOf(input)}/invitations`,
      body: { email: input.fx.target.email, role: 'viewer' },
    }),
  },
  'GET /api/spaces/{id}/members': {
    who: ['space:view'],
    on: SPACES,
    request: (input) => ({ url: `/api/spaces/${spaceIdOf(input)}/members` }),
  },
  'POST /api/spaces/{id}/members': {
    who: ['space:manage-roles'],
    on: SPACES,
    request: (input) => ({
      url: `/api/spaces/${spaceIdOf(input)}/members`,
      body: { userId: input.fx.target.userId, role: 'viewer' },
    }),
  },
  'DELETE /api/spaces/{id}/members/{userId}': {
    who: ['space:manage-roles'],
    on: SPACES,
    fresh: 'space-member',
    request: (input) => ({ url: `/api/spaces/${spaceIdOf(input)}/members/${input.fx.target.userId}` }),
  },
  'PUT /api/spaces/{id}/members/{userId}/role': {
    who: ['space:manage-roles'],
    on: SPACES,
    request: (input) => ({
      url: `/api/spaces/${spaceIdOf(input)}/members/${input.fx.target.userId}/role`,
      body: { role: 'viewer' },
    }),
  },
  'GET /api/team-chat/messages': { who: ['member'], request: () => ({ url: '/api/team-chat/messages' }) },
  'POST /api/team-chat/messages': {
    who: ['member'],
    request: () => ({ url: '/api/team-chat/messages', body: { content: 'Matrix hello' } }),
  },
  'PATCH /api/team-chat/messages/{id}': {
    who: ['owner'],
    on: OWNED,
    request: (input) => ({
      url: `/api/team-chat/messages/${resourceOf(input.fx.messages, input)}`,
      body: { content: `Edited ${unique()}` },
    }),
  },
  'DELETE /api/team-chat/messages/{id}': {
    who: ['owner', 'admin'],
    on: OWNED,
    fresh: 'message',
    request: (input) => ({ url: `/api/team-chat/messages/${resourceOf(input.fx.messages, input)}` }),
  },
  'GET /api/team-chat/presence': { who: ['member'], request: () => ({ url: '/api/team-chat/presence' }) },
  'PUT /api/team-chat/read': { who: ['member'], request: () => ({ url: '/api/team-chat/read', body: { seq: 0 } }) },
  'GET /api/team-chat/unread': { who: ['member'], request: () => ({ url: '/api/team-chat/unread' }) },
  'POST /api/teams': {
    who: ['teamless'],
    fresh: 'teamless-user',
    alsoRefusedWith: [409],
    request: () => ({ url: '/api/teams', body: { name: `Matrix ${unique()}` } }),
  },
  'GET /api/teams/current': { who: ['member'], request: () => ({ url: '/api/teams/current' }) },
  'GET /api/teams/current/activity': { who: ['member'], request: () => ({ url: '/api/teams/current/activity' }) },
  'GET /api/teams/current/departments': {
    who: ['member'],
    request: () => ({ url: '/api/teams/current/departments' }),
  },
  'POST /api/teams/current/departments': {
    who: ['manager'],
    request: () => ({ url: '/api/teams/current/departments', body: { name: `Dept ${unique()}` } }),
  },
  'PATCH /api/teams/current/departments/{id}': {
    who: ['manager'],
    on: TEAM_A,
    request: ({ fx }) => ({
      url: `/api/teams/current/departments/${fx.departmentId}`,
      body: { name: `Dept ${unique()}` },
    }),
  },
  'DELETE /api/teams/current/departments/{id}': {
    who: ['manager'],
    on: TEAM_A,
    fresh: 'department',
    request: ({ fx, fresh }) => ({ url: `/api/teams/current/departments/${fresh ?? fx.departmentId}` }),
  },
  // Nobody invites above their own role: a viewer invitation is within every manager's rank.
  'POST /api/teams/current/invitations': {
    who: ['manager'],
    request: () => ({
      url: '/api/teams/current/invitations',
      body: { email: `invitee-${unique()}@example.com`, role: 'viewer' },
    }),
  },
  'GET /api/teams/current/invitations': {
    who: ['manager'],
    request: () => ({ url: '/api/teams/current/invitations' }),
  },
  'DELETE /api/teams/current/invitations/{id}': {
    who: ['manager'],
    on: TEAM_A,
    fresh: 'invitation',
    request: ({ fx, fresh }) => ({ url: `/api/teams/current/invitations/${fresh ?? fx.invitationId}` }),
  },
  'GET /api/teams/current/members': { who: ['member'], request: () => ({ url: '/api/teams/current/members' }) },
  'DELETE /api/teams/current/members/{userId}': {
    who: ['manager'],
    on: TEAM_A,
    fresh: 'member',
    request: ({ fx, fresh }) => ({ url: `/api/teams/current/members/${fresh ?? fx.target.userId}` }),
  },
  'PATCH /api/teams/current/members/{userId}/role': {
    who: ['admin'],
    on: TEAM_A,
    request: ({ fx }) => ({ url: `/api/teams/current/members/${fx.target.userId}/role`, body: { role: 'employee' } }),
  },
  'GET /api/teams/current/search': { who: ['member'], request: () => ({ url: '/api/teams/current/search?q=ada' }) },
  'POST /api/teams/current/shared-files': {
    who: ['manager'],
    request: () => ({ url: SHARES, body: { title: 'Matrix link', url: 'https://docs.example.com/matrix' } }),
    also: [
      {
        // Sharing into a space puts a link in front of its members: a manager who may see the space.
        what: 'with a space',
        who: ['manager'],
        requires: ['space:view'],
        on: SPACES,
        request: (input) => ({
          url: SHARES,
          body: { title: 'Space link', url: 'https://docs.example.com/space', spaceId: spaceOf(input).id },
        }),
      },
    ],
  },
  'GET /api/teams/current/shared-files': {
    who: ['member'],
    request: () => ({ url: '/api/teams/current/shared-files' }),
    also: [{ what: 'every share (scope=all)', who: ['manager'], request: () => ({ url: `${SHARES}?scope=all` }) }],
  },
  // A share is removed by its sharer or a team admin; only managers share, so 'own' exists for them only.
  'DELETE /api/teams/current/shared-files/{id}': {
    who: ['owner', 'admin'],
    on: OWNED,
    fresh: 'share',
    request: (input) => ({ url: `/api/teams/current/shared-files/${shareOf(input)}` }),
  },
  'GET /api/teams/current/stats': { who: ['member'], request: () => ({ url: '/api/teams/current/stats' }) },
  // Managers assign a task to a member of their team: naming team A's employee, so outsiders are refused.
  'POST /api/teams/current/tasks': {
    who: ['manager'],
    on: TEAM_A,
    request: ({ fx }) => ({
      url: '/api/teams/current/tasks',
      body: { title: 'Matrix task', assignedTo: fx.actors.employee.userId },
    }),
  },
  'GET /api/teams/current/tasks': {
    who: ['member'],
    request: () => ({ url: '/api/teams/current/tasks' }),
    also: [
      {
        what: 'every task (assignedTo=all)',
        who: ['manager'],
        request: () => ({ url: '/api/teams/current/tasks?assignedTo=all' }),
      },
    ],
  },
  // A task is ticked by its assignee or a manager.
  'PATCH /api/teams/current/tasks/{id}': {
    who: ['owner', 'manager'],
    on: OWNED,
    request: (input) => ({
      url: `/api/teams/current/tasks/${resourceOf(input.fx.tasks, input)}`,
      body: { status: 'done' },
    }),
  },
  'DELETE /api/teams/current/tasks/{id}': {
    who: ['manager'],
    on: TEAM_A,
    fresh: 'task',
    request: (input) => ({ url: `/api/teams/current/tasks/${resourceOf(input.fx.tasks, input)}` }),
  },
};
