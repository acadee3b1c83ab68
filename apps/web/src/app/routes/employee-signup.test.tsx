import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderRoutes } from '@/testing/test-utils';

const INVITE_CODE = '3f1c2b8e-8d4a-4c1e-9a57-2f6b1d0c9e44';

describe('/employee-signup', () => {
  it('prefills the invite code and the email from an invitation link, and carries them to sign-in', async () => {
    stubFetch({ 'GET /api/auth/get-session': jsonResponse(null) });
    renderRoutes({ path: `/employee-signup?invite=${INVITE_CODE}&email=grace%40example.com` });

    expect(await screen.findByLabelText('Invite code (optional)')).toHaveValue(INVITE_CODE);
    expect(screen.getByLabelText('Email')).toHaveValue('grace@example.com');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/employee-login?invite=${INVITE_CODE}&email=grace%40example.com`,
    );
  });

  it('starts empty without an invitation link', async () => {
    stubFetch({ 'GET /api/auth/get-session': jsonResponse(null) });
    renderRoutes({ path: '/employee-signup' });

    expect(await screen.findByLabelText('Invite code (optional)')).toHaveValue('');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/employee-login');
  });
});
