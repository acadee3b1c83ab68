import { UserMinusIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { useServerErrorText } from '@/hooks/use-server-error-text';
import { useRemoveSpaceMember } from '../api/remove-space-member';

type RemoveSpaceMemberButtonProps = {
  spaceId: string;
  spaceName: string;
  userId: string;
  /** The member's display name, for the button's accessible name and the confirmation. */
  memberName: string;
};

/**
 * A space admin's Remove on a member's row: asks first, then removes them from the space; the members list and the
 * space's count refresh with the mutation (every spaces query is invalidated).
 */
export function RemoveSpaceMemberButton({ spaceId, spaceName, userId, memberName }: RemoveSpaceMemberButtonProps) {
  const { t } = useTranslation('spaces');
  const { errorText } = useServerErrorText();
  const removeMember = useRemoveSpaceMember();
  const names = { name: memberName, space: spaceName };

  const remove = async () => {
    try {
      await removeMember.mutateAsync({ spaceId, userId });
      toast.success(t('management.memberRemoved', names));
    } catch (error) {
      console.error('Failed to remove space member:', error);
      toast.error(errorText(error, t('management.removeMemberFailed')));
    }
  };

  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="ghost"
          size="sm"
          className="text-muted-foreground hover:text-destructive"
          aria-label={t('management.removeMemberLabel', names)}
        >
          <UserMinusIcon aria-hidden="true" />
          {t('management.removeMember')}
        </Button>
      }
      title={t('management.removeMemberTitle')}
      description={t('management.removeMemberDescription', names)}
      cancelLabel={t('cancel')}
      confirmLabel={t('management.removeMember')}
      onConfirm={remove}
    />
  );
}
