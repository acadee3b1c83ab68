import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { refreshFor } from './realtime-provider';

describe('refreshFor', () => {
  it('refetches what each changed notice names', () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    refreshFor(queryClient, { type: 'changed', resource: 'tasks', teamId: 't1' });
    refreshFor(queryClient, { type: 'changed', resource: 'team', teamId: 't1' });
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      ['work-items', 'tasks'],
      ['team'],
      ['me', 'role'],
    ]);
  });
});
