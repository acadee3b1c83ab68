import { useUrlParams } from '@/hooks/use-url-params';
import { ALL_FILTER, type AssetFilterValues, toProcessedFilter } from '../utils/asset-filters';

const UPLOAD_ACTION = 'upload';

/**
 * The processed filter (`?filter=processed|unprocessed`) and the upload request (`?action=upload`) kept in the URL,
 * so the sidebar's Processed, Unprocessed and Upload links open the screen in that state and a reload keeps it.
 */
export function useAssetsParams() {
  // Changes replace the history entry: Back leaves the screen instead of stepping through filters or reopening the dialog.
  const { searchParams, updateParams } = useUrlParams();
  const processed = toProcessedFilter(searchParams.get('filter'));
  const isUploadRequested = searchParams.get('action') === UPLOAD_ACTION;

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
