import { EyeIcon, EyeOffIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TextField, type TextFieldProps } from '@/components/ui/text-field';

type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'endAdornment'> & {
  /** Adds a button that shows or hides the password. */
  canToggleVisibility?: boolean;
};

export function PasswordField({ canToggleVisibility = false, ...props }: PasswordFieldProps) {
  const { t } = useTranslation();
  const [isVisible, setIsVisible] = useState(false);
  const toggle = canToggleVisibility ? (
    <Button
      variant="ghost"
      size="icon"
      className="size-7 text-muted-foreground"
      aria-label={isVisible ? t('auth.hidePassword') : t('auth.showPassword')}
      onClick={() => setIsVisible((visible) => !visible)}
    >
      {isVisible ? <EyeOffIcon /> : <EyeIcon />}
    </Button>
  ) : undefined;
  return <TextField type={isVisible ? 'text' : 'password'} endAdornment={toggle} {...props} />;
}
