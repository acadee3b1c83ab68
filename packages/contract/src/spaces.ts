import { z } from 'zod';
import { uploadRefusalsSchema } from './assistant.ts';
import { ROLES, type Role, roleSchema } from './roles.ts';

/** The exact texts of the space screens and toasts (docs/product-rules.md#spaces). */
export const SPACE_MESSAGES = {
  nameRequired: 'Space name is required',
  enterName: 'Please enter a space name',
  created: 'Space created successfully!',
  createFailed: 'Failed to create space',
  loadFailed: 'Failed to load space details',
  notFound: 'Space not found',
  nameTaken: 'A space with this name already exists in your team',
  joined: "You've successfully joined the space!",
  acceptFailed: 'Failed to accept invitation. It may be expired or invalid.',
  acceptError: 'An error occurred while accepting the invitation.',
  noViewPermission: "You don't have permission to view files in this space.",
  noUploadPermission: "You don't have permission to upload files",
  noDeletePermission: "You don't have permission to delete files",
  noEditPermission: "You don't have permission to edit files",
} as const;

export const SPACE_NAME_MAX = 80;
export const SPACE_DESCRIPTION_MAX = 1000;
/** Space members and space invitations start as viewers (docs/product-rules.md#spaces). */
export const DEFAULT_SPACE_ROLE: Role = 'viewer';
export const SPACE_INVITATION_EXPIRY_DAYS = 7;

/** The file permissions of a space role (docs/product-rules.md#space-file-permissions). */
export interface FilePermissions {
  canView: boolean;
  canUpload: boolean;
  canEdit: boolean;
  canDelete: boolean;
  canManageRoles: boolean;
}

export const SPACE_FILE_PERMISSIONS: Record<Role, FilePermissions> = {
  admin: { canView: true, canUpload: true, canEdit: true, canDelete: true, canManageRoles: true },
  team_lead: { canView: true, canUpload: true, canEdit: true, canDelete: false, canManageRoles: false },
  employee: { canView: true, canUpload: true, canEdit: false, canDelete: false, canManageRoles: false },
  viewer: { canView: true, canUpload: false, canEdit: false, canDelete: false, canManageRoles: false },
};

export const NO_FILE_PERMISSIONS: FilePermissions = {
  canView: false,
  canUpload: false,
  canEdit: false,
  canDelete: false,
  canManageRoles: false,
};

/** A space's URL name: lower case, words joined by '-', unique per team (case-insensitive). */
export function toSpaceSlug(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SPACE_NAME_MAX);
}

const spaceNameField = z
  .string({ error: SPACE_MESSAGES.nameRequired })
  .trim()
  .min(1, SPACE_MESSAGES.nameRequired)
  .max(SPACE_NAME_MAX, `Space name must be at most ${SPACE_NAME_MAX} characters`)
  .refine((name) => toSpaceSlug(name) !== '', 'Space name needs at least one letter or digit');

export const createSpaceSchema = z.object({
  name: spaceNameField,
  description: z
    .string()
    .trim()
    .max(SPACE_DESCRIPTION_MAX, `Description must be at most ${SPACE_DESCRIPTION_MAX} characters`)
    .optional(),
  isPrivate: z.boolean().default(false),
  /** For a private space: the team members who may see it (the creator is always in). */
  memberIds: z.array(z.string().min(1)).max(500).default([]),
});
export type CreateSpaceInput = z.input<typeof createSpaceSchema>;

export const updateSpaceSchema = z.object({
  name: spaceNameField.optional(),
  description: z.string().trim().max(SPACE_DESCRIPTION_MAX).nullable().optional(),
});
export type UpdateSpaceInput = z.input<typeof updateSpaceSchema>;

export const spaceSchema = z.object({
  id: z.string(),
  teamId: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  isPrivate: z.boolean(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  memberCount: z.number().int(),
  fileCount: z.number().int(),
  /** The caller's role in the space (team admins act as admin everywhere); null when they only see a public space. */
  myRole: roleSchema.nullable(),
  permissions: z.object({
    canView: z.boolean(),
    canUpload: z.boolean(),
    canEdit: z.boolean(),
    canDelete: z.boolean(),
    canManageRoles: z.boolean(),
  }),
});
export type Space = z.infer<typeof spaceSchema>;
export const spaceListSchema = z.object({ spaces: z.array(spaceSchema) });

export const spaceMemberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  avatarUrl: z.string().nullable(),
  role: roleSchema,
  status: z.literal('active'),
  addedBy: z.string().nullable(),
  addedAt: z.string(),
});
export type SpaceMember = z.infer<typeof spaceMemberSchema>;
export const spaceMemberListSchema = z.object({ members: z.array(spaceMemberSchema) });

export const setSpaceRoleSchema = z.object({
  role: z.enum(ROLES, { error: 'Invalid role selected' }),
});

export const addSpaceMemberSchema = z.object({
  userId: z.string().min(1, 'Choose a team member'),
  role: z.enum(ROLES, { error: 'Invalid role selected' }).default(DEFAULT_SPACE_ROLE),
});

export const inviteToSpaceSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .pipe(z.email('Please enter a valid email address'))
    .transform((email) => email.toLowerCase()),
  role: z.enum(ROLES, { error: 'Invalid role selected' }).default(DEFAULT_SPACE_ROLE),
});

/** A file of a space (docs/product-rules.md#space-files): newest first in the file card. */
export const spaceFileSchema = z.object({
  id: z.string(),
  spaceId: z.string(),
  filename: z.string(),
  fileSize: z.number().int(),
  mimeType: z.string(),
  ownerId: z.string(),
  ownerName: z.string(),
  createdAt: z.string(),
  /** The indexed document behind the file: the assistant answers from it once `status` is ready. */
  documentId: z.string().nullable(),
  status: z.enum(['pending', 'processing', 'ready', 'failed']).nullable(),
});
export type SpaceFile = z.infer<typeof spaceFileSchema>;
export const spaceFileListSchema = z.object({ files: z.array(spaceFileSchema) });
/** The answer to an upload into a space: the files accepted and those refused, each on its own (ADR 0091). */
export const spaceFileUploadSchema = spaceFileListSchema.extend({ refused: uploadRefusalsSchema });
export type SpaceFileUpload = z.infer<typeof spaceFileUploadSchema>;

/** Renaming: a blank name is ignored (the file keeps its name). */
export const renameSpaceFileSchema = z.object({ filename: z.string().max(255, 'The file name is too long') });
