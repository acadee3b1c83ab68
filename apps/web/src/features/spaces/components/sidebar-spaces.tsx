import type { Space } from '@lumen/contract';
import {
  LayersIcon,
  LinkIcon,
  MailIcon,
  MoreHorizontalIcon,
  PencilIcon,
  PlusIcon,
  ShieldIcon,
  StarIcon,
  StarOffIcon,
  Trash2Icon,
  UserPlusIcon,
} from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { SidebarMenuAction, SidebarMenuSub, SidebarMenuSubButton, SidebarMenuSubItem } from '@/components/ui/sidebar';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { isNoTeamError } from '@/lib/api-client';
import { useSpaces } from '../api/get-spaces';
import { useSpaceMarks } from '../hooks/use-space-marks';
import { orderFavoritesFirst } from '../utils/order-spaces';
import { DeleteSpaceDialog } from './delete-space-dialog';
import { RenameSpaceDialog } from './rename-space-dialog';

type SpaceItemProps = {
  space: Space;
  isFavorite: boolean;
  isUnread: boolean;
  onNavigate?: () => void;
  onRename: (space: Space) => void;
  onDelete: (space: Space) => void;
};

/** One space: its link (favourite star, unread dot) and its menu, without the actions the user may not do. */
function SpaceItem({ space, isFavorite, isUnread, onNavigate, onRename, onDelete }: SpaceItemProps) {
  const { t } = useTranslation('spaces');
  const navigate = useNavigate();
  const { setFavorite, setUnread } = useSpaceMarks();
  const canManage = space.permissions.canManageRoles;

  const copyLink = async () => {
    const url = new URL(paths.space.getHref(space.slug), window.location.origin).href;
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t('sidebar.linkCopied'));
    } catch (error) {
      console.error('Failed to copy the space link:', error);
      toast.error(t('sidebar.copyFailed'));
    }
  };

  const goTo = (to: string) => {
    onNavigate?.();
    void navigate(to);
  };

  return (
    <SidebarMenuSubItem>
      <SidebarMenuSubButton asChild className="pr-7">
        <Link to={paths.space.getHref(space.slug)} onClick={onNavigate}>
          {isFavorite ? (
            <StarIcon className="fill-current text-amber-500" aria-label={t('sidebar.favorite')} />
          ) : (
            <LayersIcon aria-hidden="true" />
          )}
          <span className={isUnread ? 'font-semibold' : undefined}>{space.name}</span>
          {isUnread ? (
            <span className="ml-auto size-2 shrink-0 rounded-full bg-primary">
              <span className="sr-only">{t('sidebar.unread')}</span>
            </span>
          ) : null}
        </Link>
      </SidebarMenuSubButton>
      {/* Not modal: a dialog opened from an item must not fight the menu over focus and pointer events. */}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          <SidebarMenuAction
            aria-label={t('sidebar.actionsLabel', { name: space.name })}
            className="top-1 group-focus-within/menu-sub-item:opacity-100 group-hover/menu-sub-item:opacity-100 data-[state=open]:opacity-100"
          >
            <MoreHorizontalIcon aria-hidden="true" />
          </SidebarMenuAction>
        </DropdownMenuTrigger>
        <DropdownMenuContent side="right" align="start">
          {isUnread ? null : (
            <DropdownMenuItem onSelect={() => setUnread(space.id, true)}>
              <MailIcon aria-hidden="true" />
              {t('sidebar.markUnread')}
            </DropdownMenuItem>
          )}
          {canManage ? (
            <DropdownMenuItem onSelect={() => onRename(space)}>
              <PencilIcon aria-hidden="true" />
              {t('sidebar.rename')}
            </DropdownMenuItem>
          ) : null}
          <DropdownMenuItem onSelect={() => void copyLink()}>
            <LinkIcon aria-hidden="true" />
            {t('sidebar.copyLink')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setFavorite(space.id, !isFavorite)}>
            {isFavorite ? <StarOffIcon aria-hidden="true" /> : <StarIcon aria-hidden="true" />}
            {isFavorite ? t('sidebar.removeFavorite') : t('sidebar.addFavorite')}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => goTo(paths.roleManagement.getHref(space.id))}>
            <ShieldIcon aria-hidden="true" />
            {t('sidebar.sharing')}
          </DropdownMenuItem>
          {canManage ? (
            <DropdownMenuItem onSelect={() => goTo(paths.spacesManagement.getHref({ space: space.id }))}>
              <UserPlusIcon aria-hidden="true" />
              {t('sidebar.addMembers')}
            </DropdownMenuItem>
          ) : null}
          {canManage ? (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem className="text-destructive focus:text-destructive" onSelect={() => onDelete(space)}>
                <Trash2Icon aria-hidden="true" />
                {t('sidebar.delete')}
              </DropdownMenuItem>
            </>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
    </SidebarMenuSubItem>
  );
}

