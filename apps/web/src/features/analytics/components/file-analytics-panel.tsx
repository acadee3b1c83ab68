import { PLATFORM_LABELS, type TeamAnalytics } from '@lumen/contract';
import { useTranslation } from 'react-i18next';
import type { AnalyticsFormat } from '../utils/format';
import { CategoryFigure } from './category-figure';
import { DailyCountFigure } from './daily-count-figure';
import { StatList } from './stat-list';

/** File Analytics: the team's documents now (by platform, type and status, how many filed in spaces) and those added. */
export function FileAnalyticsPanel({ figures, format }: { figures: TeamAnalytics['files']; format: AnalyticsFormat }) {
  const { t } = useTranslation('analytics');
  const documents = t('files.documents');
  return (
    <div className="grid gap-4">
      <StatList
        title={t('files.figures')}
        stats={[
          { label: t('files.total'), value: format.number(figures.total) },
          { label: t('files.inSpaces'), value: format.number(figures.inSpaces) },
          {
            label: t('files.organised'),
            value: figures.organisedPercent === null ? null : format.percent(figures.organisedPercent),
          },
        ]}
      />
      <div className="grid gap-4 lg:grid-cols-2">
        <CategoryFigure
          title={t('files.byPlatform')}
          categoryName={t('files.platform')}
          name={documents}
          emptyText={t('files.noDocuments')}
          items={figures.byPlatform.map(({ key, count }) => ({ key, label: PLATFORM_LABELS[key], count }))}
          format={format}
        />
        <CategoryFigure
          title={t('files.byType')}
          categoryName={t('files.type')}
          name={documents}
          emptyText={t('files.noDocuments')}
          items={figures.byType.map(({ key, count }) => ({ key, label: key, count }))}
          format={format}
        />
        <CategoryFigure
          title={t('files.byStatus')}
          categoryName={t('files.status')}
          name={documents}
          emptyText={t('files.noDocuments')}
          items={figures.byStatus.map(({ key, count }) => ({ key, label: t(`files.statuses.${key}`), count }))}
          format={format}
        />
        <DailyCountFigure
          title={t('files.addedPerDay')}
          name={t('files.added')}
          emptyText={t('files.noneAdded')}
          days={figures.addedPerDay}
          kind="area"
          format={format}
        />
      </div>
    </div>
  );
}
