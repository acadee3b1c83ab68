import type { Space } from '@lumen/contract';
import { CheckIcon, XIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SpaceRoleBadge } from './space-role-badge';

const FILE_PERMISSIONS = ['canView', 'canUpload', 'canEdit', 'canDelete'] as const;

/**
 * The caller's file permissions in the space, from their space role (docs/product-rules.md#space-file-permissions).
 * Without view permission, the file card next to it says so.
 */
export function FilePermissionsCard({ space }: { space: Space }) {
  const { t } = useTranslation('spaces');
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">
          <h2>{t('roleManagement.permissionsTitle')}</h2>
        </CardTitle>
        <CardDescription>{t('roleManagement.permissionsDescription')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <p className="flex items-center gap-2 text-sm">
          {space.myRole ? (
            <>
              {t('roleManagement.yourRole')}
              <SpaceRoleBadge role={space.myRole} />
            </>
          ) : (
            t('roleManagement.noSpaceRole')
          )}
        </p>
        <ul aria-label={t('roleManagement.permissionsTitle')} className="grid gap-1 sm:grid-cols-2">
          {FILE_PERMISSIONS.map((permission) => {
            const isAllowed = space.permissions[permission];
            const state = isAllowed ? t('roleManagement.allowed') : t('roleManagement.notAllowed');
            return (
              <li
                key={permission}
                aria-label={`${t(`roleManagement.permissions.${permission}`)}: ${state}`}
                className="flex items-center gap-2 text-sm"
              >
                {isAllowed ? (
                  <CheckIcon className="size-4 text-emerald-600" aria-hidden="true" />
                ) : (
                  <XIcon className="size-4 text-muted-foreground" aria-hidden="true" />
                )}
                <span>{t(`roleManagement.permissions.${permission}`)}</span>
                <span className="sr-only">{state}</span>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
