import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/testing/fetch-stub';
import { activityEntries, openScreen, stubTeam } from '@/testing/team-management-fixture';

describe('/team-management: Activity tab', () => {
  it('shows the whole activity with Load more on the Activity tab', async () => {
    stubTeam('employee', {
      'GET /api/teams/current/activity': jsonResponse({ entries: activityEntries, nextCursor: 'next-page' }),
    });
    await openScreen('/team-management?tab=activity');

    expect(await screen.findByText('Ada Lovelace invited grace@example.com as Employee')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load more' })).toBeInTheDocument();
  });
});
