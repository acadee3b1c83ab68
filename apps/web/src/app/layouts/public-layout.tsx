import { Outlet } from 'react-router';
import { PublicHeader } from '@/components/public-header';

/** Sign-in, sign-up and invitation pages: a slim header and a centred column. */
export function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <PublicHeader />
      <main className="flex flex-1 items-start justify-center px-4 py-10 sm:items-center">
        <Outlet />
      </main>
    </div>
  );
}
