import { z } from 'zod';
import { ROLES, roleSchema, roleStateSchema } from './roles.ts';

/** The exact texts of the invitation dialogs, toasts and acceptance page (docs/product-rules.md#invitations). */
export const INVITATION_MESSAGES = {
  sent: 'Invitation sent successfully!',
  createdEmailFailed: 'Invitation created but email failed to send',
  sendFailed: 'Failed to send invitation',
  createFailed: 'Failed to create invitation',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  fullNameRequired: 'Full name is required',
  customRoleRequired: 'Custom role is required',
  customDepartmentRequired: 'Custom department is required',
  invalidLink: 'Invalid invitation link',
  notFound: 'Invitation not found',
  alreadyAccepted: 'This invitation has already been accepted',
  expired: 'This invitation has expired',
  differentEmail: 'This invitation is for a different email address. Please sign in with the correct account.',
  acceptFailed: 'Failed to accept invitation',
  loadFailed: 'Failed to load invitation',
  accepted: 'Invitation accepted! Welcome to the team.',
  alreadyMember: 'This person is already a member of your team',
  alreadyInAnotherTeam: 'You already belong to another team. Leave it before joining a new one.',
  revoked: 'Invitation revoked',
} as const;

/**
 * A free label may stand in for the role or the department on an invitation (docs/product-rules.md#team-management).
 */
export const CUSTOM_CHOICE = 'custom';
export const CUSTOM_LABEL_MAX = 60;
export const FULL_NAME_MAX = 120;

const emailField = z
  .string({ error: INVITATION_MESSAGES.emailRequired })
  .trim()
  .min(1, INVITATION_MESSAGES.emailRequired)
  .max(254, INVITATION_MESSAGES.emailInvalid)
  .pipe(z.email(INVITATION_MESSAGES.emailInvalid))
  .transform((email) => email.toLowerCase());

const optionalLabel = (message: string) =>
  z
    .string()
    .trim()
    .max(CUSTOM_LABEL_MAX, `${message.replace(' is required', '')} must be at most ${CUSTOM_LABEL_MAX} characters`)
    .optional()
    .transform((value) => (value ? value : undefined));

/**
 * POST /api/teams/current/invitations. The simple dialog sends only the email (role employee); the full dialog adds
 * a full name, a role, a department id and the free custom role / department labels.
 */
export const createInvitationSchema = z.object({
  email: emailField,
  fullName: z
    .string()
    .trim()
    .max(FULL_NAME_MAX, `Full name must be at most ${FULL_NAME_MAX} characters`)
    .optional()
    .transform((value) => (value ? value : undefined)),
  role: z.enum(ROLES, { error: 'Invalid role selected' }).default('employee'),
  departmentId: z.uuid('Department not found').optional(),
  customRole: optionalLabel('Custom role is required'),
  customDepartment: optionalLabel('Custom department is required'),
});
export type CreateInvitationInput = z.input<typeof createInvitationSchema>;
/** The body after validation: email lower-cased, role defaulted, blank labels dropped. */
export type CreateInvitationValues = z.output<typeof createInvitationSchema>;

/** The full invite dialog's form: full name required; a custom role or department is required once chosen. */
export const inviteMemberFormSchema = z
  .object({
    fullName: z.string().trim().min(1, INVITATION_MESSAGES.fullNameRequired).max(FULL_NAME_MAX),
    email: emailField,
    /** One of the four roles, or CUSTOM_CHOICE for a free label (the member's role is then employee). */
    role: z.union([z.enum(ROLES), z.literal(CUSTOM_CHOICE)]),
    /** A department id, '' for none, or CUSTOM_CHOICE for a free label. */
    department: z.string(),
    customRole: z.string().trim().max(CUSTOM_LABEL_MAX),
    customDepartment: z.string().trim().max(CUSTOM_LABEL_MAX),
  })
  .superRefine((values, context) => {
    if (values.role === CUSTOM_CHOICE && !values.customRole) {
      context.addIssue({ code: 'custom', path: ['customRole'], message: INVITATION_MESSAGES.customRoleRequired });
    }
    if (values.department === CUSTOM_CHOICE && !values.customDepartment) {
      context.addIssue({
        code: 'custom',
        path: ['customDepartment'],
        message: INVITATION_MESSAGES.customDepartmentRequired,
      });
    }
  });
export type InviteMemberFormValues = z.input<typeof inviteMemberFormSchema>;

/** The full dialog's values as the request body. */
export function toCreateInvitationInput(values: z.output<typeof inviteMemberFormSchema>): CreateInvitationInput {
  const isCustomRole = values.role === CUSTOM_CHOICE;
  const isCustomDepartment = values.department === CUSTOM_CHOICE;
  return {
    email: values.email,
    fullName: values.fullName,
    role: isCustomRole ? 'employee' : (values.role as (typeof ROLES)[number]),
    departmentId: !isCustomDepartment && values.department ? values.department : undefined,
    customRole: isCustomRole ? values.customRole : undefined,
    customDepartment: isCustomDepartment ? values.customDepartment : undefined,
  };
}

/** The simple dialog: email only, always role employee. */
export const simpleInviteFormSchema = z.object({ email: emailField });

export const INVITATION_STATUSES = ['pending', 'accepted', 'expired'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string().nullable(),
  role: roleSchema,
  departmentId: z.string().nullable(),
  department: z.string().nullable(),
  customRole: z.string().nullable(),
  customDepartment: z.string().nullable(),
  invitedBy: z.object({ userId: z.string().nullable(), name: z.string() }),
  status: z.enum(INVITATION_STATUSES),
  createdAt: z.string(),
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationListSchema = z.object({ invitations: z.array(invitationSchema) });

export const createInvitationResponseSchema = z.object({
  invitation: invitationSchema,
  /** False when the mail could not be sent; the invitation is kept either way. */
  emailSent: z.boolean(),
  message: z.string(),
});
export type CreateInvitationResponse = z.infer<typeof createInvitationResponseSchema>;

/** GET /api/invitations/:id (public: the id is the secret). What the acceptance page shows. */
export const publicInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: roleSchema,
  customRole: z.string().nullable(),
  teamName: z.string(),
  teamDescription: z.string().nullable(),
  invitedByName: z.string(),
  status: z.enum(INVITATION_STATUSES),
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
});
export type PublicInvitation = z.infer<typeof publicInvitationSchema>;

/** POST /api/invitations/:id/accept. */
export const acceptInvitationResponseSchema = z.object({
  success: z.literal(true),
  teamId: z.string(),
  teamName: z.string(),
  roleState: roleStateSchema,
  message: z.string(),
});
export type AcceptInvitationResponse = z.infer<typeof acceptInvitationResponseSchema>;