type SidebarSpacesProps = {
  /** Team managers may create spaces ('New space'). */
  canCreateSpaces: boolean;
  /** Called when a link is followed (the mobile sidebar closes). */
  onNavigate?: () => void;
};

/**
 * The chat sidebar's Spaces group (docs/product-rules.md#spaces): the user's spaces, favourites first, each with its
 * menu (mark as unread, rename, copy link, favourites, sharing & permissions, add members, delete), then All spaces and
 * New space.
 */
export function SidebarSpaces({ canCreateSpaces, onNavigate }: SidebarSpacesProps) {
  const { t } = useTranslation('spaces');
  const spaces = useSpaces();
  const { favoriteIds, unreadIds, setFavorite, setUnread } = useSpaceMarks();
  const [renaming, setRenaming] = useState<Space | null>(null);
  const [deleting, setDeleting] = useState<Space | null>(null);

  const spaceItems = (() => {
    if (spaces.isPending) {
      return (
        <SidebarMenuSubItem>
          <Spinner label={t('sidebar.loading')} className="mx-2 my-1" />
        </SidebarMenuSubItem>
      );
    }
    if (isNoTeamError(spaces.error)) {
      return (
        <SidebarMenuSubItem>
          <SidebarMenuSubButton asChild>
            <Link to={paths.workspaceNew.getHref()} onClick={onNavigate}>
              <span>{t('sidebar.noTeam')}</span>
            </Link>
          </SidebarMenuSubButton>
        </SidebarMenuSubItem>
      );
    }
    if (spaces.isError) {
      return (
        <SidebarMenuSubItem>
          <p className="px-2 text-muted-foreground text-xs">{t('sidebar.loadFailed')}</p>
        </SidebarMenuSubItem>
      );
    }
    if (spaces.data.length === 0) {
      return (
        <SidebarMenuSubItem>
          <p className="px-2 text-muted-foreground text-xs">{t('sidebar.empty')}</p>
        </SidebarMenuSubItem>
      );
    }
    return orderFavoritesFirst(spaces.data, favoriteIds).map((space) => (
      <SpaceItem
        key={space.id}
        space={space}
        isFavorite={favoriteIds.has(space.id)}
        isUnread={unreadIds.has(space.id)}
        onNavigate={onNavigate}
        onRename={setRenaming}
        onDelete={setDeleting}
      />
    ));
  })();

  return (
    <>
      <SidebarMenuSub aria-label={t('sidebar.listLabel')}>
        {spaceItems}
        <SidebarMenuSubItem>
          <SidebarMenuSubButton asChild>
            <Link to={paths.spaces.getHref()} onClick={onNavigate}>
              <span>{t('sidebar.all')}</span>
            </Link>
          </SidebarMenuSubButton>
        </SidebarMenuSubItem>
        {canCreateSpaces ? (
          <SidebarMenuSubItem>
            <SidebarMenuSubButton asChild>
              <Link to={paths.spacesNew.getHref()} onClick={onNavigate}>
                <PlusIcon aria-hidden="true" />
                <span>{t('sidebar.new')}</span>
              </Link>
            </SidebarMenuSubButton>
          </SidebarMenuSubItem>
        ) : null}
      </SidebarMenuSub>
      <RenameSpaceDialog space={renaming} onClose={() => setRenaming(null)} />
      <DeleteSpaceDialog
        space={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(space) => {
          // A deleted space leaves no marks behind.
          setFavorite(space.id, false);
          setUnread(space.id, false);
        }}
      />
    </>
  );
}
