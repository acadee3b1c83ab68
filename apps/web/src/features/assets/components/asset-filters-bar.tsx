import { DOCUMENT_TYPE_FILTERS } from '@lumen/contract';
import { SearchIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import {
  ALL_FILTER,
  ASSET_PLATFORM_FILTERS,
  type AssetFilterValues,
  PROCESSED_FILTERS,
  toPlatformFilter,
  toProcessedFilter,
  toTypeFilter,
} from '../utils/asset-filters';

type AssetFiltersBarProps = {
  values: AssetFilterValues;
  onSearchChange: (search: string) => void;
  onPlatformChange: (platform: AssetFilterValues['platform']) => void;
  onTypeChange: (type: AssetFilterValues['type']) => void;
  onProcessedChange: (processed: AssetFilterValues['processed']) => void;
};

/** Search by title and the platform, type and processed filters; the list applies them on the server. */
export function AssetFiltersBar({
  values,
  onSearchChange,
  onPlatformChange,
  onTypeChange,
  onProcessedChange,
}: AssetFiltersBarProps) {
  const { t } = useTranslation('assets');
  const id = useId();
  return (
    <search
      aria-label={t('filters.label')}
      className="grid gap-3 md:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))] md:items-end"
    >
      <div className="relative">
        <SearchIcon
          className="-translate-y-1/2 absolute top-1/2 left-3 size-4 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          type="search"
          aria-label={t('search.label')}
          placeholder={t('search.placeholder')}
          className="pl-9"
          value={values.search}
          onChange={(event) => onSearchChange(event.target.value)}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-platform`}>{t('filters.platform')}</Label>
        <NativeSelect
          id={`${id}-platform`}
          value={values.platform}
          onChange={(event) => onPlatformChange(toPlatformFilter(event.target.value))}
        >
          <option value={ALL_FILTER}>{t('filters.all')}</option>
          {ASSET_PLATFORM_FILTERS.map((platform) => (
            <option key={platform} value={platform}>
              {t(`platformFilters.${platform}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-type`}>{t('filters.type')}</Label>
        <NativeSelect
          id={`${id}-type`}
          value={values.type}
          onChange={(event) => onTypeChange(toTypeFilter(event.target.value))}
        >
          <option value={ALL_FILTER}>{t('filters.all')}</option>
          {DOCUMENT_TYPE_FILTERS.map((type) => (
            <option key={type} value={type}>
              {t(`types.${type}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-processed`}>{t('filters.processed')}</Label>
        <NativeSelect
          id={`${id}-processed`}
          value={values.processed}
          onChange={(event) => onProcessedChange(toProcessedFilter(event.target.value))}
        >
          <option value={ALL_FILTER}>{t('filters.all')}</option>
          {PROCESSED_FILTERS.map((processed) => (
            <option key={processed} value={processed}>
              {t(`processedFilters.${processed}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
    </search>
  );
}
