import {
  PLATFORM_LABELS,
  type SaveToStorageOutput,
  type StorageProvider,
  saveToStorageInputSchema,
  saveToStorageOutputSchema,
  toStorageFileName,
} from '@lumen/contract';
import type { DynamicToolUIPart, ToolUIPart, UITools } from 'ai';
import type { TFunction } from 'i18next';
import { AlertCircleIcon, CheckCircle2Icon, CloudUploadIcon, Loader2Icon, XCircleIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { keepSafeUrl } from '@/lib/keep-safe-url';
import { ApprovalButtons } from './approval-buttons';
import { ToolPartLine } from './tool-part-line';

type SaveToStoragePartViewProps = {
  part: ToolUIPart<UITools> | DynamicToolUIPart;
  /** Answers the confirmation; undefined when it cannot be answered now (the chat is busy). */
  onRespondToApproval?: ((approvalId: string, isApproved: boolean) => void) | undefined;
};

/** "Google Drive", "Google Drive, folder /Reports", or the user's only store when the assistant named none. */
function describeDestination(
  t: TFunction,
  provider: StorageProvider | null | undefined,
  folder: string | null | undefined,
): string {
  if (!provider) return t('chat.tools.save.anyStore');
  const label = PLATFORM_LABELS[provider];
  return folder ? t('chat.tools.save.inFolder', { provider: label, folder }) : label;
}

function describeOutcome(t: TFunction, output: SaveToStorageOutput): string {
  const provider = output.provider ? PLATFORM_LABELS[output.provider] : null;
  switch (output.status) {
    case 'saved':
      return t('chat.tools.save.saved', {
        fileName: output.fileName ?? '',
        destination: describeDestination(t, output.provider, output.folder),
      });
    case 'not-connected':
      return provider
        ? t('chat.tools.save.outcomes.notConnected', { provider })
        : t('chat.tools.save.outcomes.noneConnected');
    case 'needs-reconnect':
      return t('chat.tools.save.outcomes.needsReconnect', { provider: provider ?? '' });
    case 'choose-provider':
      return t('chat.tools.save.outcomes.chooseProvider', {
        providers: output.connected.map((connected) => PLATFORM_LABELS[connected]).join(', '),
      });
    case 'refused':
      return t('chat.tools.save.outcomes.refused', { provider: provider ?? '' });
    case 'not-found':
      return t('chat.tools.save.outcomes.notFound');
    case 'ambiguous':
      return t('chat.tools.save.outcomes.ambiguous');
    case 'nothing-to-save':
      return t('chat.tools.save.outcomes.nothingToSave');
    case 'folder-by-id':
      return t('chat.tools.save.outcomes.folderById', { provider: provider ?? '', folder: output.folder ?? '' });
  }
}

/**
 * The save_to_storage tool in the chat: the confirmation (file name and destination, Confirm / Cancel), the upload
 * running, and its outcome (a link to the saved file at the provider, or why nothing was saved).
 */
export function SaveToStoragePartView({ part, onRespondToApproval }: SaveToStoragePartViewProps) {
  const { t } = useTranslation();
  const questionId = useId();
  const parsedInput = saveToStorageInputSchema.safeParse(part.input);
  const input = parsedInput.success ? parsedInput.data : null;
  // The name the server uploads: the same rule on both sides.
  const fileName = input ? toStorageFileName(input.fileName) : '';
  const destination = describeDestination(t, input?.provider, input?.folder?.trim() || null);

  if (part.state === 'approval-requested') {
    return (
      <fieldset
        aria-label={t('chat.tools.confirmTitle')}
        className="space-y-2 rounded-lg border border-border bg-background/60 p-3 text-sm"
      >
        <p id={questionId} className="flex items-center gap-2 font-medium">
          <CloudUploadIcon aria-hidden="true" className="size-4 text-primary-text" />
          {t('chat.tools.save.confirmQuestion', { fileName, destination })}
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-muted-foreground text-xs">
          <dt>{t('chat.tools.save.fileName')}</dt>
          <dd className="break-all text-foreground">{fileName}</dd>
          <dt>{t('chat.tools.save.destination')}</dt>
          <dd className="text-foreground">{destination}</dd>
        </dl>
        <ApprovalButtons approvalId={part.approval.id} onRespond={onRespondToApproval} describedBy={questionId} />
      </fieldset>
    );
  }

  const isRunning =
    part.state === 'input-streaming' ||
    part.state === 'input-available' ||
    (part.state === 'approval-responded' && part.approval.approved);
  if (isRunning) {
    return (
      <ToolPartLine state={part.state} icon={<Loader2Icon className="size-3.5 motion-safe:animate-spin" />}>
        {t('chat.thinking.upload')}
      </ToolPartLine>
    );
  }

  if (part.state === 'output-available') {
    const output = saveToStorageOutputSchema.safeParse(part.output);
    if (output.success && output.data.status === 'saved') {
      const href = output.data.url ? keepSafeUrl(output.data.url) : '';
      const provider = output.data.provider ? PLATFORM_LABELS[output.data.provider] : '';
      return (
        <ToolPartLine state={part.state} icon={<CheckCircle2Icon className="size-3.5 text-primary-text" />}>
          <span className="text-foreground">{describeOutcome(t, output.data)}</span>
          {href ? (
            <a href={href} target="_blank" rel="noopener noreferrer" className="text-primary-text underline">
              {t('chat.tools.save.open', { provider })}
            </a>
          ) : null}
        </ToolPartLine>
      );
    }
    return (
      <ToolPartLine state={part.state} icon={<AlertCircleIcon className="size-3.5" />} isError>
        {output.success ? describeOutcome(t, output.data) : t('chat.tools.save.failed', { error: '' })}
      </ToolPartLine>
    );
  }

  if (part.state === 'output-error') {
    return (
      <ToolPartLine state={part.state} icon={<AlertCircleIcon className="size-3.5" />} isError>
        {t('chat.tools.save.failed', { error: part.errorText })}
      </ToolPartLine>
    );
  }

  // Cancelled: output-denied, or approval-responded with a refusal.
  return (
    <ToolPartLine state={part.state} icon={<XCircleIcon className="size-3.5" />}>
      {t('chat.tools.save.cancelled')}
    </ToolPartLine>
  );
}
