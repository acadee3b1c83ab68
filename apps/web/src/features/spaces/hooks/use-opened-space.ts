import { useUrlParams } from '@/hooks/use-url-params';

/** The query parameter of the space opened in Spaces Management. */
const SPACE_PARAM = 'space';

/** The space opened in place in Spaces Management (?space=<id>), so a link or a reload opens it again. */
export function useOpenedSpace() {
  const { searchParams, updateParams } = useUrlParams();
  const openSpace = (spaceId: string | null) =>
    // Pushed: Back returns from a space to the list.
    updateParams(
      (params) => {
        if (spaceId) params.set(SPACE_PARAM, spaceId);
        else params.delete(SPACE_PARAM);
      },
      { replace: false },
    );
  return { openedSpaceId: searchParams.get(SPACE_PARAM), openSpace };
}
