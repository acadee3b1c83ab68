import type { SpaceFile } from '@lumen/contract';
import { FileTextIcon, LayersIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

const HELP_ITEMS = ['search', 'answer', 'summarize', 'find'] as const;

type SpaceChatWelcomeProps = { spaceName: string; files: SpaceFile[] };

/** The space chat before its first message: the welcome, the files the assistant reads and what it can do. */
export function SpaceChatWelcome({ spaceName, files }: SpaceChatWelcomeProps) {
  const { t } = useTranslation('spaces');
  return (
    <div className="flex min-h-0 flex-1 flex-col items-center justify-center gap-4 overflow-y-auto px-4 py-6 text-center">
      <LayersIcon className="size-10 text-muted-foreground" aria-hidden="true" />
      <h2 className="font-semibold text-xl">{t('space.welcomeTitle', { name: spaceName })}</h2>
      {files.length > 0 ? (
        <ul aria-label={t('chat.welcomeFilesLabel')} className="flex flex-wrap justify-center gap-2">
          {files.map((file) => (
            <li key={file.id} className="inline-flex items-center gap-1 rounded-full border px-2.5 py-1 text-xs">
              <FileTextIcon className="size-3.5" aria-hidden="true" />
              {file.filename}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted-foreground text-sm">{t('chat.welcomeNoFiles')}</p>
      )}
      <p className="text-muted-foreground">{t('space.welcomeText')}</p>
      <ul aria-label={t('space.helpLabel')} className="grid gap-1 text-left text-sm">
        {HELP_ITEMS.map((item) => (
          <li key={item} className="list-inside list-disc">
            {t(`space.help.${item}`)}
          </li>
        ))}
      </ul>
    </div>
  );
}
