import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { openScreen, stubTeam } from '@/testing/team-management-fixture';

describe('/team-management: Permissions tab', () => {
  it('lists each role with its description and member count on the Permissions tab', async () => {
    stubTeam('viewer');
    await openScreen('/team-management?tab=permissions');

    const expected = { Admin: '2', 'Team Lead': '1', Employee: '1', Viewer: '1' };
    for (const [role, count] of Object.entries(expected)) {
      const card = screen.getByRole('article', { name: role });
      expect(within(card).getByText('Members').nextElementSibling).toHaveTextContent(count);
    }
    expect(within(screen.getByRole('article', { name: 'Viewer' })).getByText('View files only')).toBeInTheDocument();
  });
});
