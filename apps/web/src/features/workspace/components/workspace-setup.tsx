import { Building2Icon, type LucideIcon, TicketIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

function SetupCard({
  icon: Icon,
  title,
  description,
  children,
}: {
  icon: LucideIcon;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card className="gap-5">
      <CardHeader>
        <span className="mb-2 flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary-text">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <CardTitle className="text-lg">
          <h2>{title}</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

type WorkspaceSetupProps = {
  /** The page's heading. */
  title: string;
  /** The create-workspace form. */
  createForm: ReactNode;
  /** The join-with-an-invitation form. */
  joinForm: ReactNode;
};

/** For a user without a team: create a workspace, or join one with an invitation. */
export function WorkspaceSetup({ title, createForm, joinForm }: WorkspaceSetupProps) {
  const { t } = useTranslation('workspace');
  return (
    <div className="mx-auto grid w-full max-w-4xl grid-cols-1 gap-6">
      <div className="grid gap-1">
        <h1 className="font-semibold text-2xl tracking-tight">{title}</h1>
        <p className="text-muted-foreground">{t('new.description')}</p>
      </div>
      <div className="grid grid-cols-1 items-start gap-6 md:grid-cols-2">
        <SetupCard icon={Building2Icon} title={t('new.create.title')} description={t('new.create.description')}>
          {createForm}
        </SetupCard>
        <SetupCard icon={TicketIcon} title={t('new.join.title')} description={t('new.join.description')}>
          {joinForm}
        </SetupCard>
      </div>
    </div>
  );
}
