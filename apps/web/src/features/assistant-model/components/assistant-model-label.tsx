import { BotIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useAssistantModel } from '../api/get-assistant-model';

/** Which model answers, as the server describes it. */
export function AssistantModelLabel() {
  const { t } = useTranslation();
  const { data, isError } = useAssistantModel();
  const text = data?.label ?? (isError ? t('assistantModel.unknown') : t('common.loading'));
  return (
    <p className="flex items-center gap-2 text-sm">
      <BotIcon aria-hidden="true" className="size-4 shrink-0 text-primary-text" />
      <span>
        <span className="text-muted-foreground">{t('assistantModel.label')} </span>
        <span data-testid="assistant-model">{text}</span>
      </span>
    </p>
  );
}
