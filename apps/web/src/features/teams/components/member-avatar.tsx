import { useState } from 'react';
import { cn } from '@/lib/utils';
import { getInitials } from '../utils/member-name';

type MemberAvatarProps = {
  name: string;
  avatarUrl?: string | null | undefined;
  /** Shows a status dot: green when active, grey otherwise. */
  isActive?: boolean | undefined;
  className?: string;
};

/** The member's picture, or their initials when there is none (or it fails to load). */
export function MemberAvatar({ name, avatarUrl, isActive, className }: MemberAvatarProps) {
  const [hasImageFailed, setHasImageFailed] = useState(false);
  const showImage = Boolean(avatarUrl) && !hasImageFailed;
  return (
    <span className={cn('relative inline-flex size-10 shrink-0', className)}>
      <span className="flex size-full items-center justify-center overflow-hidden rounded-full bg-primary/10 font-medium text-primary-text text-sm">
        {showImage ? (
          <img
            src={avatarUrl ?? undefined}
            alt=""
            className="size-full object-cover"
            onError={() => setHasImageFailed(true)}
          />
        ) : (
          <span aria-hidden="true">{getInitials(name)}</span>
        )}
      </span>
      {isActive === undefined ? null : (
        <span
          data-testid="status-dot"
          data-active={isActive}
          className={cn(
            'absolute right-0 bottom-0 size-3 rounded-full border-2 border-background',
            isActive ? 'bg-green-500' : 'bg-gray-400',
          )}
        />
      )}
    </span>
  );
}
