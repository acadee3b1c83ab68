import type { ReactNode } from 'react';

/** The workspace screen's tabs, as they appear in the URL (?tab=). */
export const WORKSPACE_TABS = ['overview', 'analytics', 'documents', 'team', 'settings'] as const;
export type WorkspaceTab = (typeof WORKSPACE_TABS)[number];

/**
 * A team member as the workspace lists show one. The route builds it from the teams feature (name, avatar, role
 * badge), so this feature stays independent of it.
 */
export type WorkspaceMemberRow = {
  id: string;
  name: string;
  email: string;
  /** The department's name, else the custom department, else 'General'. */
  department: string;
  avatar: ReactNode;
  roleBadge: ReactNode;
};

/** The team search's answer, ready to list: members, spaces and documents (with where each one opens). */
export type WorkspaceSearchResults = {
  members: { id: string; name: string; email: string; roleLabel: string }[];
  spaces: { id: string; name: string; description: string | null }[];
  documents: { id: string; title: string; typeLabel: string | null; href: string }[];
};
