import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { useInvalidatingMutation } from './use-invalidating-mutation';

const KEY = ['items'] as const;

function Items({ load }: { load: () => Promise<string[]> }) {
  const items = useQuery({ queryKey: KEY, queryFn: load });
  const add = useInvalidatingMutation([KEY], async () => 'added');
  return (
    <div>
      <p>{items.data ? `items: ${items.data.join(', ') || 'none'}` : 'loading'}</p>
      <button type="button" onClick={() => add.mutate(undefined)}>
        Add
      </button>
      {add.isSuccess ? <p>saved</p> : null}
    </div>
  );
}

function wrapper(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

describe('useInvalidatingMutation', () => {
  it('asks again for a list whose first load was still in flight when the write succeeded', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const stored: string[] = [];
    const pending: Array<() => void> = [];
    // The first load reads before the write and answers after it; later loads answer at once.
    const load = () => {
      const snapshot = [...stored];
      if (pending.length === 0 && stored.length === 0) {
        return new Promise<string[]>((resolve) => pending.push(() => resolve(snapshot)));
      }
      return Promise.resolve(snapshot);
    };
    render(<Items load={load} />, { wrapper: wrapper(client) });
    expect(screen.getByText('loading')).toBeInTheDocument();

    stored.push('report.pdf');
    await act(async () => screen.getByRole('button', { name: 'Add' }).click());
    await act(async () => {
      for (const resolve of pending) resolve();
    });

    await waitFor(() => expect(screen.getByText('saved')).toBeInTheDocument());
    expect(screen.getByText('items: report.pdf')).toBeInTheDocument();
  });
});
