/** The invitations module: team invitations by mail, their acceptance, and invite codes given at sign-up. */
export { invitationsRoutes, publicInvitationsRoutes } from './invitations.routes.ts';
export { acceptPendingInviteCode, countPending } from './invitations.service.ts';
