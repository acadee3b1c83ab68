import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { STORAGE_KEYS } from '@/config/storage-keys';
import { storage } from '@/lib/storage';
import { WelcomeHints } from './welcome-hints';

/**
 * Shown on the first visit to the chat, until the welcome-shown flag is stored. Not modal: it never stands between the
 * user and the screen; any click elsewhere or Escape closes it (and stores the flag).
 */
export function WelcomeDialog() {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(() => storage.get(STORAGE_KEYS.welcomeShown) === null);

  const close = () => {
    storage.set(STORAGE_KEYS.welcomeShown, 'true');
    setIsOpen(false);
  };

  return (
    <Dialog modal={false} open={isOpen} onOpenChange={(open) => (open ? setIsOpen(true) : close())}>
      <DialogContent closeLabel={t('common.close')}>
        <DialogHeader>
          <DialogTitle>{t('chat.welcome.title')}</DialogTitle>
          <DialogDescription>{t('chat.welcome.description')}</DialogDescription>
        </DialogHeader>
        <WelcomeHints className="justify-start text-left" />
        <DialogFooter>
          <Button onClick={close}>{t('chat.welcome.start')}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
