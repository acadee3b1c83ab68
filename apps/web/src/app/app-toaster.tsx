import { Toaster } from 'sonner';
import { TOASTS } from '@/config/ui';
import { useTheme } from '@/features/theme/hooks/use-theme';

/**
 * sonner's toaster with the product's defaults (docs/product-rules.md#other-constants; TOASTS: bottom-right, 4000 ms, 3
 * visible, F8).
 */
export function AppToaster() {
  const { theme } = useTheme();
  return (
    <Toaster
      theme={theme}
      position={TOASTS.position}
      duration={TOASTS.durationMs}
      visibleToasts={TOASTS.visibleToasts}
      hotkey={[TOASTS.hotkey]}
      richColors
      closeButton
    />
  );
}
