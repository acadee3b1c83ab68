import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { ThemeProvider } from '@/features/theme/components/theme-provider';
import { queryConfig } from '@/lib/react-query';

export function createQueryClient() {
  return new QueryClient({ defaultOptions: queryConfig });
}

type AppProviderProps = {
  children: ReactNode;
  /** Tests pass their own client. */
  queryClient?: QueryClient;
};

/**
 * App-wide providers: TanStack Query, theme (i18n is initialised in main.tsx before render). The toaster is mounted by
 * the root route (routes/root-layout.tsx) so that sonner stays out of the landing page's bundle.
 */
export function AppProvider({ children, queryClient }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider storageKey={STORAGE_KEYS.theme}>{children}</ThemeProvider>
    </QueryClientProvider>
  );
}
