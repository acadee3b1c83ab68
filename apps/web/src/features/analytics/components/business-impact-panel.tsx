import type { TeamAnalytics } from '@lumen/contract';
import { PencilIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { AnalyticsFormat } from '../utils/format';
import { EditGoalsForm } from './edit-goals-form';
import { GoalCard } from './goal-card';

type BusinessImpactPanelProps = {
  figures: TeamAnalytics['businessImpact'];
  goals: TeamAnalytics['goals'];
  canEditGoals: boolean;
  format: AnalyticsFormat;
};

/** Business Impact: documents, organisation and accuracy against the team's goals, which its admins may change. */
export function BusinessImpactPanel({ figures, goals, canEditGoals, format }: BusinessImpactPanelProps) {
  const { t } = useTranslation('analytics');
  const [isEditing, setEditing] = useState(false);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);

  // Closing the form leads back to the button that opened it.
  useEffect(() => {
    if (wasEditing.current && !isEditing) editButtonRef.current?.focus();
    wasEditing.current = isEditing;
  }, [isEditing]);

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted-foreground text-sm">{t('impact.intro')}</p>
        {canEditGoals && !isEditing ? (
          <Button ref={editButtonRef} variant="outline" size="sm" onClick={() => setEditing(true)}>
            <PencilIcon aria-hidden="true" />
            {t('impact.editGoals')}
          </Button>
        ) : null}
      </div>
      <ul className="grid gap-4 md:grid-cols-3">
        <GoalCard
          title={t('impact.documents')}
          hint={t('impact.documentsHint')}
          value={figures.documents.value}
          goal={figures.documents.goal}
          unit="count"
          format={format}
        />
        <GoalCard
          title={t('impact.organisation')}
          hint={t('impact.organisationHint')}
          value={figures.organisationPercent.value}
          goal={figures.organisationPercent.goal}
          unit="percent"
          format={format}
        />
        <GoalCard
          title={t('impact.accuracy')}
          hint={t('impact.accuracyHint')}
          value={figures.accuracyPercent.value}
          goal={figures.accuracyPercent.goal}
          unit="percent"
          format={format}
        />
      </ul>
      {canEditGoals && isEditing ? <EditGoalsForm goals={goals} onClose={() => setEditing(false)} /> : null}
    </div>
  );
}
