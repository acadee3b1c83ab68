import type { Role } from '@lumen/contract';
import { escapeHtml, type MailMessage } from '../../platform/mail.ts';

const ROLE_LABELS: Record<Role, string> = {
  admin: 'an admin',
  team_lead: 'a team lead',
  employee: 'an employee',
  viewer: 'a viewer',
};

export interface InvitationMailInput {
  to: string;
  inviteeName: string | null;
  teamName: string;
  inviterName: string;
  role: Role;
  customRole: string | null;
  department: string | null;
  url: string;
  expiresAt: Date;
}

/**
 * The invitation mail: who invites, to which team, as what, and the acceptance link
 * (docs/product-rules.md#invitations).
 */
export function buildInvitationMail(input: InvitationMailInput): MailMessage {
  const roleText = input.customRole ? `"${input.customRole}"` : ROLE_LABELS[input.role];
  const greeting = `Hi ${input.inviteeName || 'there'},`;
  const intro = `${input.inviterName} invited you to join the workspace "${input.teamName}" on Lumen as ${roleText}${
    input.department ? ` in ${input.department}` : ''
  }.`;
  const expiry = `The invitation is valid until ${input.expiresAt.toUTCString()}. Sign in (or create your account) with ${input.to} to accept it.`;
  const text = `${greeting}\n\n${intro}\n\nAccept the invitation: ${input.url}\n\n${expiry}\n\n— Lumen`;
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(input.url)}">Accept the invitation</a></p>
<p style="color:#666">${escapeHtml(expiry)}</p><p>— Lumen</p></body></html>`;
  return {
    to: input.to,
    subject: `${input.inviterName} invited you to ${input.teamName} on Lumen`,
    text,
    html,
    links: [input.url],
  };
}
