import { screen } from '@testing-library/react';
import { MessagesSquareIcon } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/test-utils';
import { ActionGrid } from './action-card';

describe('ActionGrid', () => {
  it('shows a count on a card and reads what it means with the description', () => {
    renderWithProviders(
      <ActionGrid
        actions={[
          {
            id: 'team-chat',
            to: '/team-chat',
            icon: MessagesSquareIcon,
            title: 'Team Chat',
            description: 'Talk with your team in real time',
            badge: { text: '3', label: '3 unread messages' },
          },
        ]}
      />,
    );
    const link = screen.getByRole('link', { name: 'Team Chat' });
    expect(link).toHaveAccessibleDescription('Talk with your team in real time 3 unread messages');
    expect(link).toHaveTextContent('3');
  });
});
