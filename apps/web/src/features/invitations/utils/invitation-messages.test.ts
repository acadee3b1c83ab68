import { INVITATION_MESSAGES, type PublicInvitation } from '@lumen/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { loadNamespaces } from '@/lib/i18n';
import english from '@/locales/dashboards/en.json';
import { getInvitationProblem, isWrongAccountError } from './invitation-messages';

const NOW = Date.parse('2026-03-01T12:00:00.000Z');

const pending: PublicInvitation = {
  id: 'invitation-1',
  email: 'ada@example.com',
  role: 'employee',
  customRole: null,
  teamName: 'Marketing',
  teamDescription: null,
  invitedByName: 'Grace Hopper',
  status: 'pending',
  expiresAt: '2026-03-08T12:00:00.000Z',
  acceptedAt: null,
};

beforeAll(async () => {
  await loadNamespaces(['dashboards']);
});

describe('invitation messages', () => {
  it("keeps the spec's texts in English, word for word", () => {
    for (const [key, text] of Object.entries(english.invitation.messages)) {
      expect(text, key).toBe(INVITATION_MESSAGES[key as keyof typeof INVITATION_MESSAGES]);
    }
  });
});

describe('getInvitationProblem', () => {
  it('names each reason an invitation cannot be used', () => {
    const state = { invitationId: 'invitation-1', invitation: undefined, error: null, now: NOW };
    expect(getInvitationProblem({ ...state, invitationId: '' })).toBe('invalidLink');
    expect(getInvitationProblem({ ...state, error: new ApiError({ status: 404, code: 'NOT_FOUND' }) })).toBe(
      'notFound',
    );
    expect(getInvitationProblem({ ...state, error: new ApiError({ status: 500, code: 'INTERNAL' }) })).toBe(
      'loadFailed',
    );
    expect(getInvitationProblem({ ...state, error: new Error('parse') })).toBe('loadFailed');
    expect(getInvitationProblem({ ...state, invitation: { ...pending, status: 'accepted' } })).toBe('alreadyAccepted');
    expect(getInvitationProblem({ ...state, invitation: { ...pending, status: 'expired' } })).toBe('expired');
    expect(getInvitationProblem({ ...state, invitation: { ...pending, expiresAt: '2026-03-01T11:59:00.000Z' } })).toBe(
      'expired',
    );
  });

  it('finds nothing wrong with a pending invitation, or one still loading', () => {
    expect(
      getInvitationProblem({ invitationId: 'invitation-1', invitation: pending, error: null, now: NOW }),
    ).toBeNull();
    expect(
      getInvitationProblem({ invitationId: 'invitation-1', invitation: undefined, error: null, now: NOW }),
    ).toBeNull();
  });
});

describe('isWrongAccountError', () => {
  it('recognises the invitation of another address by its reason', () => {
    const differentEmail = new ApiError({
      status: 403,
      code: 'FORBIDDEN',
      serverMessage: INVITATION_MESSAGES.differentEmail,
      reason: 'INVITATION_DIFFERENT_EMAIL',
    });
    expect(isWrongAccountError(differentEmail)).toBe(true);
    expect(isWrongAccountError(new ApiError({ status: 403, code: 'FORBIDDEN', serverMessage: 'Refused' }))).toBe(false);
    expect(isWrongAccountError(new TypeError('boom'))).toBe(false);
  });
});
