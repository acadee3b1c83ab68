import { useSearchParams } from 'react-router';
import { ALL_FILTER, type AssetFilterValues, toProcessedFilter } from '../utils/asset-filters';

const UPLOAD_ACTION = 'upload';

/**
 * The processed filter (`?filter=processed|unprocessed`) and the upload request (`?action=upload`) kept in the URL,
 * so the sidebar's Processed, Unprocessed and Upload links open the screen in that state and a reload keeps it.
 */
export function useAssetsParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const processed = toProcessedFilter(searchParams.get('filter'));
  const isUploadRequested = searchParams.get('action') === UPLOAD_ACTION;

  // Replace, not push: Back leaves the screen instead of stepping through filters or reopening the dialog.
  const updateParams = (change: (params: URLSearchParams) => void) => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        change(next);
        return next;
      },
      { replace: true },
    );
  };

  const setProcessed = (value: AssetFilterValues['processed']) => {
    updateParams((params) => {
      if (value === ALL_FILTER) params.delete('filter');
      else params.set('filter', value);
    });
  };

  const setUploadRequested = (isRequested: boolean) => {
    updateParams((params) => {
      if (isRequested) params.set('action', UPLOAD_ACTION);
      else params.delete('action');
    });
  };

  return { processed, setProcessed, isUploadRequested, setUploadRequested };
}
