/**
 * Query keys that more than one feature touches. A team change (creating a team, accepting an invitation, a role
 * change) alters the signed-in user's role, so the teams feature invalidates the role read by the me feature.
 */
export const ROLE_QUERY_KEY = ['me', 'role'] as const;
