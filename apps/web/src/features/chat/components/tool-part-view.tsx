import { deleteFileInputSchema } from '@lumen/contract';
import { type DynamicToolUIPart, getToolName, type ToolUIPart, type UITools } from 'ai';
import { AlertCircleIcon, CheckCircle2Icon, Loader2Icon, WrenchIcon, XCircleIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ApprovalButtons } from './approval-buttons';
import { SaveToStoragePartView } from './save-to-storage-part-view';
import { ToolPartLine } from './tool-part-line';

const TOOL_LABEL_KEYS = {
  search_files: 'chat.tools.names.searchFiles',
  summarize_document: 'chat.tools.names.summarizeDocument',
  answer_from_documents: 'chat.tools.names.answerFromDocuments',
  workspace_overview: 'chat.tools.names.workspaceOverview',
  delete_file: 'chat.tools.names.deleteFile',
  save_to_storage: 'chat.tools.names.saveToStorage',
} as const;

function isKnownTool(name: string): name is keyof typeof TOOL_LABEL_KEYS {
  return name in TOOL_LABEL_KEYS;
}

type ToolPartViewProps = {
  part: ToolUIPart<UITools> | DynamicToolUIPart;
  /** Answers a confirmation request (delete_file, save_to_storage); undefined when it cannot be answered now. */
  onRespondToApproval?: ((approvalId: string, isApproved: boolean) => void) | undefined;
};

/** One tool call of the assistant, in whatever state it is: running, done, failed, or waiting for the user. */
export function ToolPartView({ part, onRespondToApproval }: ToolPartViewProps) {
  const { t } = useTranslation();
  const name = getToolName(part);
  const tool = isKnownTool(name) ? t(TOOL_LABEL_KEYS[name]) : name;
  if (name === 'save_to_storage')
    return <SaveToStoragePartView part={part} onRespondToApproval={onRespondToApproval} />;

  if (part.state === 'approval-requested') {
    const input = deleteFileInputSchema.safeParse(part.input);
    const target = (input.success && (input.data.fileName ?? input.data.documentId)) || tool;
    return (
      <fieldset
        aria-label={t('chat.tools.confirmTitle')}
        className="space-y-2 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm"
      >
        <p className="flex items-center gap-2 font-medium">
          <AlertCircleIcon aria-hidden="true" className="size-4 text-destructive" />
          {name === 'delete_file'
            ? t('chat.tools.confirmDelete', { name: target })
            : t('chat.tools.confirmTool', { tool })}
        </p>
        <ApprovalButtons approvalId={part.approval.id} onRespond={onRespondToApproval} confirmVariant="destructive" />
      </fieldset>
    );
  }

  const line = (() => {
    switch (part.state) {
      case 'input-streaming':
        return {
          icon: <Loader2Icon className="size-3.5 animate-spin" />,
          text: t('chat.tools.states.preparing', { tool }),
        };
      case 'input-available':
        return {
          icon: <Loader2Icon className="size-3.5 animate-spin" />,
          text: t('chat.tools.states.running', { tool }),
        };
      case 'approval-responded':
        return part.approval.approved
          ? { icon: <CheckCircle2Icon className="size-3.5" />, text: t('chat.tools.states.approved', { tool }) }
          : { icon: <XCircleIcon className="size-3.5" />, text: t('chat.tools.states.denied', { tool }) };
      case 'output-available':
        return {
          icon: <CheckCircle2Icon className="size-3.5 text-primary-text" />,
          text: t('chat.tools.states.done', { tool }),
        };
      case 'output-error':
        return {
          icon: <AlertCircleIcon className="size-3.5 text-destructive" />,
          text: t('chat.tools.states.failed', { tool, error: part.errorText }),
        };
      case 'output-denied':
        return { icon: <XCircleIcon className="size-3.5" />, text: t('chat.tools.states.denied', { tool }) };
      default:
        return { icon: <WrenchIcon className="size-3.5" />, text: tool };
    }
  })();

  return (
    <ToolPartLine state={part.state} icon={line.icon}>
      {line.text}
    </ToolPartLine>
  );
}
