import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

type ApprovalButtonsProps = {
  approvalId: string;
  /** Undefined while the confirmation cannot be answered (the chat is busy): both buttons are disabled. */
  onRespond?: ((approvalId: string, isApproved: boolean) => void) | undefined;
  /** Destructive for what cannot be undone (a deletion). */
  confirmVariant?: 'default' | 'destructive';
  /** The id of the question the buttons answer, read out with them. */
  describedBy?: string;
};

/** Confirm and Cancel of a tool's confirmation: native buttons, so Tab, Enter and Space work. */
export function ApprovalButtons({
  approvalId,
  onRespond,
  confirmVariant = 'default',
  describedBy,
}: ApprovalButtonsProps) {
  const { t } = useTranslation();
  return (
    <div className="flex gap-2">
      <Button
        size="sm"
        variant={confirmVariant}
        aria-describedby={describedBy}
        disabled={!onRespond}
        onClick={() => onRespond?.(approvalId, true)}
      >
        {t('chat.tools.confirm')}
      </Button>
      <Button
        size="sm"
        variant="outline"
        aria-describedby={describedBy}
        disabled={!onRespond}
        onClick={() => onRespond?.(approvalId, false)}
      >
        {t('chat.tools.cancel')}
      </Button>
    </div>
  );
}
