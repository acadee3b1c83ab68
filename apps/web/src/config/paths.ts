/** Every route of the app (docs/product-rules.md#routes-and-guards), with typed links. */

export const AUTH_MODES = ['signin', 'signup', 'forgot', 'reset'] as const;
export type AuthMode = (typeof AUTH_MODES)[number];

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, value);
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export const paths = {
  home: { path: '/', getHref: () => '/' },
  auth: {
    path: '/auth',
    getHref: (mode?: AuthMode, query: Record<string, string | undefined> = {}) =>
      withQuery('/auth', { mode, ...query }),
  },
  acceptInvitation: {
    path: '/accept-invitation',
    getHref: (invitationId?: string) => withQuery('/accept-invitation', { id: invitationId }),
  },
  /** `invite` and `email` prefill the form (links from an invitation). */
  employeeLogin: {
    path: '/employee-login',
    getHref: (query: { invite?: string; email?: string } = {}) => withQuery('/employee-login', query),
  },
  employeeSignup: {
    path: '/employee-signup',
    getHref: (query: { invite?: string; email?: string } = {}) => withQuery('/employee-signup', query),
  },

  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  adminDashboard: { path: '/admin-dashboard', getHref: () => '/admin-dashboard' },
  employeeDashboard: { path: '/employee-dashboard', getHref: () => '/employee-dashboard' },
  chat: {
    path: '/chat',
    /** A conversation is kept in the URL (`?c=<uuid>`), so a reload or another browser restores it. */
    getHref: (conversationId?: string) => withQuery('/chat', { c: conversationId }),
  },
  workspace: {
    path: '/workspace',
    getHref: (query: { tab?: 'overview' | 'analytics' | 'documents' | 'team' | 'settings' } = {}) =>
      withQuery('/workspace', query),
  },
  workspaceNew: { path: '/workspace-new', getHref: () => '/workspace-new' },
  audit: { path: '/audit', getHref: () => '/audit' },
  teamChat: { path: '/team-chat', getHref: () => '/team-chat' },
  spaces: { path: '/spaces', getHref: () => '/spaces' },
  spacesNew: { path: '/spaces/new', getHref: () => '/spaces/new' },
  space: {
    path: '/spaces/:spaceName',
    getHref: (spaceName: string) => `/spaces/${encodeURIComponent(spaceName)}`,
  },
  analytics: { path: '/analytics', getHref: () => '/analytics' },
  assets: {
    path: '/assets',
    getHref: (query: { filter?: 'processed' | 'unprocessed'; action?: 'upload' } = {}) => withQuery('/assets', query),
  },
  teamManagement: {
    path: '/team-management',
    getHref: (
      query: {
        tab?: 'overview' | 'members' | 'spaces' | 'activity' | 'departments' | 'permissions';
        action?: 'invite';
      } = {},
    ) => withQuery('/team-management', query),
  },
  roleManagement: {
    path: '/role-management/:spaceId',
    getHref: (spaceId: string) => `/role-management/${encodeURIComponent(spaceId)}`,
  },
  spacesManagement: {
    path: '/spaces-management',
    /** `space` opens one space (its members and invitations); `token` accepts a space invitation. */
    getHref: (query: { space?: string; token?: string } = {}) => withQuery('/spaces-management', query),
  },
  notion: { path: '/notion', getHref: () => '/notion' },
} as const;
