import { z } from 'zod';

/**
 * Requests for an integration Lumen does not have yet (the "Custom Integration" card, issue #12): a team member says
 * which platform, what for and how urgent; the team's admins list them and mark each planned or declined, and the
 * requester sees that answer on the card.
 */
export const INTEGRATION_REQUEST_URGENCIES = ['low', 'medium', 'high'] as const;
export type IntegrationRequestUrgency = (typeof INTEGRATION_REQUEST_URGENCIES)[number];
export const DEFAULT_INTEGRATION_REQUEST_URGENCY: IntegrationRequestUrgency = 'medium';

/** open: waiting for an admin; planned / declined: an admin's answer (an admin may reopen one). */
export const INTEGRATION_REQUEST_STATUSES = ['open', 'planned', 'declined'] as const;
export type IntegrationRequestStatus = (typeof INTEGRATION_REQUEST_STATUSES)[number];

export const INTEGRATION_REQUEST_PLATFORM_MAX = 80;
export const INTEGRATION_REQUEST_PURPOSE_MAX = 1000;
/** Open requests one person may have at a time: more waits for an admin's answer. */
export const OPEN_INTEGRATION_REQUESTS_MAX = 10;
/** Requests an admin's list returns a page. */
export const INTEGRATION_REQUEST_PAGE_SIZE = 50;
/** The caller's own most recent requests the card reads. */
export const OWN_INTEGRATION_REQUESTS_LIMIT = 20;

export const INTEGRATION_REQUEST_MESSAGES = {
  platformRequired: 'Please name the platform you need',
  platformTooLong: `The platform's name must be at most ${INTEGRATION_REQUEST_PLATFORM_MAX} characters`,
  purposeRequired: 'Please say what you would use it for',
  purposeTooLong: `The purpose must be at most ${INTEGRATION_REQUEST_PURPOSE_MAX} characters`,
  urgencyInvalid: 'Please choose how urgent it is: low, medium or high',
  statusInvalid: 'The status must be open, planned or declined',
  cursorInvalid: 'This page link is not valid any more. Load the list again.',
  notFound: 'Integration request not found',
  adminsOnly: 'Only workspace admins can review integration requests',
  tooManyOpen: `You have ${OPEN_INTEGRATION_REQUESTS_MAX} requests waiting for an answer. Please wait for an admin to review them.`,
  sent: 'Request sent. Your workspace admins will review it.',
} as const;

export const createIntegrationRequestSchema = z.object({
  platform: z
    .string({ error: INTEGRATION_REQUEST_MESSAGES.platformRequired })
    .trim()
    .min(1, INTEGRATION_REQUEST_MESSAGES.platformRequired)
    .max(INTEGRATION_REQUEST_PLATFORM_MAX, INTEGRATION_REQUEST_MESSAGES.platformTooLong),
  purpose: z
    .string({ error: INTEGRATION_REQUEST_MESSAGES.purposeRequired })
    .trim()
    .min(1, INTEGRATION_REQUEST_MESSAGES.purposeRequired)
    .max(INTEGRATION_REQUEST_PURPOSE_MAX, INTEGRATION_REQUEST_MESSAGES.purposeTooLong),
  urgency: z
    .enum(INTEGRATION_REQUEST_URGENCIES, { error: INTEGRATION_REQUEST_MESSAGES.urgencyInvalid })
    .default(DEFAULT_INTEGRATION_REQUEST_URGENCY),
});
export type CreateIntegrationRequestInput = z.input<typeof createIntegrationRequestSchema>;
export type CreateIntegrationRequestData = z.output<typeof createIntegrationRequestSchema>;

export const decideIntegrationRequestSchema = z.object({
  status: z.enum(INTEGRATION_REQUEST_STATUSES, { error: INTEGRATION_REQUEST_MESSAGES.statusInvalid }),
});
export type DecideIntegrationRequestInput = z.infer<typeof decideIntegrationRequestSchema>;

/** An admin's list: optionally one status, newest first, a page at a time (`cursor` from the page before). */
export const integrationRequestListQuerySchema = z.object({
  status: z.enum(INTEGRATION_REQUEST_STATUSES, { error: INTEGRATION_REQUEST_MESSAGES.statusInvalid }).optional(),
  cursor: z.string().max(200).optional(),
});
export type IntegrationRequestListQuery = z.infer<typeof integrationRequestListQuerySchema>;

export const integrationRequestSchema = z.object({
  id: z.string(),
  platform: z.string(),
  purpose: z.string(),
  urgency: z.enum(INTEGRATION_REQUEST_URGENCIES),
  status: z.enum(INTEGRATION_REQUEST_STATUSES),
  requestedBy: z.string(),
  requesterName: z.string(),
  createdAt: z.string(),
  /** When an admin last answered; null while open and never answered. */
  decidedAt: z.string().nullable(),
  /** Null while open and never answered, or when the admin's account is gone. */
  deciderName: z.string().nullable(),
});
export type IntegrationRequest = z.infer<typeof integrationRequestSchema>;

export const integrationRequestListSchema = z.object({
  requests: z.array(integrationRequestSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type IntegrationRequestList = z.infer<typeof integrationRequestListSchema>;
