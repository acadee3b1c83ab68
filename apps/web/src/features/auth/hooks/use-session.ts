import { useSessionQuery } from '../api/get-session';

/** The current session: `user` is null when signed out (or when the session could not be loaded). */
export function useSession() {
  const query = useSessionQuery();
  const user = query.data?.user ?? null;
  return {
    user,
    session: query.data?.session ?? null,
    isLoading: query.isPending,
    isAuthenticated: user !== null,
  };
}
