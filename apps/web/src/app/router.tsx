import { useMemo } from 'react';
import { createBrowserRouter, type RouteObject, RouterProvider } from 'react-router';
import { paths } from '@/config/paths';
import { loadNamespaces } from '@/lib/i18n';
import type { RouteHandle } from './route-handle';
import { RootLayout } from './routes/root-layout';
import { RouteErrorBoundary } from './routes/route-error-boundary';
import { RouteHydrateFallback } from './routes/route-hydrate-fallback';

const handle = (titleKey: RouteHandle['titleKey']): RouteHandle => ({ titleKey });

/** Every route of docs/product-rules.md#routes-and-guards; each screen is its own lazily loaded chunk. */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteErrorBoundary,
    HydrateFallback: RouteHydrateFallback,
    children: [
      {
        path: paths.home.path,
        lazy: async () => {
          const { LandingRoute } = await import('./routes/landing');
          return { Component: LandingRoute };
        },
      },
      {
        lazy: async () => {
          const { PublicLayout } = await import('./layouts/public-layout');
          return { Component: PublicLayout };
        },
        children: [
          {
            path: paths.auth.path,
            lazy: async () => {
              const { AuthRoute } = await import('./routes/auth');
              return { Component: AuthRoute };
            },
          },
          {
            path: paths.employeeLogin.path,
            lazy: async () => {
              const { EmployeeLoginRoute } = await import('./routes/employee-login');
              return { Component: EmployeeLoginRoute };
            },
          },
          {
            path: paths.employeeSignup.path,
            lazy: async () => {
              const { EmployeeSignupRoute } = await import('./routes/employee-signup');
              return { Component: EmployeeSignupRoute };
            },
          },
          {
            path: paths.acceptInvitation.path,
            lazy: async () => {
              const [{ AcceptInvitationRoute }] = await Promise.all([
                import('./routes/accept-invitation'),
                loadNamespaces(['teams', 'dashboards']),
              ]);
              return { Component: AcceptInvitationRoute };
            },
          },
        ],
      },
      {
        lazy: async () => {
          const { AppRoot } = await import('./routes/app/root');
          return { Component: AppRoot };
        },
        children: [
          {
            // The generic signed-in shell (header with title, theme, language, account menu).
            lazy: async () => {
              const { AppShellLayout } = await import('./routes/app/root');
              return { Component: AppShellLayout };
            },
            children: [
              {
                path: paths.dashboard.path,
                handle: handle('dashboard'),
                lazy: async () => {
                  const [{ DashboardRoute }] = await Promise.all([
                    import('./routes/app/dashboard'),
                    loadNamespaces(['teams', 'dashboards']),
                  ]);
                  return { Component: DashboardRoute };
                },
              },
              {
                path: paths.adminDashboard.path,
                handle: handle('adminDashboard'),
                lazy: async () => {
                  const [{ AdminDashboardRoute }] = await Promise.all([
                    import('./routes/app/admin-dashboard'),
                    loadNamespaces(['teams', 'dashboards']),
                  ]);
                  return { Component: AdminDashboardRoute };
                },
              },
              {
                path: paths.employeeDashboard.path,
                handle: handle('employeeDashboard'),
                lazy: async () => {
                  const [{ EmployeeDashboardRoute }] = await Promise.all([
                    import('./routes/app/employee-dashboard'),
                    loadNamespaces(['teams', 'dashboards']),
                  ]);
                  return { Component: EmployeeDashboardRoute };
                },
              },
              {
                path: paths.workspace.path,
                handle: handle('workspace'),
                lazy: async () => {
                  const [{ WorkspaceRoute }] = await Promise.all([
                    import('./routes/app/workspace'),
                    loadNamespaces(['teams', 'workspace', 'integrations']),
                  ]);
                  return { Component: WorkspaceRoute };
                },
              },
              {
                path: paths.workspaceNew.path,
                handle: handle('workspaceNew'),
                lazy: async () => {
                  const [{ WorkspaceNewRoute }] = await Promise.all([
                    import('./routes/app/workspace-new'),
                    loadNamespaces(['teams', 'workspace']),
                  ]);
                  return { Component: WorkspaceNewRoute };
                },
              },
              {
                path: paths.audit.path,
                handle: handle('audit'),
                lazy: async () => {
                  const [{ AuditRoute }] = await Promise.all([
                    import('./routes/app/audit'),
                    loadNamespaces(['audit', 'analytics']),
                  ]);
                  return { Component: AuditRoute };
                },
              },
              {
                path: paths.teamChat.path,
                handle: handle('teamChat'),
                lazy: async () => {
                  const [{ TeamChatRoute }] = await Promise.all([
                    import('./routes/app/team-chat'),
                    loadNamespaces(['teamChat']),
                  ]);
                  return { Component: TeamChatRoute };
                },
              },
              {
                path: paths.spaces.path,
                handle: handle('spaces'),
                lazy: async () => {
                  const [{ SpacesRoute }] = await Promise.all([
                    import('./routes/app/spaces'),
                    loadNamespaces(['teams', 'spaces']),
                  ]);
                  return { Component: SpacesRoute };
                },
              },
              {
                path: paths.spacesNew.path,
                handle: handle('spacesNew'),
                lazy: async () => {
                  const [{ SpacesNewRoute }] = await Promise.all([
                    import('./routes/app/spaces-new'),
                    loadNamespaces(['teams', 'spaces']),
                  ]);
                  return { Component: SpacesNewRoute };
                },
              },
              {
                path: paths.space.path,
                handle: handle('space'),
                lazy: async () => {
                  const [{ SpaceRoute }] = await Promise.all([
                    import('./routes/app/space'),
                    loadNamespaces(['teams', 'spaces']),
                  ]);
                  return { Component: SpaceRoute };
                },
              },
              {
                path: paths.analytics.path,
                handle: handle('analytics'),
                lazy: async () => {
                  const [{ AnalyticsRoute }] = await Promise.all([
                    import('./routes/app/analytics'),
                    loadNamespaces(['teams', 'analytics']),
                  ]);
                  return { Component: AnalyticsRoute };
                },
              },
              {
                path: paths.assets.path,
                handle: handle('assets'),
                lazy: async () => {
                  const [{ AssetsRoute }] = await Promise.all([
                    import('./routes/app/assets'),
                    loadNamespaces(['assets']),
                  ]);
                  return { Component: AssetsRoute };
                },
              },
              {
                path: paths.teamManagement.path,
                handle: handle('teamManagement'),
                lazy: async () => {
                  const [{ TeamManagementRoute }] = await Promise.all([
                    import('./routes/app/team-management'),
                    loadNamespaces(['teams', 'teamManagement']),
                  ]);
                  return { Component: TeamManagementRoute };
                },
              },
              {
                path: paths.roleManagement.path,
                handle: handle('roleManagement'),
                lazy: async () => {
                  const [{ RoleManagementRoute }] = await Promise.all([
                    import('./routes/app/role-management'),
                    loadNamespaces(['teams', 'spaces']),
                  ]);
                  return { Component: RoleManagementRoute };
                },
              },
              {
                path: paths.spacesManagement.path,
                handle: handle('spacesManagement'),
                lazy: async () => {
                  const [{ SpacesManagementRoute }] = await Promise.all([
                    import('./routes/app/spaces-management'),
                    loadNamespaces(['teams', 'spaces']),
                  ]);
                  return { Component: SpacesManagementRoute };
                },
              },
              {
                path: paths.notion.path,
                handle: handle('notion'),
                lazy: async () => {
                  const [{ NotionRoute }] = await Promise.all([
                    import('./routes/app/notion'),
                    loadNamespaces(['integrations']),
                  ]);
                  return { Component: NotionRoute };
                },
              },
            ],
          },
          // The chat brings its own layout (sidebar and header).
          {
            path: paths.chat.path,
            handle: handle('chat'),
            lazy: async () => {
              // The sidebar lists the user's spaces with texts of the spaces namespace.
              const [{ ChatRoute }] = await Promise.all([import('./routes/app/chat'), loadNamespaces(['spaces'])]);
              return { Component: ChatRoute };
            },
          },
        ],
      },
      {
        path: '*',
        lazy: async () => {
          const { NotFoundRoute } = await import('./routes/not-found');
          return { Component: NotFoundRoute };
        },
      },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}

export function AppRouter() {
  const router = useMemo(() => createAppRouter(), []);
  return <RouterProvider router={router} />;
}
