import { ArrowLeftIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ScreenTitle } from '@/components/screen-title';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { CreateSpaceForm } from '@/features/spaces/components/create-space-form';

/** /spaces/new: the Create Space page (docs/product-rules.md#spaces); a created space leads back to /spaces. */
export function SpacesNewRoute() {
  const { t } = useTranslation('spaces');
  const navigate = useNavigate();
  const goToSpaces = () => void navigate(paths.spaces.getHref());
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <div className="grid gap-3">
        <Button variant="ghost" size="sm" className="justify-self-start" asChild>
          <Link to={paths.spaces.getHref()}>
            <ArrowLeftIcon aria-hidden="true" />
            {t('backToSpaces')}
          </Link>
        </Button>
        <ScreenTitle>{t('create.title')}</ScreenTitle>
      </div>
      <Card>
        <CardHeader>
          <CardDescription>{t('create.description')}</CardDescription>
        </CardHeader>
        <CardContent>
          <CreateSpaceForm onCreated={goToSpaces} onCancel={goToSpaces} />
        </CardContent>
      </Card>
    </div>
  );
}
